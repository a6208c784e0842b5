import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SharedProject, sharedProject } from './support/shared-project.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let p: SharedProject;

beforeAll(async () => {
  t = await createTestApp();
  p = await sharedProject(t, 'rel');
});
afterAll(async () => t.close());

const relate = (taskId: number, otherTaskId: number, kind: string, token = p.owner.token) =>
  t.request('PUT', `/api/v1/tasks/${taskId}/relations`, {
    token,
    body: { other_task_id: otherTaskId, relation_kind: kind },
  });

const read = async (id: number, token = p.owner.token) =>
  (await t.request('GET', `/api/v1/tasks/${id}`, { token })).json();

const idsOf = (tasks: { id: number }[] | undefined) => (tasks ?? []).map((x) => x.id);

describe('task relations', () => {
  it('creates a relation with its inverse and shows both grouped by kind', async () => {
    const parent = await p.task('Parent');
    const child = await p.task('Child');
    expect(parent.related_tasks).toEqual({});
    const res = await relate(parent.id, child.id, 'subtask');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      task_id: parent.id,
      other_task_id: child.id,
      relation_kind: 'subtask',
      created_by: expect.objectContaining({ id: p.owner.id }),
      created: expect.any(String),
    });
    const parentRead = await read(parent.id);
    expect(idsOf(parentRead.related_tasks.subtask)).toEqual([child.id]);
    expect(parentRead.related_tasks.subtask[0]).toMatchObject({ title: 'Child', related_tasks: null });
    expect(idsOf((await read(child.id)).related_tasks.parenttask)).toEqual([parent.id]);
  });

  it('creates every kind with its inverse', async () => {
    const inverses: Record<string, string> = {
      related: 'related',
      duplicateof: 'duplicates',
      duplicates: 'duplicateof',
      blocking: 'blocked',
      blocked: 'blocking',
      precedes: 'follows',
      follows: 'precedes',
      copiedfrom: 'copiedto',
      copiedto: 'copiedfrom',
      parenttask: 'subtask',
    };
    for (const [kind, inverse] of Object.entries(inverses)) {
      const a = await p.task(`A ${kind}`);
      const b = await p.task(`B ${kind}`);
      expect((await relate(a.id, b.id, kind)).statusCode).toBe(201);
      expect(idsOf((await read(a.id)).related_tasks[kind])).toEqual([b.id]);
      expect(idsOf((await read(b.id)).related_tasks[inverse])).toEqual([a.id]);
    }
  });

  it('refuses bad kinds (4007), itself (4010), duplicates (4008) and cycles (4023)', async () => {
    const a = await p.task('A');
    const b = await p.task('B');
    const c = await p.task('C');
    const bad = await relate(a.id, b.id, 'unknown');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe(4007);
    const self = await relate(a.id, a.id, 'related');
    expect(self.statusCode).toBe(400);
    expect(self.json().code).toBe(4010);
    expect((await relate(a.id, b.id, 'subtask')).statusCode).toBe(201);
    const again = await relate(a.id, b.id, 'subtask');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(4008);
    const inverseAgain = await relate(b.id, a.id, 'parenttask');
    expect(inverseAgain.json().code).toBe(4008);
    expect((await relate(b.id, c.id, 'subtask')).statusCode).toBe(201);
    const cycle = await relate(c.id, a.id, 'subtask');
    expect(cycle.statusCode).toBe(409);
    expect(cycle.json().code).toBe(4023);
    const parentCycle = await relate(a.id, c.id, 'parenttask');
    expect(parentCycle.json().code).toBe(4023);
    const missing = await relate(999999, a.id, 'related');
    expect(missing.json().code).toBe(4002);
  });

  it('deletes both directions; a missing relation answers 4009', async () => {
    const a = await p.task('A');
    const b = await p.task('B');
    await relate(a.id, b.id, 'blocking');
    const del = await t.request('DELETE', `/api/v1/tasks/${a.id}/relations/blocking/${b.id}`, {
      token: p.owner.token,
    });
    expect(del.json()).toEqual({ message: 'Successfully deleted.' });
    expect((await read(a.id)).related_tasks).toEqual({});
    expect((await read(b.id)).related_tasks).toEqual({});
    const again = await t.request('DELETE', `/api/v1/tasks/${a.id}/relations/blocking/${b.id}`, {
      token: p.owner.token,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe(4009);
    const badKind = await t.request('DELETE', `/api/v1/tasks/${a.id}/relations/nonsense/${b.id}`, {
      token: p.owner.token,
    });
    expect(badKind.json().code).toBe(4007);
  });

  it('needs write on the base task and read on the other; hides tasks the caller cannot read', async () => {
    const a = await p.task('A');
    const b = await p.task('B');
    expect((await relate(a.id, b.id, 'related', p.reader.token)).statusCode).toBe(403);
    expect((await relate(a.id, b.id, 'related', p.stranger.token)).statusCode).toBe(403);
    expect((await relate(a.id, b.id, 'related', p.writer.token)).statusCode).toBe(201);
    const readerDelete = await t.request('DELETE', `/api/v1/tasks/${a.id}/relations/related/${b.id}`, {
      token: p.reader.token,
    });
    expect(readerDelete.statusCode).toBe(403);

    // A task in the stranger's own project: the owner cannot relate to it, and the stranger's
    // relation to the owner's task is refused too.
    const own = (
      await t.request('PUT', '/api/v1/projects', { token: p.stranger.token, body: { title: 'Mine' } })
    ).json();
    const hidden = (
      await t.request('PUT', `/api/v1/projects/${own.id}/tasks`, {
        token: p.stranger.token,
        body: { title: 'Hidden' },
      })
    ).json();
    expect((await relate(a.id, hidden.id, 'related')).statusCode).toBe(403);
    expect((await relate(hidden.id, a.id, 'related', p.stranger.token)).statusCode).toBe(403);

    // Shared into the stranger's project with read access: the reader of p sees only what it can read.
    const share = await t.request('PUT', `/api/v1/projects/${own.id}/users`, {
      token: p.stranger.token,
      body: { username: p.owner.username, right: 0 },
    });
    expect(share.statusCode).toBe(201);
    expect((await relate(a.id, hidden.id, 'related')).statusCode).toBe(201);
    expect(idsOf((await read(a.id)).related_tasks.related)).toContain(hidden.id);
    const readerView = await read(a.id, p.reader.token);
    expect(idsOf(readerView.related_tasks.related)).not.toContain(hidden.id);
    expect(JSON.stringify(readerView)).not.toContain('Hidden');
  });

  it('expand=subtasks lists only top-level tasks and appends their subtasks after the page', async () => {
    const own = (
      await t.request('PUT', '/api/v1/projects', { token: p.owner.token, body: { title: 'Tree' } })
    ).json();
    const make = async (title: string) =>
      (
        await t.request('PUT', `/api/v1/projects/${own.id}/tasks`, { token: p.owner.token, body: { title } })
      ).json();
    const root = await make('Root');
    const child = await make('Child');
    const grandchild = await make('Grandchild');
    const loose = await make('Loose');
    await relate(root.id, child.id, 'subtask');
    await relate(child.id, grandchild.id, 'subtask');
    const res = await t.request('GET', `/api/v1/projects/${own.id}/tasks?expand=subtasks&per_page=1`, {
      token: p.owner.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    // Page 1 of the two top-level tasks, then Root's subtasks at every depth.
    expect(idsOf(res.json())).toEqual([root.id, child.id, grandchild.id]);
    expect(res.headers['x-pagination-total-pages']).toBe('2');
    const second = await t.request(
      'GET',
      `/api/v1/projects/${own.id}/tasks?expand=subtasks&per_page=1&page=2`,
      {
        token: p.owner.token,
      },
    );
    expect(idsOf(second.json())).toEqual([loose.id]);
    const plain = await t.request('GET', `/api/v1/projects/${own.id}/tasks`, { token: p.owner.token });
    expect(idsOf(plain.json())).toEqual([root.id, child.id, grandchild.id, loose.id]);
  });
});
