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

const davAuth = `Basic ${Buffer.from('bulkowner:tidy-otter-42').toString('base64')}`;

/** A CalDAV client's incremental sync (RFC 6578) from `token`: what changed, what went, the new token. */
async function syncCollection(projectId: number, token: string) {
  const res = await t.app.inject({
    method: 'REPORT' as 'GET',
    url: `/dav/projects/${projectId}/`,
    headers: { authorization: davAuth, 'content-type': 'application/xml', depth: '1' },
    payload: `<?xml version="1.0"?><d:sync-collection xmlns:d="DAV:"><d:sync-token>${token}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`,
  });
  expect(res.statusCode, res.body).toBe(207);
  const responses = [...res.body.matchAll(/<d:response>(.*?)<\/d:response>/gs)].map((m) => m[1]);
  return {
    changed: responses.filter((r) => r.includes('<d:getetag>')).length,
    gone: responses.filter((r) => /^<d:href>[^<]*<\/d:href><d:status>HTTP\/1.1 404/.test(r)).length,
    token: /<d:sync-token>([^<]*)<\/d:sync-token>/.exec(res.body)?.[1] ?? '',
  };
}

describe('tasks written by one statement', () => {
  it('reach a CalDAV client that syncs incrementally: all new ones, then the deleted ones gone', async () => {
    const project = await newProject('Synced');
    const db = t.app.ordo.db.kysely;
    const first = await syncCollection(project.id, '');
    expect(first.changed).toBe(0);

    await insertTasks(project.id, 1200, 'synced').execute(db);
    const added = await syncCollection(project.id, first.token);
    expect(added).toMatchObject({ changed: 1200, gone: 0 });

    await sql`DELETE FROM tasks WHERE project_id = ${project.id} AND ${sql.ref('index')} > 900`.execute(db);
    const deleted = await syncCollection(project.id, added.token);
    expect(deleted).toMatchObject({ changed: 0, gone: 300 });
    // Nothing more since, and a client starting afresh gets the 900 that are left.
    expect(await syncCollection(project.id, deleted.token)).toMatchObject({ changed: 0, gone: 0 });
    expect(await syncCollection(project.id, '')).toMatchObject({ changed: 900, gone: 0 });
  });

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

  it('are counted per bucket when one statement places, moves or deletes many', async () => {
    const created = await t.request('PUT', '/api/v1/projects', {
      token: owner.token,
      body: { title: 'Board' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const projectId: number = created.json().id;
    const kanban = created.json().views.find((v: { view_kind: string }) => v.view_kind === 'kanban');
    const board = async () => {
      const res = await t.request('GET', `/api/v1/projects/${projectId}/views/${kanban.id}/tasks`, {
        token: owner.token,
      });
      expect(res.statusCode, res.body).toBe(200);
      return Object.fromEntries(
        (res.json() as { title: string; count: number }[]).map((b) => [b.title, b.count]),
      );
    };
    const first = Object.keys(await board())[0];
    const added = await t.request('PUT', `/api/v1/projects/${projectId}/views/${kanban.id}/buckets`, {
      token: owner.token,
      body: { title: 'Later' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const buckets = await t.app.ordo.db.kysely
      .selectFrom('buckets')
      .select(['id', 'title'])
      .where('project_view_id', '=', kanban.id)
      .execute();
    const bucketId = (title: string) => buckets.find((b) => b.title === title)!.id;
    const db = t.app.ordo.db.kysely;
    await insertTasks(projectId, 1000, 'card').execute(db);
    // Tasks written outside the API are placed by one statement of their own, as an import does.
    await sql`INSERT INTO task_buckets (task_id, project_view_id, bucket_id)
      SELECT id, ${kanban.id}, ${bucketId(first)} FROM tasks WHERE project_id = ${projectId}`.execute(db);
    expect(await board()).toMatchObject({ [first]: 1000, Later: 0 });
    await sql`UPDATE task_buckets SET bucket_id = ${bucketId('Later')}
      WHERE project_view_id = ${kanban.id} AND task_id IN
        (SELECT id FROM tasks WHERE project_id = ${projectId} AND ${sql.ref('index')} <= 300)`.execute(db);
    expect(await board()).toMatchObject({ [first]: 700, Later: 300 });
    await sql`DELETE FROM tasks WHERE project_id = ${projectId} AND ${sql.ref('index')} > 800`.execute(db);
    expect(await board()).toMatchObject({ [first]: 500, Later: 300 });
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
