/**
 * Ordo's own bulk fields and endpoint: labels and assignees added or removed with
 * `POST /tasks/bulk`, and `POST /tasks/bulk/delete`; each all or nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SharedProject, sharedProject } from './support/shared-project.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let p: SharedProject;

beforeAll(async () => {
  t = await createTestApp();
  p = await sharedProject(t, 'bch');
});
afterAll(async () => t.close());

const bulk = (body: Record<string, unknown>, token = p.owner.token) =>
  t.request('POST', '/api/v1/tasks/bulk', { token, body });
const bulkDelete = (body: unknown, token = p.owner.token) =>
  t.request('POST', '/api/v1/tasks/bulk/delete', { token, body });

const read = async (id: number) =>
  (await t.request('GET', `/api/v1/tasks/${id}`, { token: p.owner.token })).json();
const labelIds = async (id: number) =>
  ((await read(id)).labels ?? []).map((l: { id: number }) => l.id).sort();
const assigneeIds = async (id: number) =>
  ((await read(id)).assignees ?? []).map((u: { id: number }) => u.id).sort();

/** A read-only link share of the project, signed in. */
async function readOnlyShareToken(): Promise<string> {
  const share = await t.request('PUT', `/api/v1/projects/${p.projectId}/shares`, {
    token: p.owner.token,
    body: { right: 0 },
  });
  expect(share.statusCode, share.body).toBe(201);
  return (await t.request('POST', `/api/v1/shares/${share.json().hash}/auth`, { body: {} })).json().token;
}

async function label(title: string, token = p.owner.token): Promise<number> {
  const res = await t.request('PUT', '/api/v1/labels', { token, body: { title } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

describe('bulk labels and assignees', () => {
  it('adds to the tasks that lack them, removes where present, and leaves the rest alone', async () => {
    const red = await label('Red');
    const blue = await label('Blue');
    const a = await p.task('Has red', { priority: 2, done: true });
    const b = await p.task('Bare', { assignees: [{ id: p.reader.id }] });
    await t.request('PUT', `/api/v1/tasks/${a.id}/labels`, { token: p.owner.token, body: { label_id: red } });

    const res = await bulk({
      task_ids: [a.id, b.id],
      add_label_ids: [red, blue],
      add_assignee_ids: [p.writer.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await labelIds(a.id)).toEqual([red, blue].sort());
    expect(await labelIds(b.id)).toEqual([red, blue].sort());
    expect(await assigneeIds(a.id)).toEqual([p.writer.id]);
    expect(await assigneeIds(b.id)).toEqual([p.reader.id, p.writer.id].sort());
    // Only the Ordo fields were sent: done and priority stay as they were.
    expect(await read(a.id)).toMatchObject({ done: true, priority: 2 });

    const removed = await bulk({
      task_ids: [a.id, b.id],
      remove_label_ids: [red],
      remove_assignee_ids: [p.reader.id],
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await labelIds(a.id)).toEqual([blue]);
    expect(await labelIds(b.id)).toEqual([blue]);
    expect(await assigneeIds(b.id)).toEqual([p.writer.id]);
    expect((await read(a.id)).done).toBe(true);
  });

  it('combines with fields/values in the same request', async () => {
    const green = await label('Green');
    const a = await p.task('Combined');
    const res = await bulk({
      task_ids: [a.id],
      fields: ['priority'],
      values: { priority: 4 },
      add_label_ids: [green],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await read(a.id)).priority).toBe(4);
    expect(await labelIds(a.id)).toEqual([green]);
  });

  it('answers the single-task errors for bad labels and assignees, and changes nothing', async () => {
    const mine = await label('Mine');
    const theirs = await label('Theirs', p.stranger.token);
    const a = await p.task('Untouched');
    const cases: [Record<string, unknown>, number, number][] = [
      [{ add_label_ids: [mine, 999_999] }, 404, 8002],
      [{ add_label_ids: [mine, theirs] }, 403, 0],
      [{ remove_label_ids: [theirs] }, 403, 0],
      [{ add_label_ids: [mine], add_assignee_ids: [p.stranger.id] }, 403, 7003],
      [{ add_label_ids: [mine], add_assignee_ids: [999_999] }, 404, 1005],
    ];
    for (const [body, status, code] of cases) {
      const res = await bulk({ task_ids: [a.id], ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().code, JSON.stringify(body)).toBe(code);
    }
    for (const body of [{ add_label_ids: 'x' }, { add_assignee_ids: [{ id: 1 }] }, { remove_label_ids: 3 }]) {
      const res = await bulk({ task_ids: [a.id], ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code, JSON.stringify(body)).toBe(2004);
    }
    expect(await labelIds(a.id)).toEqual([]);
    expect(await assigneeIds(a.id)).toEqual([]);
  });

  it('needs write on the project: readers, strangers and read-only link shares change nothing', async () => {
    const tag = await label('Tag');
    const a = await p.task('Guarded');
    for (const token of [p.reader.token, p.stranger.token, await readOnlyShareToken()]) {
      const res = await bulk(
        { task_ids: [a.id], add_label_ids: [tag], add_assignee_ids: [p.writer.id] },
        token,
      );
      expect(res.statusCode).toBe(403);
    }
    expect(await labelIds(a.id)).toEqual([]);
    expect(await assigneeIds(a.id)).toEqual([]);
  });
});

describe('bulk label edit of 1,000 tasks', () => {
  it('is one transaction: one bad label id after 1,000 good tasks changes none', async () => {
    const many = 1_000;
    const ids: number[] = [];
    for (let start = 0; start < many; start += 50) {
      const made = await Promise.all(
        Array.from({ length: Math.min(50, many - start) }, (_, i) => p.task(`Many ${start + i}`)),
      );
      ids.push(...made.map((task) => task.id));
    }
    const bulkLabel = await label('Bulk');
    const other = await label('Other');
    const bad = await bulk({ task_ids: ids, add_label_ids: [bulkLabel, 999_998] });
    expect(bad.json().code).toBe(8002);
    // One task the user cannot write (another project) fails all 1,000 as well.
    const elsewhere = (
      await t.request('PUT', '/api/v1/projects', { token: p.stranger.token, body: { title: 'Theirs' } })
    ).json();
    const foreign = (
      await t.request('PUT', `/api/v1/projects/${elsewhere.id}/tasks`, {
        token: p.stranger.token,
        body: { title: 'Foreign' },
      })
    ).json();
    const mixed = await bulk({ task_ids: [...ids.slice(1), foreign.id], add_label_ids: [bulkLabel] });
    expect(mixed.statusCode).toBe(400);
    for (const id of [ids[0], ids[499], ids[999]]) expect(await labelIds(id)).toEqual([]);

    const good = await bulk({ task_ids: ids, add_label_ids: [bulkLabel, other] });
    expect(good.statusCode, good.body.slice(0, 300)).toBe(200);
    for (const id of [ids[0], ids[999]]) expect(await labelIds(id)).toEqual([bulkLabel, other].sort());
    const deleted = await bulkDelete({ task_ids: [...ids, foreign.id] });
    expect(deleted.statusCode).toBe(400);
    expect((await t.request('GET', `/api/v1/tasks/${ids[0]}`, { token: p.owner.token })).statusCode).toBe(
      200,
    );
    // A thousand tasks made one by one through the API, then edited: on PostgreSQL, beside the
    // rest of the suite on a 2-core CI host, this took 60–90 s.
  }, 240_000);
});

describe('bulk delete', () => {
  it('deletes the tasks of one project in one request', async () => {
    const a = await p.task('Gone A');
    const b = await p.task('Gone B');
    const kept = await p.task('Kept');
    const res = await bulkDelete({ task_ids: [a.id, b.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Successfully deleted.' });
    for (const id of [a.id, b.id])
      expect((await t.request('GET', `/api/v1/tasks/${id}`, { token: p.owner.token })).statusCode).toBe(404);
    expect((await read(kept.id)).title).toBe('Kept');
  });

  it('needs write on the project; bad bodies fail; nothing is deleted then', async () => {
    const a = await p.task('Stays');
    for (const token of [p.reader.token, p.stranger.token, await readOnlyShareToken()]) {
      const res = await bulkDelete({ task_ids: [a.id] }, token);
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('Stays');
    }
    expect((await bulkDelete({ task_ids: [] })).json().code).toBe(4004);
    expect((await bulkDelete({ task_ids: 'all' })).statusCode).toBe(400);
    expect((await bulkDelete({})).statusCode).toBe(412);
    const writer = await bulkDelete({ task_ids: [a.id] }, p.writer.token);
    expect(writer.statusCode).toBe(200);
  });

  it('does not collide with the single-task routes', async () => {
    const a = await p.task('Single');
    expect((await read(a.id)).title).toBe('Single');
    const res = await t.request('DELETE', `/api/v1/tasks/${a.id}`, { token: p.owner.token });
    expect(res.statusCode).toBe(200);
  });
});
