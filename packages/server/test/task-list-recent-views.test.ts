/**
 * A list through a view starts its page (or a board its buckets) beside the rights check, from the
 * view as the last list through it read it (src/modules/tasks/recent-views.ts). Each test lists
 * through a view once, so that the server remembers it, then changes what that guess rests on
 * (the view, the project's custom fields, the caller's right) and lists again: the answer must be
 * the one the change gives, never the page read from the old guess.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';

type Json = Record<string, unknown> & { id: number };

let t: TestApp;
let owner: { token: string; id: number };
let reader: { token: string; id: number };
let stranger: { token: string; id: number };
let counter = 0;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp('recentowner');
  reader = await t.signUp('recentreader');
  stranger = await t.signUp('recentstranger');
});
afterAll(async () => t.close());

async function call(method: string, url: string, token: string, body?: unknown) {
  return t.request(method, `/api/v1${url}`, { token, body });
}

async function ok<T = Json>(method: string, url: string, token: string, body?: unknown): Promise<T> {
  const res = await call(method, url, token, body);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json() as T;
}

/** A project with tasks A (priority 1), B (priority 4) and C (done); its views as created. */
async function projectWithTasks() {
  const p = await ok('PUT', '/projects', owner.token, { title: `Remembered ${++counter}` });
  const views = await ok<{ id: number; view_kind: string; title: string }[]>(
    'GET',
    `/projects/${p.id}/views`,
    owner.token,
  );
  await ok('PUT', `/projects/${p.id}/tasks`, owner.token, { title: 'A', priority: 1 });
  await ok('PUT', `/projects/${p.id}/tasks`, owner.token, { title: 'B', priority: 4 });
  await ok('PUT', `/projects/${p.id}/tasks`, owner.token, { title: 'C', done: true });
  const kind = (k: string) => views.find((v) => v.view_kind === k)!;
  return { id: p.id, list: kind('list'), kanban: kind('kanban') };
}

async function titles(projectId: number, viewId: number, token = owner.token): Promise<string[]> {
  const tasks = await ok<{ title: string }[]>('GET', `/projects/${projectId}/views/${viewId}/tasks`, token);
  return tasks.map((task) => task.title).sort();
}

describe('a list through a view it listed before', () => {
  it('reads the view as it is now when its filter changed', async () => {
    const p = await projectWithTasks();
    expect(await titles(p.id, p.list.id)).toEqual(['A', 'B']);
    expect(await titles(p.id, p.list.id)).toEqual(['A', 'B']);
    await ok('POST', `/projects/${p.id}/views/${p.list.id}`, owner.token, {
      title: p.list.title,
      view_kind: 'list',
      filter: { filter: 'priority >= 3' },
    });
    expect(await titles(p.id, p.list.id)).toEqual(['B']);
    await ok('POST', `/projects/${p.id}/views/${p.list.id}`, owner.token, {
      title: p.list.title,
      view_kind: 'list',
      filter: { filter: '' },
    });
    expect(await titles(p.id, p.list.id)).toEqual(['A', 'B', 'C']);
  });

  it("reads the project's custom fields as they are now", async () => {
    const p = await projectWithTasks();
    const effort = await ok('PUT', `/projects/${p.id}/fields`, owner.token, {
      title: 'Effort',
      kind: 'number',
    });
    const view = await ok('PUT', `/projects/${p.id}/views`, owner.token, {
      title: 'Big',
      view_kind: 'list',
      filter: { filter: 'Effort > 3' },
    });
    await ok('PUT', `/projects/${p.id}/tasks`, owner.token, {
      title: 'Heavy',
      custom_fields: { [effort.id]: 8 },
    });
    expect(await titles(p.id, view.id)).toEqual(['Heavy']);
    expect(await titles(p.id, view.id)).toEqual(['Heavy']);
    // Renamed, the filter names a field the project no longer has: the list says so (4016).
    await ok('POST', `/projects/${p.id}/fields/${effort.id}`, owner.token, { title: 'Size' });
    const res = await call('GET', `/projects/${p.id}/views/${view.id}/tasks`, owner.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(4016);
  });

  it('refuses a caller whose right ended, and one who never had it', async () => {
    const p = await projectWithTasks();
    await ok('PUT', `/projects/${p.id}/users`, owner.token, { username: 'recentreader', right: 0 });
    expect(await titles(p.id, p.list.id, reader.token)).toEqual(['A', 'B']);
    await ok('DELETE', `/projects/${p.id}/users/recentreader`, owner.token);
    for (const token of [reader.token, stranger.token]) {
      const res = await call('GET', `/projects/${p.id}/views/${p.list.id}/tasks`, token);
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('"title":"A"');
    }
  });

  it('answers a view of another project as missing (3014)', async () => {
    const p = await projectWithTasks();
    const other = await projectWithTasks();
    expect(await titles(p.id, p.list.id)).toEqual(['A', 'B']);
    const res = await call('GET', `/projects/${other.id}/views/${p.list.id}/tasks`, owner.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(3014);
  });

  it("reads a board's buckets as they are now, and its mode", async () => {
    const p = await projectWithTasks();
    const board = () =>
      ok<{ title: string; tasks: { title: string }[] }[]>(
        'GET',
        `/projects/${p.id}/views/${p.kanban.id}/tasks`,
        owner.token,
      );
    const before = await board();
    expect(before.map((b) => b.title)).toEqual(['To-Do', 'Doing', 'Done']);
    await ok('PUT', `/projects/${p.id}/views/${p.kanban.id}/buckets`, owner.token, { title: 'Later' });
    expect((await board()).map((b) => b.title)).toEqual(['To-Do', 'Doing', 'Done', 'Later']);
    // Filter mode: the buckets are the view's configured filters, not its stored buckets.
    await ok('POST', `/projects/${p.id}/views/${p.kanban.id}`, owner.token, {
      title: p.kanban.title,
      view_kind: 'kanban',
      bucket_configuration_mode: 'filter',
      bucket_configuration: [
        { title: 'Urgent', filter: { filter: 'priority >= 3' } },
        { title: 'Rest', filter: { filter: 'priority < 3' } },
      ],
    });
    const filtered = await board();
    expect(filtered.map((b) => b.title)).toEqual(['Urgent', 'Rest']);
    expect(filtered[0].tasks.map((task) => task.title)).toEqual(['B']);
  });
});
