import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SharedProject, sharedProject } from './support/shared-project.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let p: SharedProject;

beforeAll(async () => {
  t = await createTestApp();
  p = await sharedProject(t, 'asg');
});
afterAll(async () => t.close());

const ids = (users: { id: number }[] | null) => (users ?? []).map((u) => u.id);

describe('assignees', () => {
  it('assigns, lists, refuses a second time (4021) and unassigns', async () => {
    const task = await p.task();
    const add = await t.request('PUT', `/api/v1/tasks/${task.id}/assignees`, {
      token: p.owner.token,
      body: { user_id: p.reader.id },
    });
    expect(add.statusCode, add.body).toBe(201);
    expect(add.json()).toEqual({ user_id: p.reader.id, created: expect.stringMatching(/Z$/) });
    const again = await t.request('PUT', `/api/v1/tasks/${task.id}/assignees`, {
      token: p.owner.token,
      body: { user_id: p.reader.id },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe(4021);

    const list = await t.request('GET', `/api/v1/tasks/${task.id}/assignees`, { token: p.reader.token });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      {
        id: p.reader.id,
        name: '',
        username: p.reader.username,
        created: expect.any(String),
        updated: expect.any(String),
      },
    ]);
    expect(list.headers['x-pagination-result-count']).toBe('1');
    const read = (await t.request('GET', `/api/v1/tasks/${task.id}`, { token: p.owner.token })).json();
    expect(ids(read.assignees)).toEqual([p.reader.id]);

    const del = await t.request('DELETE', `/api/v1/tasks/${task.id}/assignees/${p.reader.id}`, {
      token: p.owner.token,
    });
    expect(del.json()).toEqual({ message: 'Successfully deleted.' });
    expect(
      (await t.request('GET', `/api/v1/tasks/${task.id}`, { token: p.owner.token })).json().assignees,
    ).toBeNull();
    // Removing someone who is not assigned succeeds.
    const none = await t.request('DELETE', `/api/v1/tasks/${task.id}/assignees/${p.reader.id}`, {
      token: p.owner.token,
    });
    expect(none.statusCode).toBe(200);
  });

  it('needs an existing user (1005) who can read the project (7003)', async () => {
    const task = await p.task();
    const missing = await t.request('PUT', `/api/v1/tasks/${task.id}/assignees`, {
      token: p.owner.token,
      body: { user_id: 999999 },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe(1005);
    const outsider = await t.request('PUT', `/api/v1/tasks/${task.id}/assignees`, {
      token: p.owner.token,
      body: { user_id: p.stranger.id },
    });
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json().code).toBe(7003);
  });

  it('lets writers assign; read-only shares and strangers get 403 and no data', async () => {
    const task = await p.task();
    const byWriter = await t.request('POST', `/api/v1/tasks/${task.id}/assignees`, {
      token: p.writer.token,
      body: { user_id: p.writer.id },
    });
    expect(byWriter.statusCode).toBe(201);
    const byReader = await t.request('PUT', `/api/v1/tasks/${task.id}/assignees`, {
      token: p.reader.token,
      body: { user_id: p.reader.id },
    });
    expect(byReader.statusCode).toBe(403);
    const readerDelete = await t.request('DELETE', `/api/v1/tasks/${task.id}/assignees/${p.writer.id}`, {
      token: p.reader.token,
    });
    expect(readerDelete.statusCode).toBe(403);
    const strangerList = await t.request('GET', `/api/v1/tasks/${task.id}/assignees`, {
      token: p.stranger.token,
    });
    expect(strangerList.statusCode).toBe(403);
    expect(strangerList.body).not.toContain(p.writer.username);
    const missingTask = await t.request('GET', '/api/v1/tasks/999999/assignees', { token: p.owner.token });
    expect(missingTask.json().code).toBe(4002);
  });

  it('bulk replaces all assignees; an empty list removes all', async () => {
    const task = await p.task();
    const bulk = await t.request('POST', `/api/v1/tasks/${task.id}/assignees/bulk`, {
      token: p.owner.token,
      body: { assignees: [{ id: p.reader.id }, { id: p.writer.id }] },
    });
    expect(bulk.statusCode).toBe(201);
    expect(ids(bulk.json().assignees)).toEqual([p.reader.id, p.writer.id]);
    const swap = await t.request('POST', `/api/v1/tasks/${task.id}/assignees/bulk`, {
      token: p.owner.token,
      body: { assignees: [{ id: p.writer.id }, { id: p.owner.id }] },
    });
    expect(ids(swap.json().assignees)).toEqual([p.writer.id, p.owner.id]);
    const bad = await t.request('POST', `/api/v1/tasks/${task.id}/assignees/bulk`, {
      token: p.owner.token,
      body: { assignees: [{ id: p.stranger.id }] },
    });
    expect(bad.json().code).toBe(7003);
    const clear = await t.request('POST', `/api/v1/tasks/${task.id}/assignees/bulk`, {
      token: p.owner.token,
      body: { assignees: [] },
    });
    expect(clear.json()).toEqual({ assignees: [] });
    const byReader = await t.request('POST', `/api/v1/tasks/${task.id}/assignees/bulk`, {
      token: p.reader.token,
      body: { assignees: [] },
    });
    expect(byReader.statusCode).toBe(403);
  });

  it('task create and update take the assignees list; an omitted list clears them (§7 quirk 3)', async () => {
    const task = await p.task('With people', { assignees: [{ id: p.reader.id }] });
    expect(ids(task.assignees as { id: number }[])).toEqual([p.reader.id]);
    const update = await t.request('POST', `/api/v1/tasks/${task.id}`, {
      token: p.owner.token,
      body: { title: 'With people', assignees: [{ id: p.writer.id }, { id: p.reader.id }] },
    });
    expect(ids(update.json().assignees)).toEqual([p.reader.id, p.writer.id]);
    const outsider = await t.request('POST', `/api/v1/tasks/${task.id}`, {
      token: p.owner.token,
      body: { title: 'With people', assignees: [{ id: p.stranger.id }] },
    });
    expect(outsider.json().code).toBe(7003);
    const omitted = await t.request('POST', `/api/v1/tasks/${task.id}`, {
      token: p.owner.token,
      body: { title: 'With people' },
    });
    expect(omitted.json().assignees).toBeNull();
  });

  it('keeps an assignee who has lost access through the task’s edits, but assigns no one new without it', async () => {
    const leaver = await t.signUp('asgleaver');
    const share = await t.request('PUT', `/api/v1/projects/${p.projectId}/users`, {
      token: p.owner.token,
      body: { username: 'asgleaver', right: 0 },
    });
    expect(share.statusCode, share.body).toBe(201);
    const task = await p.task('Handed over', { assignees: [{ id: leaver.id }] });
    const unshare = await t.request('DELETE', `/api/v1/projects/${p.projectId}/users/asgleaver`, {
      token: p.owner.token,
    });
    expect(unshare.statusCode, unshare.body).toBe(200);

    // A client saves the whole task as it read it, the assignee included.
    const renamed = await t.request('POST', `/api/v1/tasks/${task.id}`, {
      token: p.owner.token,
      body: { title: 'Handed over, renamed', done: true, assignees: [{ id: leaver.id }] },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ title: 'Handed over, renamed', done: true });
    expect(ids(renamed.json().assignees)).toEqual([leaver.id]);
    const bulk = await t.request('POST', `/api/v1/tasks/${task.id}/assignees/bulk`, {
      token: p.owner.token,
      body: { assignees: [{ id: leaver.id }, { id: p.writer.id }] },
    });
    expect(bulk.statusCode, bulk.body).toBe(201);
    expect(ids(bulk.json().assignees)).toEqual([leaver.id, p.writer.id]);

    // Someone new still needs access, and so does everyone on a task that moves.
    const stranger = await t.request('POST', `/api/v1/tasks/${task.id}`, {
      token: p.owner.token,
      body: { title: 'Handed over', assignees: [{ id: leaver.id }, { id: p.stranger.id }] },
    });
    expect(stranger.json().code).toBe(7003);
    const elsewhere = (
      await t.request('PUT', '/api/v1/projects', { token: p.owner.token, body: { title: 'Elsewhere' } })
    ).json();
    const moved = await t.request('POST', `/api/v1/tasks/${task.id}`, {
      token: p.owner.token,
      body: { title: 'Handed over', project_id: elsewhere.id, assignees: [{ id: leaver.id }] },
    });
    expect(moved.statusCode).toBe(403);
    expect(moved.json().code).toBe(7003);
    const after = await t.request('GET', `/api/v1/tasks/${task.id}`, { token: p.owner.token });
    expect(after.json()).toMatchObject({ project_id: p.projectId, title: 'Handed over, renamed' });
  });

  it('filters task lists by assignee username', async () => {
    const mine = await p.task('Assigned to writer', { assignees: [{ id: p.writer.id }] });
    const other = await p.task('Nobody');
    const url = (filter: string) =>
      `/api/v1/projects/${p.projectId}/tasks?filter=${encodeURIComponent(filter)}&per_page=50`;
    const hit = await t.request('GET', url(`assignees in ${p.writer.username}`), { token: p.owner.token });
    expect(hit.statusCode, hit.body).toBe(200);
    const hitIds = ids(hit.json());
    expect(hitIds).toContain(mine.id);
    expect(hitIds).not.toContain(other.id);
    const miss = await t.request('GET', url(`assignees != ${p.writer.username}`), { token: p.owner.token });
    expect(ids(miss.json())).toContain(other.id);
    expect(ids(miss.json())).not.toContain(mine.id);
  });
});
