/**
 * Unread marks on tasks (reference §2.6 `POST /tasks/:id/read`, §3.3 `is_unread`, §4.2 expand): a
 * comment marks its task unread for everyone else who can read it (shares, teams, owners and
 * shares of parent projects), reading clears the reader's own mark, and the marks go with the
 * task, its project, the user, and the user's access.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountRemoval } from '../src/modules/account/account-removal.js';
import { createFileStore } from '../src/modules/attachments/files/store.js';
import { linkShareToken } from './support/link-share-login.js';
import { type Person, type SharedProject, sharedProject } from './support/shared-project.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let p: SharedProject;
/** In a team the project is shared with (read only). */
let teammate: Person;
let teamId: number;
/** Shared on the child project only, not on the project above it. */
let childReader: Person;
let childId: number;

const db = () => t.app.ordo.db.kysely;

async function person(username: string): Promise<Person> {
  return { ...(await t.signUp(username)), username };
}

async function ok(method: 'PUT' | 'POST' | 'DELETE', url: string, token: string, body: unknown = {}) {
  const res = await t.request(method, `/api/v1${url}`, { token, body });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
}

const comment = (taskId: number, token: string) =>
  ok('PUT', `/tasks/${taskId}/comments`, token, { comment: 'Have a look' });

const markRead = (taskId: number, token: string) =>
  t.request('POST', `/api/v1/tasks/${taskId}/read`, { token });

/** The users a task is unread for, as stored. */
async function markedUsers(taskId: number): Promise<number[]> {
  const rows = await db()
    .selectFrom('task_unread_markers')
    .select('user_id')
    .where('task_id', '=', taskId)
    .orderBy('user_id')
    .execute();
  return rows.map((r) => r.user_id);
}

async function isUnread(taskId: number, token: string): Promise<boolean | undefined> {
  const res = await t.request('GET', `/api/v1/tasks/${taskId}?expand=is_unread`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().is_unread;
}

const ids = (...people: Person[]) => people.map((x) => x.id).sort((a, b) => a - b);

beforeAll(async () => {
  t = await createTestApp();
  p = await sharedProject(t, 'unr');
  teammate = await person('unrteammate');
  childReader = await person('unrchild');
  teamId = (await ok('PUT', '/teams', p.owner.token, { name: 'Unread team' })).id;
  await ok('PUT', `/teams/${teamId}/members`, p.owner.token, { username: teammate.username });
  await ok('PUT', `/projects/${p.projectId}/teams`, p.owner.token, { team_id: teamId, right: 0 });
  childId = (await ok('PUT', '/projects', p.owner.token, { title: 'Child', parent_project_id: p.projectId }))
    .id;
  await ok('PUT', `/projects/${childId}/users`, p.owner.token, { username: childReader.username, right: 0 });
});
afterAll(async () => t.close());

describe('a comment', () => {
  it('marks the task unread for everyone else who can read it: shares, teams and the owner', async () => {
    const task = await p.task('Discussed');
    await comment(task.id, p.writer.token);
    // The owner (a member of the team too) once; the stranger and the child's reader not at all.
    expect(await markedUsers(task.id)).toEqual(ids(p.owner, p.reader, teammate));
    expect(await isUnread(task.id, p.reader.token)).toBe(true);
    expect(await isUnread(task.id, teammate.token)).toBe(true);
    expect(await isUnread(task.id, p.writer.token)).toBe(false);
  });

  it('marks the readers of a child project, who read it through the projects above', async () => {
    const task = await ok('PUT', `/projects/${childId}/tasks`, p.owner.token, { title: 'Below' });
    await comment(task.id, p.owner.token);
    expect(await markedUsers(task.id)).toEqual(ids(p.reader, p.writer, teammate, childReader));
    expect(await isUnread(task.id, childReader.token)).toBe(true);
  });

  it('through a link share marks every user who can read the task', async () => {
    const task = await p.task('Shared by link');
    const link = await linkShareToken(t, p.owner.token, p.projectId, { name: 'unread link', right: 1 });
    await comment(task.id, link.token);
    expect(await markedUsers(task.id)).toEqual(ids(p.owner, p.reader, p.writer, teammate));
    // A link share keeps no marks: nothing is unread for it.
    expect(await isUnread(task.id, link.token)).toBe(false);
  });
});

describe('POST /tasks/:id/read', () => {
  it("answers Vikunja's struct and clears only the caller's mark, until the next comment", async () => {
    const task = await p.task('Read me');
    await comment(task.id, p.writer.token);
    const res = await markRead(task.id, p.reader.token);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(`{"TaskID":${task.id},"UserID":0}`);
    expect(await isUnread(task.id, p.reader.token)).toBe(false);
    expect(await isUnread(task.id, p.owner.token)).toBe(true);
    expect(await markedUsers(task.id)).toEqual(ids(p.owner, teammate));
    // Reading again is no error.
    expect((await markRead(task.id, p.reader.token)).statusCode).toBe(200);
    await comment(task.id, p.owner.token);
    expect(await isUnread(task.id, p.reader.token)).toBe(true);
  });

  it('refuses link shares (403); anyone else gets the same answer, telling nothing about the task', async () => {
    const task = await p.task('Guarded');
    await comment(task.id, p.writer.token);
    const link = await linkShareToken(t, p.owner.token, p.projectId, { name: 'reader link', right: 0 });
    const byLink = await markRead(task.id, link.token);
    expect(byLink.statusCode).toBe(403);
    expect(byLink.json()).toEqual({ code: 0, message: 'Forbidden' });
    // As the reference has it (any user): the same 200 for a task the caller cannot see and for
    // one that does not exist, and no one else's mark is touched.
    const byStranger = await markRead(task.id, p.stranger.token);
    expect([byStranger.statusCode, byStranger.json()]).toEqual([200, { TaskID: task.id, UserID: 0 }]);
    const unknown = await markRead(99_999_999, p.reader.token);
    expect([unknown.statusCode, unknown.json()]).toEqual([200, { TaskID: 99_999_999, UserID: 0 }]);
    expect(await markedUsers(task.id)).toEqual(ids(p.owner, p.reader, teammate));
  });
});

describe('expand=is_unread', () => {
  let unread: { id: number; index: number };
  let quiet: { id: number };
  let views: { id: number; view_kind: string }[];
  const get = async (url: string, token = p.owner.token) => {
    const res = await t.request('GET', `/api/v1${url}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  type Listed = { id: number; is_unread?: boolean };
  const flagsOf = (tasks: Listed[]) =>
    Object.fromEntries(
      tasks.filter((x) => x.id === unread.id || x.id === quiet.id).map((x) => [x.id, x.is_unread]),
    );

  beforeAll(async () => {
    unread = (await p.task('Has news')) as { id: number; index: number };
    quiet = await p.task('Nothing new');
    await comment(unread.id, p.writer.token);
    views = (await get(`/projects/${p.projectId}/views`)).json();
  });

  it('adds is_unread right after is_favorite on a single task, before the subscription', async () => {
    await ok('PUT', `/subscriptions/task/${unread.id}`, p.owner.token);
    const res = await get(`/tasks/${unread.id}?expand=is_unread`);
    const keys = Object.keys(res.json());
    expect(keys.slice(keys.indexOf('is_favorite'), keys.indexOf('is_favorite') + 3)).toEqual([
      'is_favorite',
      'is_unread',
      'subscription',
    ]);
    expect(res.json().is_unread).toBe(true);
    expect((await get(`/tasks/${quiet.id}?expand[]=is_unread`)).json().is_unread).toBe(false);
    const byIndex = await get(`/projects/${p.projectId}/tasks/by-index/${unread.index}?expand=is_unread`);
    expect(byIndex.json().is_unread).toBe(true);
  });

  it('leaves the key out without the expand', async () => {
    expect((await get(`/tasks/${unread.id}`)).body).not.toContain('is_unread');
    expect((await get(`/projects/${p.projectId}/tasks`)).body).not.toContain('is_unread');
    expect((await get(`/tasks/${unread.id}?expand=comment_count`)).body).not.toContain('is_unread');
  });

  it('flags every task of the task lists, a view and a kanban board', async () => {
    const expected = { [unread.id]: true, [quiet.id]: false };
    expect(flagsOf((await get('/tasks/all?expand=is_unread')).json())).toEqual(expected);
    expect(flagsOf((await get(`/projects/${p.projectId}/tasks?expand=is_unread`)).json())).toEqual(expected);
    const list = views.find((v) => v.view_kind === 'list')!;
    const viewTasks = await get(`/projects/${p.projectId}/views/${list.id}/tasks?expand[]=is_unread`);
    expect(flagsOf(viewTasks.json())).toEqual(expected);
    const kanban = views.find((v) => v.view_kind === 'kanban')!;
    const board = (
      await get(`/projects/${p.projectId}/views/${kanban.id}/tasks?expand=is_unread&expand=comment_count`)
    ).json() as { tasks: Listed[] | null }[];
    expect(flagsOf(board.flatMap((bucket) => bucket.tasks ?? []))).toEqual(expected);
    // Each user sees their own marks.
    expect(flagsOf((await get('/tasks/all?expand=is_unread', p.writer.token)).json())).toEqual({
      [unread.id]: false,
      [quiet.id]: false,
    });
  });
});

describe('the marks go', () => {
  it('with the task, and come back with it from the trash', async () => {
    const task = await p.task('Short-lived');
    await comment(task.id, p.writer.token);
    await ok('DELETE', `/tasks/${task.id}`, p.owner.token);
    expect(await markedUsers(task.id)).toEqual([]);
    const trash = (await t.request('GET', '/api/v1/trash', { token: p.owner.token })).json() as {
      id: number;
      kind: string;
      item_id: number;
    }[];
    const entry = trash.find((e) => e.kind === 'task' && e.item_id === task.id)!;
    await ok('POST', `/trash/${entry.id}/restore`, p.owner.token);
    expect(await isUnread(task.id, p.reader.token)).toBe(true);
  });

  it("with the project's deletion", async () => {
    const project = await ok('PUT', '/projects', p.owner.token, { title: 'Going away' });
    await ok('PUT', `/projects/${project.id}/users`, p.owner.token, {
      username: p.reader.username,
      right: 1,
    });
    const task = await ok('PUT', `/projects/${project.id}/tasks`, p.owner.token, { title: 'In it' });
    await comment(task.id, p.reader.token);
    expect(await markedUsers(task.id)).toEqual(ids(p.owner));
    await ok('DELETE', `/projects/${project.id}`, p.owner.token);
    expect(await markedUsers(task.id)).toEqual([]);
  });

  it('when a share, a team share or a team membership ends, and only for those who lost access', async () => {
    const task = await p.task('Access changes');
    const below = await ok('PUT', `/projects/${childId}/tasks`, p.owner.token, { title: 'Below too' });
    const leaving = await person('unrleaving');
    await ok('PUT', `/teams/${teamId}/members`, p.owner.token, { username: leaving.username });
    await comment(task.id, p.writer.token);
    await comment(below.id, p.writer.token);
    expect(await markedUsers(task.id)).toEqual(ids(p.owner, p.reader, teammate, leaving));

    await ok('DELETE', `/teams/${teamId}/members/${leaving.username}`, p.owner.token);
    expect(await markedUsers(task.id)).toEqual(ids(p.owner, p.reader, teammate));

    // The child's own reader keeps the child's marks when the reader above loses the parent.
    await ok('DELETE', `/projects/${p.projectId}/users/${p.reader.username}`, p.owner.token);
    expect(await markedUsers(task.id)).toEqual(ids(p.owner, teammate));
    expect(await markedUsers(below.id)).toEqual(ids(p.owner, teammate, childReader));

    await ok('DELETE', `/projects/${p.projectId}/teams/${teamId}`, p.owner.token);
    // The owner is in the team too, and keeps the project as its owner.
    expect(await markedUsers(task.id)).toEqual(ids(p.owner));
    expect(await markedUsers(below.id)).toEqual(ids(p.owner, childReader));
  });

  it('when a project moves away from a parent whose readers then lose it, and only for them', async () => {
    const above = await person('unrabove');
    const stays = await person('unrstays');
    const parent = await ok('PUT', '/projects', p.owner.token, { title: 'Old home' });
    await ok('PUT', `/projects/${parent.id}/users`, p.owner.token, { username: above.username, right: 0 });
    const moving = await ok('PUT', '/projects', p.owner.token, {
      title: 'Moving',
      parent_project_id: parent.id,
    });
    await ok('PUT', `/projects/${moving.id}/users`, p.owner.token, { username: stays.username, right: 0 });
    const below = await ok('PUT', '/projects', p.owner.token, {
      title: 'Below',
      parent_project_id: moving.id,
    });
    const task = await ok('PUT', `/projects/${below.id}/tasks`, p.owner.token, { title: 'Moved along' });
    await comment(task.id, p.owner.token);
    expect(await markedUsers(task.id)).toEqual(ids(above, stays));

    // A rename is no move: nothing changes.
    await ok('POST', `/projects/${moving.id}`, p.owner.token, { ...moving, title: 'Moving out' });
    expect(await markedUsers(task.id)).toEqual(ids(above, stays));

    await ok('POST', `/projects/${moving.id}`, p.owner.token, { ...moving, parent_project_id: 0 });
    expect(await markedUsers(task.id)).toEqual(ids(stays));
    // Shared again later, the old comment does not come back as unread.
    await ok('PUT', `/projects/${moving.id}/users`, p.owner.token, { username: above.username, right: 0 });
    expect(await isUnread(task.id, above.token)).toBe(false);
    expect(await isUnread(task.id, stays.token)).toBe(true);
  });

  it("with the user's account", async () => {
    const task = await p.task('For the departing');
    const departing = await person('unrdeparting');
    await ok('PUT', `/projects/${p.projectId}/users`, p.owner.token, {
      username: departing.username,
      right: 0,
    });
    await comment(task.id, p.owner.token);
    expect(await markedUsers(task.id)).toContain(departing.id);
    await ok('POST', '/user/deletion/request', departing.token, { password: 'tidy-otter-42' });
    await db()
      .updateTable('users')
      .set({ deletion_scheduled_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', departing.id)
      .execute();
    expect(await new AccountRemoval(db(), createFileStore(t.config)).deleteDueAccounts()).toEqual([
      departing.id,
    ]);
    expect(await markedUsers(task.id)).not.toContain(departing.id);
  });
});
