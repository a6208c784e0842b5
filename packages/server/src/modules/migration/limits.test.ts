import { describe, expect, it } from 'vitest';
import { ApiError } from '../../http/api-error.js';
import { checkImportLimits, countPlan } from './limits.js';
import { emptyProject, emptyTask, plainComment } from './plan.js';

const limits = { tasks: 3, projects: 2, labels: 1, comments: 2, attachments: 0 };

describe('import limits', () => {
  it('counts projects with their children, tasks, comments, and labels once per title and colour', () => {
    const child = emptyProject('child');
    const task = emptyTask('1', 'a');
    task.labels = [
      { title: 'x', hexColor: 'ff0000', description: '' },
      { title: 'x', hexColor: '00ff00', description: '' },
    ];
    task.comments = [plainComment('one')];
    const other = emptyTask('2', 'b');
    other.labels = [{ title: 'x', hexColor: 'ff0000', description: '' }];
    child.tasks = [task, other];
    const root = emptyProject('root');
    root.children = [child];
    expect(countPlan({ projects: [root] })).toEqual({
      tasks: 2,
      projects: 2,
      labels: 2,
      comments: 1,
      attachments: 0,
    });
  });

  it('counts the labels no task carries with the others, once', () => {
    const task = emptyTask('1', 'a');
    task.labels = [{ title: 'x', hexColor: 'ff0000', description: '' }];
    const root = emptyProject('root');
    root.tasks = [task];
    const labels = [
      { title: 'x', hexColor: '#FF0000', description: '' },
      { title: 'unused', hexColor: '', description: '' },
    ];
    expect(countPlan({ projects: [root], labels }).labels).toBe(2);
  });

  it('counts a label once however its colour is written, as the import makes it once', () => {
    const task = emptyTask('1', 'a');
    task.labels = [
      { title: 'urgent', hexColor: 'E8445A', description: '' },
      { title: 'urgent', hexColor: '#e8445a', description: '' },
      { title: 'urgent', hexColor: 'e8445a', description: '' },
      { title: 'home', hexColor: '', description: '' },
      { title: 'home', hexColor: 'not a colour', description: '' },
    ];
    const root = emptyProject('root');
    root.tasks = [task];
    expect(countPlan({ projects: [root] }).labels).toBe(2);
  });

  it('lets counts at the limits through and names the first one over', () => {
    expect(() =>
      checkImportLimits({ tasks: 3, projects: 2, labels: 1, comments: 2, attachments: 0 }, limits),
    ).not.toThrow();
    let error: unknown;
    try {
      checkImportLimits({ tasks: 3, projects: 2, labels: 2, comments: 9, attachments: 0 }, limits);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).toBody()).toEqual({
      code: 30050,
      message: 'The file holds 2 labels; an import may hold at most 1 (ORDO_IMPORT_MAX_LABELS).',
      limit: 'ORDO_IMPORT_MAX_LABELS',
      count: 2,
      max: 1,
    });
  });
});
