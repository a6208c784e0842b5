/**
 * Packed search postings and their log (migrations 0033 and 0034, modules/search/search-postings.ts),
 * on the api project's database. The account is the only one with tasks, so its searches take the
 * packed path. The app compacts only when a test says so, so a test knows what is packed and what
 * is still in the log; the last test checks the background compaction of a default app.
 */
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { migrateTo, migrateToLatest } from '../src/db/migrate.js';
import { COMPACTION_LOCK, SearchPostingsCompaction } from '../src/modules/search/search-postings.js';
import { TaskSearch } from '../src/modules/search/task-search.js';
import { createEmptyDatabase, createTestApp, type TestApp, testDialect } from './support/test-app.js';

let t: TestApp;
let user: { token: string; id: number };
let projectId: number;
/** PostgreSQL: a second connection, for the advisory lock and for a transaction of its own. */
let other: pg.Client | null = null;

beforeAll(async () => {
  t = await createTestApp({}, { build: { compactSearchPostings: false } });
  user = await t.signUp('packer');
  projectId = (
    await t.request('PUT', '/api/v1/projects', { token: user.token, body: { title: 'Yard' } })
  ).json().id;
  const { database } = t.config;
  if (database.kind === 'postgres') {
    other = new pg.Client({ connectionString: database.url });
    await other.connect();
  }
});
afterAll(async () => {
  await other?.end();
  await t.close();
});

const db = () => t.app.ordo.db.kysely;
const compaction = (termsPerBatch?: number, logShare?: number) =>
  new SearchPostingsCompaction(db(), testDialect, termsPerBatch, logShare);

function otherConnection(): pg.Client {
  if (!other) throw new Error('this test needs the PostgreSQL app');
  return other;
}

async function holdCompaction<T>(work: () => Promise<T>): Promise<T> {
  await otherConnection().query('SELECT pg_advisory_lock($1)', [COMPACTION_LOCK]);
  try {
    return await work();
  } finally {
    await otherConnection().query('SELECT pg_advisory_unlock($1)', [COMPACTION_LOCK]);
  }
}

async function logged(): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM search_postings_pending`.execute(db());
  return Number(rows[0].n);
}

async function task(title: string, description = ''): Promise<number> {
  const res = await t.request('PUT', `/api/v1/projects/${projectId}/tasks`, {
    token: user.token,
    body: { title, description },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

async function edit(id: number, body: Record<string, unknown>) {
  const res = await t.request('POST', `/api/v1/tasks/${id}`, { token: user.token, body });
  expect(res.statusCode, res.body).toBe(200);
}

/** Titles a ranked search finds, in its order, and its total. */
async function search(s: string): Promise<{ titles: string[]; pages: string | undefined }> {
  const res = await t.request('GET', `/api/v1/tasks/all?s=${encodeURIComponent(s)}&per_page=50`, {
    token: user.token,
  });
  expect(res.statusCode, res.body).toBe(200);
  return {
    titles: (res.json() as { title: string }[]).map((x) => x.title),
    pages: res.headers['x-pagination-total-pages'] as string | undefined,
  };
}

describe('packed search postings', () => {
  it('answer from the log before anything is packed, and the same once packed', async () => {
    await task('Clear the gutter', 'before the rain');
    await task('Buy a ladder', 'long enough for the gutter');
    await task('Paint the fence');
    expect(await logged()).toBeGreaterThan(0);
    expect((await search('gutter')).titles).toEqual(['Clear the gutter', 'Buy a ladder']);
    expect((await search('gutter rain')).titles).toEqual(['Clear the gutter']);
    expect(await compaction().run()).toBeGreaterThan(0);
    expect(await logged()).toBe(0);
    const packed = await sql<{ n: number }>`SELECT count(*) AS n FROM search_terms
      WHERE term = 'gutter' AND length(postings) = 8`.execute(db());
    expect(Number(packed.rows[0].n)).toBe(1);
    expect((await search('gutter')).titles).toEqual(['Clear the gutter', 'Buy a ladder']);
    expect((await search('gutter rain')).titles).toEqual(['Clear the gutter']);
  });

  it('follow edits, moves out of the title and deletions on top of packed postings', async () => {
    const shed = await task('Shed roof', 'tar paper');
    const brush = await task('Gutter brush', '');
    await compaction().run();
    expect((await search('gutter')).titles).toEqual(['Clear the gutter', 'Gutter brush', 'Buy a ladder']);
    // The brush loses "gutter" from its title but keeps it in the description; the shed gains it.
    await edit(brush, { title: 'Stiff brush', description: 'for the gutter' });
    await edit(shed, { title: 'Shed roof and gutter' });
    expect((await search('ladder')).titles).toEqual(['Buy a ladder']);
    const res = await t.request('DELETE', `/api/v1/tasks/${await idOf('Buy a ladder')}`, {
      token: user.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    // The same answers from the log and, once compacted, from the packed postings alone.
    const afterEdits = async () => {
      expect((await search('gutter')).titles).toEqual([
        'Clear the gutter',
        'Shed roof and gutter',
        'Stiff brush',
      ]);
      expect((await search('ladder')).titles).toEqual([]);
    };
    expect(await logged()).toBeGreaterThan(0);
    await afterEdits();
    await compaction().run();
    expect(await logged()).toBe(0);
    await afterEdits();
  });

  // PostgreSQL alone: on SQLite a compaction holds the only write lock, so no edit comes between.
  const postgresIt = testDialect === 'postgres' ? it : () => {};

  postgresIt('keep the log entry of an edit that the compaction’s snapshot did not hold', async () => {
    const other = otherConnection();
    const fence = await idOf('Paint the fence');
    await compaction().run();
    // A committed edit logs (gutter, fence); then another edit of the same pair is under way in a
    // second transaction while the compaction folds in the first and clears its entry. The second
    // edit must keep an entry of its own: had it found the first one there and added none, the
    // packed postings would keep the fence as a title hit.
    await edit(fence, { title: 'Paint the fence and the gutter' });
    await other.query('BEGIN');
    try {
      await other.query(
        `UPDATE tasks SET title = 'Paint the fence', description = 'then the gutter' WHERE id = $1`,
        [fence],
      );
      await compaction().run();
      await other.query('COMMIT');
    } catch (error) {
      await other.query('ROLLBACK');
      throw error;
    }
    const expected = ['Clear the gutter', 'Shed roof and gutter', 'Paint the fence', 'Stiff brush'];
    expect(await logged()).toBeGreaterThan(0);
    expect((await search('gutter')).titles).toEqual(expected);
    await compaction().run();
    expect(await logged()).toBe(0);
    expect((await search('gutter')).titles).toEqual(expected);
  });

  it('leave a term logged until its log is a large enough share of its postings, and still answer right', async () => {
    await compaction().run();
    const gutter = (await search('gutter')).titles;
    // With a share of 1, a term is rebuilt once its log outgrows its postings: "gutter" has three
    // tasks (four on PostgreSQL), so one edit of one of them stays in the log while a new word's
    // term is rebuilt.
    await edit(await idOf('Stiff brush'), { title: 'Stiff brush', description: 'moss off the gutter' });
    await compaction(undefined, 1).run();
    const left = await sql<{ term: string }>`SELECT DISTINCT st.term FROM search_postings_pending AS p
      JOIN search_terms AS st ON st.id = p.term_id ORDER BY st.term`.execute(db());
    expect(left.rows.map((r) => r.term)).toContain('gutter');
    expect(left.rows.map((r) => r.term)).not.toContain('moss');
    expect((await search('gutter moss')).titles).toEqual(['Stiff brush']);
    expect((await search('gutter')).titles).toEqual(gutter);
    await compaction().run();
    expect(await logged()).toBe(0);
  });

  it('rebuild in batches', async () => {
    for (const title of ['Rake leaves', 'Mulch beds', 'Prune roses']) await task(title, 'autumn garden');
    const terms = await sql<{
      n: number;
    }>`SELECT count(DISTINCT term_id) AS n FROM search_postings_pending`.execute(db());
    expect(Number(terms.rows[0].n)).toBeGreaterThan(1);
    expect(await compaction(1).run()).toBe(Number(terms.rows[0].n));
    expect(await logged()).toBe(0);
    expect((await search('autumn')).titles).toEqual(['Rake leaves', 'Mulch beds', 'Prune roses']);
  });

  postgresIt('leave the work to a process that already compacts', async () => {
    await task('Sweep the patio', 'autumn');
    const rebuilt = await holdCompaction(() => compaction(1).run());
    expect(rebuilt).toBe(0);
    expect(await logged()).toBeGreaterThan(0);
    expect(await compaction(1).run()).toBeGreaterThan(0);
    expect(await logged()).toBe(0);
  });

  it('are what a search reads once compacted', async () => {
    await compaction().run();
    const autumn = (await search('autumn')).titles;
    expect(autumn.length).toBeGreaterThanOrEqual(3);
    // Behind the log's back, "autumn" loses its packed postings: a search that read the pairs
    // would still find its tasks, one that reads the packed postings does not.
    await sql`UPDATE search_terms SET postings = ${Buffer.alloc(0)} WHERE term = 'autumn'`.execute(db());
    expect((await search('autumn')).titles).toEqual([]);
    // Logged again, its tasks are read fresh; compacted, packed again.
    await sql`INSERT INTO search_postings_pending (term_id, task_id)
      SELECT term_id, task_id FROM task_search_terms
      WHERE term_id = (SELECT id FROM search_terms WHERE term = 'autumn')`.execute(db());
    expect((await search('autumn')).titles).toEqual(autumn);
    await compaction().run();
    expect(await logged()).toBe(0);
    expect((await search('autumn')).titles).toEqual(autumn);
  });

  it('hold the largest task id the database takes, and the database takes no larger one', async () => {
    // A posting is `id * 2 + 1` in four bytes: PostgreSQL's integer ids always fit, and on SQLite
    // a trigger refuses an id above 2^31 − 1 (migration 0034).
    const largest = 2 ** 31 - 1;
    const model = await idOf('Rake leaves');
    const insertTask = (id: number, title: string) =>
      sql`INSERT INTO tasks (id, project_id, title, description, "index", uid, created_by_id, created, updated)
        SELECT ${id}, project_id, ${title}, 'autumn', ${id % 100_000}, ${`far-${id}`}, created_by_id, created, updated
        FROM tasks WHERE id = ${model}`.execute(db());
    await expect(insertTask(largest + 1, 'Rake the farther lawn')).rejects.toThrow();
    await insertTask(largest, 'Rake the far lawn');
    await expect(
      sql`UPDATE tasks SET id = ${largest + 1} WHERE id = ${largest}`.execute(db()),
    ).rejects.toThrow();
    await compaction().run();
    expect(await logged()).toBe(0);
    // Its title posting is 0xffffffff, packed next to the other tasks of "autumn".
    expect((await search('autumn')).titles).toContain('Rake the far lawn');
    expect((await search('lawn')).titles).toEqual(['Rake the far lawn']);
    await sql`DELETE FROM tasks WHERE id = ${largest}`.execute(db());
    expect((await search('lawn')).titles).toEqual([]);
  });

  // SQLite alone: migration 0034 is SQLite's.
  const sqliteIt = testDialect === 'sqlite' ? it : () => {};

  sqliteIt('are packed for the pairs already there when migration 0034 runs', async () => {
    const empty = await createEmptyDatabase('sqlite');
    const old = openDatabase(loadConfig({ DATABASE_URL: empty.url, ORDO_DATA_DIR: empty.dataDir }).database);
    try {
      await migrateTo(old, '0033-search-postings');
      // Task 70,000's postings (0x222e0 in a description, 0x222e1 in a title) hold a zero byte,
      // low ones and one above 0x7f, which is not text on its own.
      await sql`INSERT INTO search_terms (id, term) VALUES (1, 'hedge'), (2, 'trim'), (3, 'hedges')`.execute(
        old.kysely,
      );
      await sql`INSERT INTO task_search_terms (term_id, task_id, in_title)
        VALUES (1, 7, 1), (1, 70000, 0), (2, 70000, 1), (3, 70001, 1)`.execute(old.kysely);
      await migrateToLatest(old);
      const { rows } = await sql<{ term: string; postings: Buffer }>`SELECT term, postings FROM search_terms
        ORDER BY id`.execute(old.kysely);
      expect(rows.map((r) => [r.term, r.postings.toString('hex')])).toEqual([
        ['hedge', '0000000f000222e0'],
        ['trim', '000222e1'],
        ['hedges', '000222e3'],
      ]);
      expect(await sql`SELECT * FROM search_postings_pending`.execute(old.kysely)).toMatchObject({
        rows: [],
      });
      // Read back through the search's own statement, which joins the blobs of a word's terms.
      const search = new TaskSearch(old.kysely, 'sqlite');
      expect(await search.rankedMatches('hedge', [1], 50, 0)).toEqual({ ids: [7, 70001, 70000], total: 3 });
      expect(await search.rankedMatches('hedge trim', [1], 50, 0)).toEqual({ ids: [70000], total: 1 });
    } finally {
      await old.close();
      await empty.drop();
    }
  });

  it('are compacted in the background by a default app', async () => {
    const own = await createTestApp();
    try {
      const mine = await own.signUp('background');
      const project = (
        await own.request('PUT', '/api/v1/projects', { token: mine.token, body: { title: 'Bg' } })
      ).json();
      const made = await own.request('PUT', `/api/v1/projects/${project.id}/tasks`, {
        token: mine.token,
        body: { title: 'Oil the hinges' },
      });
      expect(made.statusCode, made.body).toBe(201);
      // Only a compaction writes a term's packed postings.
      const packed = () =>
        sql<{ n: number }>`SELECT length(postings) AS n FROM search_terms WHERE term = 'hinges'`
          .execute(own.app.ordo.db.kysely)
          .then((r) => Number(r.rows[0].n));
      const deadline = Date.now() + 15_000;
      while ((await packed()) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      expect(await packed()).toBe(4);
      const found = await own.request('GET', '/api/v1/tasks/all?s=hinge', { token: mine.token });
      expect((found.json() as { title: string }[]).map((x) => x.title)).toEqual(['Oil the hinges']);
    } finally {
      await own.close();
    }
  });
});

async function idOf(title: string): Promise<number> {
  const row = await db()
    .selectFrom('tasks')
    .select('id')
    .where('title', '=', title)
    .executeTakeFirstOrThrow();
  return row.id;
}
