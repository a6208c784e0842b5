import { describe, expect, it } from 'vitest';
import type { Task } from '../../../api/tasks';
import { undoGroups } from './use-bulk-edit';

const task = (id: number, fields: Partial<Task>) => ({ id, ...fields }) as Task;

describe('undoGroups', () => {
  it('puts tasks that held the same values together, one group per distinct value', () => {
    const tasks = [
      task(1, { priority: 0, done: false }),
      task(2, { priority: 3, done: false }),
      task(3, { priority: 0, done: true }),
      task(4, { priority: 0, done: false }),
    ];
    expect(undoGroups(tasks, { priority: 5 })).toEqual([
      { ids: [1, 3, 4], values: { priority: 0 } },
      { ids: [2], values: { priority: 3 } },
    ]);
    expect(undoGroups(tasks, { priority: 5, done: true })).toEqual([
      { ids: [1, 4], values: { priority: 0, done: false } },
      { ids: [2], values: { priority: 3, done: false } },
      { ids: [3], values: { priority: 0, done: true } },
    ]);
  });

  it('restores a move to each task’s own project', () => {
    const tasks = [task(1, { projectId: 7 }), task(2, { projectId: 7 })];
    expect(undoGroups(tasks, { projectId: 9 })).toEqual([{ ids: [1, 2], values: { projectId: 7 } }]);
  });
});
