import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Comment } from '../../api/comments';
import type { Label } from '../../api/labels';
import { queryKeys } from '../../api/query-keys';
import type { Task } from '../../api/tasks';
import { cachedLabels } from './cached-labels';
import {
  applyOffline,
  dropTempLabel,
  isWaitingComment,
  offlineWriteOf,
  replaceTempLabel,
} from './offline-changes';
import { waitingLabelTitled } from './offline-labels';

const label = (id: number, title: string): Label => ({
  id,
  title,
  description: '',
  hexColor: 'e8443a',
  createdBy: null,
  created: '2026-12-01T10:00:00Z',
  updated: '2026-12-01T10:00:00Z',
});

const task = (labels: Label[] | null) =>
  ({
    id: 7,
    projectId: 3,
    title: 'Fix the tap',
    done: false,
    updated: '2026-12-01T10:00:00Z',
    labels,
  }) as Task;

function clientWith(labelsOnTask: Label[] | null): QueryClient {
  const client = new QueryClient();
  client.setQueryData(['labels', 'search', ''], {
    labels: [label(1, 'urgent'), label(2, 'garden')],
    totalPages: 1,
  });
  client.setQueryData(['tasks', 'detail', 7], { task: task(labelsOnTask), right: 1 });
  client.setQueryData(['tasks', 'view', 3, 9, 1], { tasks: [task(labelsOnTask)] });
  client.setQueryData(queryKeys.currentUser, { id: 5, username: 'dora', name: 'Dora' });
  return client;
}

const labelsOnTask = (client: QueryClient) => {
  const detail = client.getQueryData<{ task: Task }>(['tasks', 'detail', 7])?.task.labels ?? [];
  const row = client.getQueryData<{ tasks: Task[] }>(['tasks', 'view', 3, 9, 1])?.tasks[0].labels ?? [];
  return { detail: detail.map((l) => l.title), row: row.map((l) => l.title) };
};

describe('offline label and comment writes', () => {
  it('knows a label put on a task, taken off it, and a comment, on tasks made offline too', () => {
    expect(offlineWriteOf('PUT', '/tasks/7/labels', { labelId: 1 })).toMatchObject({
      kind: 'labelAdd',
      taskId: 7,
    });
    expect(offlineWriteOf('DELETE', '/tasks/-17/labels/2', undefined)).toMatchObject({
      kind: 'labelRemove',
      taskId: -17,
    });
    expect(offlineWriteOf('PUT', '/tasks/7/comments', { comment: '<p>Hi</p>' })).toMatchObject({
      kind: 'comment',
      taskId: 7,
    });
    expect(offlineWriteOf('POST', '/tasks/7/comments/4', { comment: 'x' })).toMatchObject({
      kind: 'commentEdit',
      taskId: 7,
    });
    expect(offlineWriteOf('DELETE', '/tasks/7/comments/4', undefined)).toMatchObject({
      kind: 'commentDelete',
      taskId: 7,
    });
    // A label's own change and a reaction need the server (a new label can wait: below).
    expect(offlineWriteOf('POST', '/labels/1', { title: 'renamed' })).toBeNull();
    expect(offlineWriteOf('PUT', '/tasks/7/comments/4/reactions', { value: '👍' })).toBeNull();
  });

  it('shows a label put on a task at once, in its detail and its list row, once', () => {
    const client = clientWith([label(2, 'garden')]);
    const write = offlineWriteOf('PUT', '/tasks/7/labels', { labelId: 1 });
    if (!write) throw new Error('not an offline write');
    expect(applyOffline(client, write, 0)).toMatchObject({ labelId: 1 });
    applyOffline(client, write, 0);
    expect(labelsOnTask(client)).toEqual({ detail: ['garden', 'urgent'], row: ['garden', 'urgent'] });
  });

  it('takes a label off the task everywhere it is shown', () => {
    const client = clientWith([label(1, 'urgent'), label(2, 'garden')]);
    const write = offlineWriteOf('DELETE', '/tasks/7/labels/1', undefined);
    if (!write) throw new Error('not an offline write');
    applyOffline(client, write, 0);
    expect(labelsOnTask(client)).toEqual({ detail: ['garden'], row: ['garden'] });
  });

  it('adds a comment by the signed-in user to the task’s comments, marked as waiting', () => {
    const client = clientWith(null);
    client.setQueryData<Comment[]>(queryKeys.taskComments(7), []);
    const write = offlineWriteOf('PUT', '/tasks/7/comments', { comment: '<p>The washer is worn.</p>' });
    if (!write) throw new Error('not an offline write');
    const answer = applyOffline(client, write, 0) as Comment;
    expect(isWaitingComment(answer)).toBe(true);
    const comments = client.getQueryData<Comment[]>(queryKeys.taskComments(7)) ?? [];
    expect(comments).toHaveLength(1);
    expect(comments[0]).toMatchObject({
      comment: '<p>The washer is worn.</p>',
      author: { username: 'dora' },
    });
  });

  it('shows a comment’s new text at once, marked as edited, and a deleted comment gone', () => {
    const client = clientWith(null);
    const at = '2026-12-01T10:00:00Z';
    const comment = (id: number, text: string): Comment => ({
      id,
      comment: text,
      author: { id: 5, username: 'dora', name: 'Dora' } as Comment['author'],
      reactions: null,
      created: at,
      updated: at,
    });
    client.setQueryData<Comment[]>(queryKeys.taskComments(7), [
      comment(4, '<p>Old</p>'),
      comment(6, '<p>Gone</p>'),
    ]);
    const edit = offlineWriteOf('POST', '/tasks/7/comments/4', { comment: '<p>New</p>' });
    const remove = offlineWriteOf('DELETE', '/tasks/7/comments/6', undefined);
    if (!edit || !remove) throw new Error('not an offline write');
    expect(applyOffline(client, edit, 0)).toMatchObject({ id: 4, comment: '<p>New</p>', author: { id: 5 } });
    applyOffline(client, remove, 0);
    const comments = client.getQueryData<Comment[]>(queryKeys.taskComments(7)) ?? [];
    expect(comments.map((c) => c.comment)).toEqual(['<p>New</p>']);
    expect(comments[0].updated).not.toBe(comments[0].created);
  });

  it('finds the labels it has loaded, and those only seen on tasks, once each', () => {
    const client = clientWith([label(2, 'garden'), label(4, 'kitchen')]);
    expect(
      cachedLabels(client)
        .map((l) => l.title)
        .sort(),
    ).toEqual(['garden', 'kitchen', 'urgent']);
  });

  it('makes a new label at once under a negative id, shown on a task and found by its name', () => {
    const client = clientWith([]);
    const write = offlineWriteOf('PUT', '/labels', { title: 'Shed', description: '', hexColor: '1971c2' });
    expect(write).toMatchObject({ kind: 'labelCreate', taskId: 0 });
    const made = applyOffline(client, write!, -901) as Label;
    expect(made).toMatchObject({
      id: -901,
      title: 'Shed',
      hexColor: '1971c2',
      createdBy: { username: 'dora' },
    });
    expect(waitingLabelTitled(client, ' shed ')?.id).toBe(-901);
    expect(cachedLabels(client).map((l) => l.title)).toContain('Shed');
    const add = offlineWriteOf('PUT', '/tasks/7/labels', { labelId: -901 });
    applyOffline(client, add!, 0);
    expect(labelsOnTask(client)).toEqual({ detail: ['Shed'], row: ['Shed'] });
    expect(offlineWriteOf('DELETE', '/tasks/7/labels/-901', undefined)).toMatchObject({
      kind: 'labelRemove',
    });
  });

  it('puts the server’s label where the waiting one was once sent, and takes a refused one off', () => {
    const client = clientWith([]);
    applyOffline(client, offlineWriteOf('PUT', '/labels', { title: 'Shed' })!, -901);
    applyOffline(client, offlineWriteOf('PUT', '/labels', { title: 'Roof' })!, -902);
    applyOffline(client, offlineWriteOf('PUT', '/tasks/7/labels', { labelId: -901 })!, 0);
    applyOffline(client, offlineWriteOf('PUT', '/tasks/7/labels', { labelId: -902 })!, 0);
    replaceTempLabel(client, -901, { ...label(31, 'Shed') });
    dropTempLabel(client, -902);
    const detail = client.getQueryData<{ task: Task }>(['tasks', 'detail', 7])?.task.labels ?? [];
    expect(detail.map((l) => [l.id, l.title])).toEqual([[31, 'Shed']]);
    expect(waitingLabelTitled(client, 'Shed')).toBeNull();
    expect(waitingLabelTitled(client, 'Roof')).toBeNull();
    expect(cachedLabels(client).find((l) => l.title === 'Roof')).toBeUndefined();
  });

  it('relates two tasks on both sides at once, also one made offline, and takes the relation off again', () => {
    const client = new QueryClient();
    const parent = { ...task(null), relatedTasks: {} };
    const child = { ...task(null), id: -55, title: 'Buy washers', relatedTasks: {} };
    client.setQueryData(['tasks', 'view', 3, 9, 1], { tasks: [parent, child] });
    const rows = () => client.getQueryData<{ tasks: Task[] }>(['tasks', 'view', 3, 9, 1])?.tasks ?? [];
    const write = offlineWriteOf('PUT', '/tasks/7/relations', { otherTaskId: -55, relationKind: 'subtask' });
    expect(write).toMatchObject({ kind: 'relationAdd', taskId: 7 });
    applyOffline(client, write!, 0);
    expect(rows()[0].relatedTasks.subtask?.map((t) => [t.id, t.title, t.relatedTasks])).toEqual([
      [-55, 'Buy washers', null],
    ]);
    expect(rows()[1].relatedTasks.parenttask?.map((t) => t.id)).toEqual([7]);
    const removal = offlineWriteOf('DELETE', '/tasks/7/relations/subtask/-55', undefined);
    expect(removal).toMatchObject({ kind: 'relationRemove', taskId: 7 });
    applyOffline(client, removal!, 0);
    expect(rows()[0].relatedTasks.subtask).toEqual([]);
    expect(rows()[1].relatedTasks.parenttask).toEqual([]);
  });
});
