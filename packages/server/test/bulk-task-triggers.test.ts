/**
 * Many tasks written by one statement (an import, a restore, a project's tasks deleted with it):
 * the counters and CalDAV's change log follow them all, and on PostgreSQL (migration 0060) each
 * counter row is written once per statement, not once per task, so a large import stays linear.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let owner: { token: string; id: number };

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp('bulkowner');
});
afterAll(async () => t.close());

async function newProject(title: string): Promise<{ id: number; listViewId: number }> {
  const res = await t.request('PUT', '/api/v1/projects', { token: owner.token, body: { title } });
  expect(res.statusCode, res.body).toBe(201);
  const project = res.json();
  return {
    id: project.id,
    listViewId: project.views.find((v: { view_kind: string }) => v.view_kind === 'list').id,
  };
}

/** Inserts tasks 1..count into the project in one statement; every third one is done. */
function insertTasks(projectId: number, count: number, prefix: string, userId = owner.id) {
  const now = new Date().toISOString();
  return sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${count})
    INSERT INTO tasks (project_id, title, description, done, ${sql.ref('index')}, uid, created_by_id, created, updated)
    SELECT ${projectId}, ${`${prefix} `} || i, '', i % 3 = 0, i, ${`${prefix}-`} || i, ${userId}, ${now}, ${now}
    FROM n`;
}

/** The task totals the API answers: all of the project's tasks, and its list view's open ones. */
async function totals(project: { id: number; listViewId: number }) {
  const all = await t.request('GET', `/api/v1/projects/${project.id}/tasks?per_page=1`, {
    token: owner.token,
  });
  const open = await t.request(
    'GET',
    `/api/v1/projects/${project.id}/views/${project.listViewId}/tasks?per_page=1`,
    { token: owner.token },
  );
  expect(all.statusCode, all.body).toBe(200);
  expect(open.statusCode, open.body).toBe(200);
  return {
    all: Number(all.headers['x-pagination-total-pages']),
    open: Number(open.headers['x-pagination-total-pages']),
  };
}

async function caldavObjects(projectId: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM caldav_changes
    WHERE project_id = ${projectId} AND NOT deleted`.execute(t.app.ordo.db.kysely);
  return Number(rows[0]?.n);
}

describe('tasks written by one statement', () => {
  it('are counted and recorded for CalDAV, inserted and deleted', async () => {
    const project = await newProject('Imported');
    const db = t.app.ordo.db.kysely;
    await insertTasks(project.id, 1200, 'imported').execute(db);
    expect(await totals(project)).toEqual({ all: 1200, open: 800 });
    expect(await caldavObjects(project.id)).toBe(1200);

    await sql`DELETE FROM tasks WHERE project_id = ${project.id} AND ${sql.ref('index')} > 900`.execute(db);
    expect(await totals(project)).toEqual({ all: 900, open: 600 });
    // A deleted task leaves a tombstone for the clients that knew it.
    const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM caldav_changes
      WHERE project_id = ${project.id} AND deleted`.execute(db);
    expect(Number(rows[0]?.n)).toBe(300);
    expect(await caldavObjects(project.id)).toBe(900);

    // A task made through the API afterwards is counted on top.
    const made = await t.request('PUT', `/api/v1/projects/${project.id}/tasks`, {
      token: owner.token,
      body: { title: 'one more' },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(await totals(project)).toEqual({ all: 901, open: 601 });
  });

  // On PostgreSQL in both api projects, as the quadratic cost it guards against is PostgreSQL's.
  it('write each counter row once per statement on PostgreSQL, however many tasks it inserts', async () => {
    const pgApp = await createTestApp({}, { dialect: 'postgres' });
    try {
      const user = await pgApp.signUp('bulkpg');
      const res = await pgApp.request('PUT', '/api/v1/projects', {
        token: user.token,
        body: { title: 'Bulk' },
      });
      expect(res.statusCode, res.body).toBe(201);
      const projectId: number = res.json().id;
      const writes = await pgApp.app.ordo.db.kysely.transaction().execute(async (trx) => {
        await insertTasks(projectId, 500, 'bulk', user.id).execute(trx);
        // This transaction's own row writes so far, per table.
        const { rows } = await sql<{ relname: string; writes: number }>`
          SELECT relname, n_tup_ins + n_tup_upd AS writes FROM pg_stat_xact_user_tables
          WHERE relname IN ('project_task_counts', 'project_open_task_counts', 'caldav_sync_state')`.execute(
          trx,
        );
        return Object.fromEntries(rows.map((r) => [r.relname, Number(r.writes)]));
      });
      expect(writes).toEqual({ project_task_counts: 1, project_open_task_counts: 1, caldav_sync_state: 1 });
      const all = await pgApp.request('GET', `/api/v1/projects/${projectId}/tasks?per_page=1`, {
        token: user.token,
      });
      expect(all.headers['x-pagination-total-pages']).toBe('500');
    } finally {
      await pgApp.close();
    }
  });
});
