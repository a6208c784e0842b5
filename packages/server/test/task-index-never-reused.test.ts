/**
 * A task's per-project index is never given again (reference §4.6): not after the task is
 * deleted (it may come back from the trash with it), nor after it moves to another project.
 * Migration 0068 counts the tasks already in the trash when it runs.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.js';
import { beforeMigration } from './support/before-migration.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let owner: { token: string; id: number };

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp('indexowner');
});
afterAll(async () => t.close());

async function newProject(title: string): Promise<number> {
  const res = await t.request('PUT', '/api/v1/projects', { token: owner.token, body: { title } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

async function newTask(projectId: number, title: string): Promise<{ id: number; index: number }> {
  const res = await t.request('PUT', `/api/v1/projects/${projectId}/tasks`, {
    token: owner.token,
    body: { title },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function indexesIn(projectId: number): Promise<number[]> {
  const res = await t.request('GET', `/api/v1/projects/${projectId}/tasks?sort_by=id`, {
    token: owner.token,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { index: number }[]).map((task) => task.index);
}

describe('task indexes', () => {
  it('are not given again after a delete, and a task restored from the trash gets its own back', async () => {
    const projectId = await newProject('Deleted indexes');
    await newTask(projectId, 'one');
    const two = await newTask(projectId, 'two');
    const three = await newTask(projectId, 'three');
    expect((await t.request('DELETE', `/api/v1/tasks/${three.id}`, { token: owner.token })).statusCode).toBe(
      200,
    );
    expect((await newTask(projectId, 'four')).index).toBe(4);

    const bulk = await t.request('POST', '/api/v1/tasks/bulk/delete', {
      token: owner.token,
      body: { task_ids: [two.id] },
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    const four = (await indexesIn(projectId)).at(-1);
    expect(four).toBe(4);
    const five = await newTask(projectId, 'five');
    expect(five.index).toBe(5);
    expect((await t.request('DELETE', `/api/v1/tasks/${five.id}`, { token: owner.token })).statusCode).toBe(
      200,
    );
    expect((await newTask(projectId, 'six')).index).toBe(6);

    const trash = (await t.request('GET', '/api/v1/trash', { token: owner.token })).json() as {
      id: number;
      item_id: number;
    }[];
    const entry = trash.find((e) => e.item_id === three.id);
    expect(entry).toBeDefined();
    const restored = await t.request('POST', `/api/v1/trash/${entry?.id}/restore`, { token: owner.token });
    expect(restored.statusCode, restored.body).toBe(200);
    const back = await t.request('GET', `/api/v1/tasks/${three.id}`, { token: owner.token });
    expect(back.json()).toMatchObject({ title: 'three', index: 3 });
    expect((await indexesIn(projectId)).sort((a, b) => a - b)).toEqual([1, 3, 4, 6]);
  });

  it('are not given again after a task moves to another project', async () => {
    const from = await newProject('Moved from');
    const to = await newProject('Moved to');
    await newTask(from, 'stays');
    const leaving = await newTask(from, 'leaves');
    await newTask(to, 'there already');
    const moved = await t.request('POST', `/api/v1/tasks/${leaving.id}`, {
      token: owner.token,
      body: { title: 'leaves', project_id: to },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().index).toBe(2);
    expect((await newTask(from, 'next')).index).toBe(3);
  });
});

describe('a project restored from the trash', () => {
  it('keeps the numbers its tasks had before they left it', async () => {
    const projectId = await newProject('Restored');
    await newTask(projectId, 'one');
    const gone = await newTask(projectId, 'gone for good');
    expect((await t.request('DELETE', `/api/v1/tasks/${gone.id}`, { token: owner.token })).statusCode).toBe(
      200,
    );
    const trash = async () =>
      (await t.request('GET', '/api/v1/trash', { token: owner.token })).json() as {
        id: number;
        kind: string;
        item_id: number;
      }[];
    const entry = (await trash()).find((e) => e.kind === 'task' && e.item_id === gone.id);
    expect((await t.request('DELETE', `/api/v1/trash/${entry?.id}`, { token: owner.token })).statusCode).toBe(
      200,
    );
    expect(
      (await t.request('DELETE', `/api/v1/projects/${projectId}`, { token: owner.token })).statusCode,
    ).toBe(200);
    const project = (await trash()).find((e) => e.kind === 'project' && e.item_id === projectId);
    const restored = await t.request('POST', `/api/v1/trash/${project?.id}/restore`, { token: owner.token });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await newTask(projectId, 'after')).index).toBe(3);
  });
});

describe('migration 0068 (indexes of tasks already in the trash)', () => {
  it('counts each project’s trashed tasks', async () => {
    await beforeMigration(
      '0067-file-owner-indexes',
      async (db, now) => {
        const k = db.kysely;
        await sql`INSERT INTO tasks (id, project_id, title, "index", uid, created_by_id, created, updated)
        VALUES (1, 1, 'Live', 2, 'uid-1', 1, ${now}, ${now})`.execute(k);
        // Project → trashed task indexes.
        const trashed: [number, number][] = [
          [1, 7],
          [1, 5],
          [2, 3],
        ];
        for (const [i, [project, index]] of trashed.entries()) {
          const payload = JSON.stringify({ task: { id: 100 + i, index, project_id: project }, parts: {} });
          await sql`INSERT INTO trash (kind, item_id, project_id, title, deleted_by_id, deleted_at, payload)
          VALUES ('task', ${100 + i}, ${project}, 'Gone', 1, ${now}, ${payload})`.execute(k);
        }

        await migrateToLatest(db);
        const { rows } = await sql<{ project_id: number; task_index: number }>`SELECT project_id, task_index
        FROM retired_task_indexes ORDER BY project_id`.execute(k);
        expect(rows.map((r) => [Number(r.project_id), Number(r.task_index)])).toEqual([
          [1, 7],
          [2, 3],
        ]);
      },
      { projects: 2 },
    );
  });
});
