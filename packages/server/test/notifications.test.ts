import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Person, type SharedProject, sharedProject } from './support/shared-project.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let p: SharedProject;

beforeAll(async () => {
  t = await createTestApp();
  p = await sharedProject(t, 'ntf');
});
afterAll(async () => t.close());

interface Notification {
  id: number;
  name: string;
  // Payloads are checked field by field below; their shapes differ by name.
  // biome-ignore lint/suspicious/noExplicitAny: a test reads nested payload fields freely
  notification: Record<string, any>;
  read_at: string;
  created: string;
}

async function notificationsOf(who: Person): Promise<Notification[]> {
  const res = await t.request('GET', '/api/v1/notifications', { token: who.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Notifications of one person about one task, by name. */
async function about(who: Person, taskId: number, name?: string): Promise<Notification[]> {
  return (await notificationsOf(who)).filter(
    (n) => n.notification.task?.id === taskId && (name === undefined || n.name === name),
  );
}

const subscribe = (entity: string, id: number, who: Person) =>
  t.request('PUT', `/api/v1/subscriptions/${entity}/${id}`, { token: who.token });
const comment = (taskId: number, text: string, who: Person) =>
  t.request('PUT', `/api/v1/tasks/${taskId}/comments`, { token: who.token, body: { comment: text } });

describe('notification fan-out', () => {
  it('a comment reaches task subscribers (once, even when covered twice) but not the doer', async () => {
    const task = await p.task('commented');
    expect((await subscribe('task', task.id, p.reader)).statusCode).toBe(201);
    expect((await subscribe('task', task.id, p.writer)).statusCode).toBe(201);
    // The writer also subscribes to the project: still one notification per event.
    expect((await subscribe('project', p.projectId, p.writer)).statusCode).toBe(201);
    const res = await comment(task.id, 'Looks good', p.writer);
    expect(res.statusCode, res.body).toBe(201);

    const [n, ...more] = await about(p.reader, task.id);
    expect(more).toEqual([]);
    expect(n.name).toBe('task.comment');
    expect(Object.keys(n.notification)).toEqual(['doer', 'task', 'comment', 'mentioned', 'project']);
    expect(n.notification).toMatchObject({
      doer: { id: p.writer.id, username: p.writer.username },
      task: { id: task.id, title: 'commented' },
      comment: { id: res.json().id, comment: 'Looks good' },
      mentioned: false,
      project: { id: p.projectId },
    });
    expect(n.notification.doer).not.toHaveProperty('email');
    expect(n.read_at).toBe('0001-01-01T00:00:00Z');
    expect(await about(p.writer, task.id)).toEqual([]);
    expect(await about(p.owner, task.id)).toEqual([]);

    await comment(task.id, 'Second', p.owner);
    expect(await about(p.writer, task.id, 'task.comment')).toHaveLength(1);
    expect(await about(p.reader, task.id, 'task.comment')).toHaveLength(2);
    await t.request('DELETE', `/api/v1/subscriptions/project/${p.projectId}`, { token: p.writer.token });
  });

  it('a comment mentioning someone sends them task.comment with mentioned: true', async () => {
    const task = await p.task('mention in comment');
    await comment(task.id, `<p>Can you check, @${p.reader.username}? And @nobody-here.</p>`, p.owner);
    const [n, ...more] = await about(p.reader, task.id);
    expect(more).toEqual([]);
    expect(n).toMatchObject({ name: 'task.comment', notification: { mentioned: true } });
    // A stranger mentioned cannot read the task and hears nothing.
    await comment(task.id, `@${p.stranger.username} look`, p.owner);
    expect(await about(p.stranger, task.id)).toEqual([]);
  });

  it('assigning notifies subscribers, auto-subscribes the assignee and skips the doer', async () => {
    const task = await p.task('to assign');
    await subscribe('task', task.id, p.reader);
    const res = await t.request('PUT', `/api/v1/tasks/${task.id}/assignees`, {
      token: p.owner.token,
      body: { user_id: p.writer.id },
    });
    expect(res.statusCode, res.body).toBe(201);
    const read = await t.request('GET', `/api/v1/tasks/${task.id}`, { token: p.writer.token });
    expect(read.json().subscription).toMatchObject({ entity: 'task', entity_id: task.id });

    for (const who of [p.reader, p.writer]) {
      const [n, ...more] = await about(who, task.id, 'task.assigned');
      expect(more).toEqual([]);
      expect(Object.keys(n.notification)).toEqual(['doer', 'task', 'assignee', 'project']);
      expect(n.notification).toMatchObject({ doer: { id: p.owner.id }, assignee: { id: p.writer.id } });
    }
    expect(await about(p.owner, task.id)).toEqual([]);

    // The assignee now hears about comments on the task.
    await comment(task.id, 'for you', p.owner);
    expect(await about(p.writer, task.id, 'task.comment')).toHaveLength(1);
  });

  it('assigning through a task update counts too; an inherited subscription is kept as it is', async () => {
    await subscribe('project', p.projectId, p.reader);
    const task = await p.task('updated with assignees');
    const res = await t.request('POST', `/api/v1/tasks/${task.id}`, {
      token: p.owner.token,
      body: { ...task, assignees: [{ id: p.reader.id }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await about(p.reader, task.id, 'task.assigned')).toHaveLength(1);
    const read = await t.request('GET', `/api/v1/tasks/${task.id}`, { token: p.reader.token });
    expect(read.json().subscription).toMatchObject({ entity: 'project', entity_id: p.projectId });
    await t.request('DELETE', `/api/v1/subscriptions/project/${p.projectId}`, { token: p.reader.token });
  });

  it('a bulk edit that assigns, and a link share that comments, notify too', async () => {
    const [a, b] = [await p.task('bulk a'), await p.task('bulk b')];
    const bulk = await t.request('POST', '/api/v1/tasks/bulk', {
      token: p.owner.token,
      body: { task_ids: [a.id, b.id], assignees: [{ id: p.reader.id }] },
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(await about(p.reader, a.id, 'task.assigned')).toHaveLength(1);
    expect(await about(p.reader, b.id, 'task.assigned')).toHaveLength(1);

    const share = await t.request('PUT', `/api/v1/projects/${p.projectId}/shares`, {
      token: p.owner.token,
      body: { right: 1, name: 'Printer' },
    });
    const auth = await t.request('POST', `/api/v1/shares/${share.json().hash}/auth`, { body: {} });
    const res = await t.request('PUT', `/api/v1/tasks/${a.id}/comments`, {
      token: auth.json().token,
      body: { comment: 'From the print shop' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [n] = await about(p.reader, a.id, 'task.comment');
    expect(n.notification.doer).toMatchObject({ id: -share.json().id, name: 'Printer (Link Share)' });
  });

  it('deleting a task notifies its subscribers with the task as it was', async () => {
    const task = await p.task('doomed');
    await subscribe('task', task.id, p.reader);
    expect(
      (await t.request('DELETE', `/api/v1/tasks/${task.id}`, { token: p.writer.token })).statusCode,
    ).toBe(200);
    const [n] = await about(p.reader, task.id, 'task.deleted');
    expect(Object.keys(n.notification)).toEqual(['doer', 'task']);
    expect(n.notification).toMatchObject({ doer: { id: p.writer.id }, task: { title: 'doomed' } });
  });

  it('a bulk delete notifies the subscribers of each task as a single delete does', async () => {
    const a = await p.task('doomed together A');
    const b = await p.task('doomed together B');
    for (const task of [a, b]) await subscribe('task', task.id, p.reader);
    const res = await t.request('POST', '/api/v1/tasks/bulk/delete', {
      token: p.writer.token,
      body: { task_ids: [a.id, b.id] },
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const task of [a, b]) {
      const [n] = await about(p.reader, task.id, 'task.deleted');
      expect(n.notification).toMatchObject({ doer: { id: p.writer.id }, task: { id: task.id } });
    }
  });

  it('@mentions in a description send task.mentioned once, on create and for new names on edit', async () => {
    const task = await p.task('described', { description: `<p>@${p.reader.username} please</p>` });
    const [created] = await about(p.reader, task.id, 'task.mentioned');
    expect(Object.keys(created.notification)).toEqual(['doer', 'task', 'is_new', 'project']);
    expect(created.notification).toMatchObject({ doer: { id: p.owner.id }, is_new: true });

    const edit = await t.request('POST', `/api/v1/tasks/${task.id}`, {
      token: p.owner.token,
      body: { ...task, description: `<p>@${p.reader.username} and @${p.writer.username}</p>` },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await about(p.reader, task.id, 'task.mentioned')).toHaveLength(1);
    const [edited] = await about(p.writer, task.id, 'task.mentioned');
    expect(edited.notification.is_new).toBe(false);
    // Mentioning yourself sends nothing.
    const self = await p.task('self', { description: `@${p.owner.username}` });
    expect(await about(p.owner, self.id)).toEqual([]);
  });

  it('a new project notifies the subscribers of its ancestors', async () => {
    await subscribe('project', p.projectId, p.reader);
    const res = await t.request('PUT', '/api/v1/projects', {
      token: p.writer.token,
      body: { title: 'fresh child', parent_project_id: p.projectId },
    });
    expect(res.statusCode, res.body).toBe(201);
    const ofReader = (await notificationsOf(p.reader)).filter((n) => n.name === 'project.created');
    expect(ofReader).toHaveLength(1);
    expect(Object.keys(ofReader[0].notification)).toEqual(['doer', 'project']);
    expect(ofReader[0].notification).toMatchObject({
      doer: { id: p.writer.id },
      project: { id: res.json().id, title: 'fresh child' },
    });
    expect((await notificationsOf(p.writer)).filter((n) => n.name === 'project.created')).toEqual([]);
    await t.request('DELETE', `/api/v1/subscriptions/project/${p.projectId}`, { token: p.reader.token });
  });

  it('adding a team member notifies that member', async () => {
    const team = await t.request('PUT', '/api/v1/teams', {
      token: p.owner.token,
      body: { name: 'ntf team' },
    });
    const add = await t.request('PUT', `/api/v1/teams/${team.json().id}/members`, {
      token: p.owner.token,
      body: { username: p.stranger.username },
    });
    expect(add.statusCode, add.body).toBe(201);
    const [n] = (await notificationsOf(p.stranger)).filter((x) => x.name === 'team.member.added');
    expect(Object.keys(n.notification)).toEqual(['member', 'doer', 'team']);
    expect(n.notification).toMatchObject({
      member: { id: p.stranger.id },
      doer: { id: p.owner.id },
      team: { id: team.json().id, name: 'ntf team' },
    });
    expect((await notificationsOf(p.owner)).filter((x) => x.name === 'team.member.added')).toEqual([]);
  });
});

describe('reading and marking notifications', () => {
  let alice: Person;
  let bob: Person;
  let projectId: number;
  let taskId: number;

  beforeAll(async () => {
    alice = { ...(await t.signUp('ntfalice')), username: 'ntfalice' };
    bob = { ...(await t.signUp('ntfbob')), username: 'ntfbob' };
    const project = await t.request('PUT', '/api/v1/projects', {
      token: alice.token,
      body: { title: 'shared' },
    });
    projectId = project.json().id;
    await t.request('PUT', `/api/v1/projects/${projectId}/users`, {
      token: alice.token,
      body: { username: bob.username, right: 0 },
    });
    const task = await t.request('PUT', `/api/v1/projects/${projectId}/tasks`, {
      token: alice.token,
      body: { title: 'talked about' },
    });
    taskId = task.json().id;
    expect((await subscribe('task', taskId, bob)).statusCode).toBe(201);
    for (const text of ['one', 'two', 'three']) await comment(taskId, text, alice);
  });

  it('lists newest first, paged', async () => {
    const all = await notificationsOf(bob);
    expect(all.map((n) => n.notification.comment.comment)).toEqual(['three', 'two', 'one']);
    const page = await t.request('GET', '/api/v1/notifications?per_page=2&page=2', { token: bob.token });
    expect(page.json().map((n: Notification) => n.notification.comment.comment)).toEqual(['one']);
    expect(page.headers['x-pagination-total-pages']).toBe('2');
  });

  it('marks one read and unread again; another user or a missing id is 403', async () => {
    const [first] = await notificationsOf(bob);
    const read = await t.request('POST', `/api/v1/notifications/${first.id}`, {
      token: bob.token,
      body: { read: true },
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().read).toBe(true);
    expect(read.json().read_at).not.toBe('0001-01-01T00:00:00Z');
    expect(Object.keys(read.json()).at(-1)).toBe('read');
    expect((await notificationsOf(bob))[0].read_at).toBe(read.json().read_at);

    const unread = await t.request('POST', `/api/v1/notifications/${first.id}`, {
      token: bob.token,
      body: { read: false },
    });
    expect(unread.json()).toMatchObject({ read: false, read_at: '0001-01-01T00:00:00Z' });

    const foreign = await t.request('POST', `/api/v1/notifications/${first.id}`, {
      token: alice.token,
      body: { read: true },
    });
    expect(foreign.statusCode).toBe(403);
    expect((await notificationsOf(alice)).map((n) => n.id)).not.toContain(first.id);
    const missing = await t.request('POST', '/api/v1/notifications/99999999', {
      token: bob.token,
      body: { read: true },
    });
    expect(missing.statusCode).toBe(403);
  });

  it('marks all read', async () => {
    const res = await t.request('POST', '/api/v1/notifications', { token: bob.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'success' });
    const all = await notificationsOf(bob);
    expect(all.length).toBe(3);
    expect(all.every((n) => n.read_at !== '0001-01-01T00:00:00Z')).toBe(true);
  });

  it('hides notifications about a project once the user lost access, and sends no new ones', async () => {
    expect((await notificationsOf(bob)).length).toBe(3);
    const unshare = await t.request('DELETE', `/api/v1/projects/${projectId}/users/${bob.username}`, {
      token: alice.token,
    });
    expect(unshare.statusCode, unshare.body).toBe(200);
    expect(await notificationsOf(bob)).toEqual([]);
    await comment(taskId, 'after', alice);
    const again = await t.request('PUT', `/api/v1/projects/${projectId}/users`, {
      token: alice.token,
      body: { username: bob.username, right: 0 },
    });
    expect(again.statusCode).toBe(201);
    // Access is back: the old ones show again, but nothing was sent while bob could not read.
    expect((await notificationsOf(bob)).map((n) => n.notification.comment.comment)).toEqual([
      'three',
      'two',
      'one',
    ]);
  });
});
