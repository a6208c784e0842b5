/**
 * Task lists, a task's read, the project list and a project's read check the session with their
 * first reads on PostgreSQL
 * (src/http/session-check-with-reads.ts); SQLite checks it first, as every route does. Either
 * way a list must answer an ended session, or a disabled account, with the 401 of any other
 * route: none of its tasks, none of its headers, and not the error the list itself would give.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let project: { id: number; views: { id: number; view_kind: string }[] };
let owner: { token: string; id: number };
let taskId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp('checkowner');
  project = (
    await t.request('PUT', '/api/v1/projects', { token: owner.token, body: { title: 'Secret plans' } })
  ).json();
  const task = await t.request('PUT', `/api/v1/projects/${project.id}/tasks`, {
    token: owner.token,
    body: { title: 'Secret plan' },
  });
  taskId = task.json().id;
});
afterAll(async () => t.close());

const listUrls = () => {
  const list = project.views.find((v) => v.view_kind === 'list')!;
  const kanban = project.views.find((v) => v.view_kind === 'kanban')!;
  return [
    `/api/v1/projects/${project.id}/views/${list.id}/tasks?filter_timezone=UTC`,
    `/api/v1/projects/${project.id}/views/${kanban.id}/tasks`,
    `/api/v1/projects/${project.id}/tasks`,
    '/api/v1/tasks/all',
    `/api/v1/tasks/${taskId}`,
    '/api/v1/projects',
    `/api/v1/projects/${project.id}`,
  ];
};

/** A second session of the owner's, logged in and then out. */
async function endedSession(): Promise<string> {
  const login = await t.request('POST', '/api/v1/login', {
    body: { username: 'checkowner', password: 'tidy-otter-42' },
  });
  const { token } = login.json();
  for (const url of listUrls()) expect((await t.request('GET', url, { token })).statusCode).toBe(200);
  expect((await t.request('POST', '/api/v1/user/logout', { token })).statusCode).toBe(200);
  return token;
}

function expectRefused(res: Awaited<ReturnType<TestApp['request']>>) {
  expect(res.statusCode).toBe(401);
  expect(res.json()).toEqual({
    code: 11,
    message: 'missing, malformed, expired or otherwise invalid token provided',
  });
  expect(res.body).not.toContain('Secret plan');
  expect(res.headers['x-pagination-total-pages']).toBeUndefined();
  expect(res.headers['x-pagination-result-count']).toBeUndefined();
  expect(res.headers.etag).toBeUndefined();
  expect(res.headers['x-max-right']).toBeUndefined();
  expect(res.headers['cache-control']).toBe('no-store');
}

describe('a task list or task with a session that ended', () => {
  it('answers 401 and nothing of the list', async () => {
    const token = await endedSession();
    for (const url of listUrls()) expectRefused(await t.request('GET', url, { token }));
  });

  it("answers 401 rather than the list's own error", async () => {
    const token = await endedSession();
    const stranger = await t.signUp('checkstranger');
    const foreign = (
      await t.request('PUT', '/api/v1/projects', { token: stranger.token, body: { title: 'Not yours' } })
    ).json();
    const view = foreign.views[0].id;
    // With a good session these are 403, 4016 and 400; with an ended one they are the 401.
    const owned = await t.request('GET', `/api/v1/projects/${foreign.id}/views/${view}/tasks`, {
      token: owner.token,
    });
    expect(owned.statusCode).toBe(403);
    for (const url of [
      `/api/v1/projects/${foreign.id}/views/${view}/tasks`,
      `/api/v1/projects/${project.id}/tasks?filter=${encodeURIComponent('nonsense = 1')}`,
      '/api/v1/tasks/all?per_page=-4',
    ]) {
      expectRefused(await t.request('GET', url, { token }));
    }
  });

  it('answers 401 once the account is disabled, and lists again once it is active', async () => {
    const user = await t.signUp('checkdisabled');
    const own = (
      await t.request('PUT', '/api/v1/projects', { token: user.token, body: { title: 'Secret plan' } })
    ).json();
    const url = `/api/v1/projects/${own.id}/views/${own.views[0].id}/tasks`;
    expect((await t.request('GET', url, { token: user.token })).statusCode).toBe(200);
    const users = () => t.app.ordo.db.kysely.updateTable('users').where('id', '=', user.id);
    await users().set({ status: 2 }).execute();
    const dbg = await t.request('GET', url, { token: user.token });
    console.log('DBG', dbg.statusCode, dbg.body.slice(0, 200));
    expectRefused(dbg);
    await users().set({ status: 0 }).execute();
    expect((await t.request('GET', url, { token: user.token })).statusCode).toBe(200);
  });
});

describe('a task list or task with a good session', () => {
  it('answers with its headers', async () => {
    for (const url of listUrls()) {
      const res = await t.request('GET', url, { token: owner.token });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('Secret plan');
      const paged = ['/tasks/all', '/tasks', '/projects'].some((end) => url.endsWith(end));
      if (paged || url.includes('/views/')) expect(res.headers['x-pagination-total-pages']).toBe('1');
      else expect(res.headers['x-max-right']).toBe('2');
    }
  });
});
