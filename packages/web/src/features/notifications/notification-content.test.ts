import { describe, expect, it } from 'vitest';
import type { AppNotification } from '../../api/notifications';
import { isShown, sentenceOf, targetOf } from './notification-content';

const user = (id: number, username: string, name = '') => ({ id, username, name, created: '', updated: '' });
const task = { id: 7, title: 'Write report', projectId: 3, identifier: '#1' };

function n(name: string, notification: AppNotification['notification']): AppNotification {
  return { id: 1, name, notification, readAt: '0001-01-01T00:00:00Z', created: '2026-01-01T00:00:00Z' };
}

describe('notification content', () => {
  it('leaves out unknown and empty names', () => {
    expect(isShown(n('', {}))).toBe(false);
    expect(isShown(n('api_token.expiring.week', {}))).toBe(false);
    expect(isShown(n('task.comment', { task }))).toBe(true);
  });

  it('says who did what, naming the doer by name or username', () => {
    const comment = n('task.comment', { doer: user(2, 'anna', 'Anna A.'), task, mentioned: false });
    expect(sentenceOf(comment, 5)).toEqual({
      key: 'comment',
      params: expect.objectContaining({ doer: 'Anna A.', task: 'Write report' }),
    });
    expect(
      sentenceOf({ ...comment, notification: { ...comment.notification, mentioned: true } }, 5).key,
    ).toBe('commentMention');
    const assigned = n('task.assigned', { doer: user(2, 'anna'), task, assignee: user(5, 'bob') });
    expect(sentenceOf(assigned, 5).key).toBe('assignedYou');
    expect(sentenceOf(assigned, 9)).toMatchObject({
      key: 'assigned',
      params: { assignee: 'bob', doer: 'anna' },
    });
  });

  it('leads to the task, its project, the new project or the team', () => {
    expect(targetOf(n('task.comment', { task }))).toBe('/tasks/7');
    expect(targetOf(n('task.mentioned', { task }))).toBe('/tasks/7');
    expect(targetOf(n('task.deleted', { task }))).toBe('/projects/3');
    expect(targetOf(n('project.created', { project: { id: 12, title: 'New' } }))).toBe('/projects/12');
    expect(targetOf(n('team.member.added', { team: { id: 4, name: 'Crew' } }))).toBe('/teams/4/edit');
    expect(targetOf(n('team.member.added', {}))).toBeNull();
  });

  it('tells how an import ended and leads to its projects or to the importer', () => {
    const done = n('migration.done', { migrator_name: 'todoist-csv', projects: 1, tasks: 8 } as never);
    expect(isShown(done)).toBe(true);
    expect(sentenceOf(done, 5)).toMatchObject({ key: 'importDone', params: { projects: '1', tasks: '8' } });
    expect(targetOf(done)).toBe('/projects');
    const failed = n('migration.failed', { migrator_name: 'trello-json', message: 'x' } as never);
    expect(isShown(failed)).toBe(true);
    expect(sentenceOf(failed, 5).key).toBe('importFailed');
    expect(targetOf(failed)).toBe('/migrate/trello-json');
  });
});
