import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';

interface Person {
  token: string;
  id: number;
}

let t: TestApp;
let owner: Person;
let reader: Person;
let writer: Person;
let stranger: Person;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp('posowner');
  reader = await t.signUp('posreader');
  writer = await t.signUp('poswriter');
  stranger = await t.signUp('posstranger');
});
afterAll(async () => t.close());

/** A project shared read-only with `reader` and writable with `writer`, with `n` tasks; its list view. */
async function listWithTasks(n: number) {
  const res = await t.request('PUT', '/api/v1/projects', { token: owner.token, body: { title: 'Ordered' } });
  const project = res.json() as { id: number; views: { id: number; view_kind: string }[] };
  for (const [username, right] of [
    ['posreader', 0],
    ['poswriter', 1],
  ] as const) {
    await t.request('PUT', `/api/v1/projects/${project.id}/users`, {
      token: owner.token,
      body: { username, right },
    });
  }
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const task = await t.request('PUT', `/api/v1/projects/${project.id}/tasks`, {
      token: owner.token,
      body: { title: `task ${i}` },
    });
    ids.push(task.json().id);
  }
  return { projectId: project.id, viewId: project.views.find((v) => v.view_kind === 'table')!.id, ids };
}

/** Tasks through the view in its order, as [id, position]. */
async function order(projectId: number, viewId: number): Promise<[number, number][]> {
  const res = await t.request('GET', `/api/v1/projects/${projectId}/views/${viewId}/tasks`, {
    token: owner.token,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().map((task: { id: number; position: number }) => [task.id, task.position]);
}

function setPosition(taskId: number, viewId: number, position: number, token = owner.token) {
  return t.request('POST', `/api/v1/tasks/${taskId}/position`, {
    token,
    body: { project_view_id: viewId, position },
  });
}

describe('POST /tasks/:id/position', () => {
  it('stores the position for that view and answers {task_id, project_view_id, position}', async () => {
    const { projectId, viewId, ids } = await listWithTasks(3);
    // New tasks land on top: the listing starts with the newest.
    expect((await order(projectId, viewId)).map(([id]) => id)).toEqual([ids[2], ids[1], ids[0]]);
    const before = await order(projectId, viewId);
    const between = (before[1][1] + before[2][1]) / 2;
    const res = await setPosition(ids[2], viewId, between, writer.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ task_id: ids[2], project_view_id: viewId, position: between });
    expect(await order(projectId, viewId)).toEqual([
      [ids[1], before[1][1]],
      [ids[2], between],
      [ids[0], before[2][1]],
    ]);
  });

  it('keeps positions per view: another view of the project is not reordered', async () => {
    const { projectId, viewId, ids } = await listWithTasks(2);
    const views = (
      await t.request('GET', `/api/v1/projects/${projectId}/views`, { token: owner.token })
    ).json();
    const gantt = views.find((v: { view_kind: string }) => v.view_kind === 'gantt').id as number;
    const before = await order(projectId, gantt);
    expect((await setPosition(ids[1], viewId, 1e12)).statusCode).toBe(200);
    expect((await order(projectId, viewId)).map(([id]) => id)).toEqual([ids[0], ids[1]]);
    expect(await order(projectId, gantt)).toEqual(before);
  });

  it('re-spreads the whole view evenly over 2^32 when a position falls below 0.01', async () => {
    const { projectId, viewId, ids } = await listWithTasks(4);
    const res = await setPosition(ids[0], viewId, 0.001);
    expect(res.statusCode, res.body).toBe(200);
    const step = 2 ** 32 / 4;
    expect(res.json().position).toBe(step);
    expect(await order(projectId, viewId)).toEqual([
      [ids[0], step],
      [ids[3], step * 2],
      [ids[2], step * 3],
      [ids[1], step * 4],
    ]);
  });

  it('moves tasks that share a position apart between their neighbours', async () => {
    const { projectId, viewId, ids } = await listWithTasks(3);
    const before = await order(projectId, viewId); // [ids[2], ids[1], ids[0]]
    const taken = before[1][1];
    const res = await setPosition(ids[0], viewId, taken);
    expect(res.statusCode, res.body).toBe(200);
    const after = await order(projectId, viewId);
    const lower = before[0][1];
    const upper = 2 ** 32; // nothing above the shared position any more
    const spacing = (upper - lower) / 3;
    // The two tasks at the shared position are spread by id between the neighbours.
    expect(after).toEqual([
      [ids[2], lower],
      [ids[0], lower + spacing],
      [ids[1], lower + spacing * 2],
    ]);
    expect(res.json().position).toBe(lower + spacing);
  });

  it('lists tasks that share a position (as a restore may leave them) by id, paged without gaps', async () => {
    const { projectId, viewId, ids } = await listWithTasks(4);
    // Written behind the API's back: it would spread them apart.
    await t.app.ordo.db.kysely
      .updateTable('task_positions')
      .set({ position: 5 })
      .where('project_view_id', '=', viewId)
      .where('task_id', 'in', [ids[3], ids[1], ids[2]])
      .execute();
    expect(await order(projectId, viewId)).toEqual([
      [ids[1], 5],
      [ids[2], 5],
      [ids[3], 5],
      [ids[0], expect.any(Number)],
    ]);
    const pages = [];
    for (const page of [1, 2]) {
      const res = await t.request(
        'GET',
        `/api/v1/projects/${projectId}/views/${viewId}/tasks?page=${page}&per_page=2`,
        { token: owner.token },
      );
      pages.push(...res.json().map((task: { id: number }) => task.id));
    }
    expect(pages).toEqual([ids[1], ids[2], ids[3], ids[0]]);
  });

  it('refuses read-only shares and strangers (403), unknown tasks (4002) and views of other projects (3014)', async () => {
    const { projectId, viewId, ids } = await listWithTasks(1);
    const other = await listWithTasks(0);
    const before = await order(projectId, viewId);
    expect((await setPosition(ids[0], viewId, 5, reader.token)).statusCode).toBe(403);
    expect((await setPosition(ids[0], viewId, 5, stranger.token)).statusCode).toBe(403);
    const missing = await setPosition(999999, viewId, 5);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe(4002);
    const foreignView = await setPosition(ids[0], other.viewId, 5);
    expect(foreignView.statusCode).toBe(404);
    expect(foreignView.json().code).toBe(3014);
    const noView = await t.request('POST', `/api/v1/tasks/${ids[0]}/position`, {
      token: owner.token,
      body: { position: 5 },
    });
    expect(noView.json().code).toBe(3014);
    expect(await order(projectId, viewId)).toEqual(before);
  });

  it('lets a write link share reorder', async () => {
    const { projectId, viewId, ids } = await listWithTasks(1);
    const share = await t.request('PUT', `/api/v1/projects/${projectId}/shares`, {
      token: owner.token,
      body: { right: 1 },
    });
    const token = (await t.request('POST', `/api/v1/shares/${share.json().hash}/auth`, { body: {} })).json()
      .token;
    const res = await setPosition(ids[0], viewId, 1234.5, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(await order(projectId, viewId)).toEqual([[ids[0], 1234.5]]);
  });
});
