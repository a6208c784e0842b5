// Seeds many tasks straight into Ordo's database (the API would take minutes for 100,000), then
// the running server reads them as real rows. Text comes from a fixed vocabulary with a seeded
// random generator, so every run searches the same data. Triggers keep the search index in step.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';

export const pgAdminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';

const VOCABULARY = (
  'report invoice meeting budget roadmap release bug feature design review deploy server client ' +
  'database backup migration kitchen garden plumber window door paint carpet holiday flight hotel ' +
  'passport insurance tax receipt birthday gift party dinner recipe grocery milk bread coffee tea ' +
  'laptop phone printer router cable monitor keyboard mouse battery charger website newsletter ' +
  'campaign customer supplier contract quote offer order delivery shipment warehouse inventory ' +
  'training workshop conference presentation slides agenda minutes follow up call email letter ' +
  'doctor dentist pharmacy gym yoga running bicycle car tyres oil service garage neighbour school ' +
  'homework exam library book article podcast video camera photo album music concert ticket'
).split(/\s+/);

const SYLLABLES = 'ka lo mi ter san vol dri pen bro gar nel tus fin rav mo que lix dor pa ben'.split(' ');

/**
 * Real task text draws from a large vocabulary where a few words are common and most are rare:
 * the everyday words above plus 4,000 made-up ones, picked with a skewed (Zipf-like) choice.
 */
const LEXICON = [
  ...VOCABULARY,
  ...Array.from({ length: 4000 }, (_, i) => {
    let n = i + 400;
    let word = '';
    while (n > 0) {
      word += SYLLABLES[n % SYLLABLES.length];
      n = Math.floor(n / SYLLABLES.length);
    }
    return word;
  }),
];

/** A small deterministic generator (mulberry32). */
function random(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function iso(ms) {
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

/** Task rows for one project: indexes 1..count, some done, priorities 0–5, due dates ±90 days. */
export function* taskRows({ projectId, userId, count, seed = 42 }) {
  const next = random(seed);
  const pick = () => LEXICON[Math.floor(LEXICON.length * next() ** 2.5)];
  const words = (n) => Array.from({ length: n }, pick).join(' ');
  const now = Date.now();
  const created = iso(now);
  for (let i = 1; i <= count; i++) {
    const done = next() < 0.2;
    const due = next() < 0.6 ? iso(now + Math.round((next() - 0.5) * 180 * 86_400_000)) : null;
    yield {
      project_id: projectId,
      title: `${words(2 + Math.floor(next() * 4))}`,
      description: next() < 0.5 ? `<p>${words(5 + Math.floor(next() * 15))}</p>` : '',
      done,
      done_at: done ? created : null,
      due_date: due,
      priority: Math.floor(next() * 6),
      index: i,
      uid: randomUUID(),
      created_by_id: userId,
      created,
      updated: created,
    };
  }
}

const COLUMNS = [
  'project_id',
  'title',
  'description',
  'done',
  'done_at',
  'due_date',
  'priority',
  'index',
  'uid',
  'created_by_id',
  'created',
  'updated',
];

/**
 * Inserts the tasks and, when a view is given, a position for each in it (as the API would).
 * `db` is `{ sqliteFile }` or `{ pgUrl }`.
 */
export async function seedTasks(db, { projectId, userId, count, viewId, seed }) {
  const rows = taskRows({ projectId, userId, count, seed });
  if (db.sqliteFile) {
    const sqlite = new SQLite(db.sqliteFile);
    sqlite.pragma('busy_timeout = 10000');
    const insertTask = sqlite.prepare(
      `insert into tasks (${COLUMNS.map((c) => `"${c}"`).join(', ')}) values (${COLUMNS.map(() => '?').join(', ')})`,
    );
    const insertPosition = sqlite.prepare(
      'insert into task_positions (task_id, project_view_id, position) values (?, ?, ?)',
    );
    sqlite.transaction(() => {
      for (const row of rows) {
        const values = COLUMNS.map((c) => (c === 'done' ? (row.done ? 1 : 0) : row[c]));
        const { lastInsertRowid } = insertTask.run(values);
        if (viewId) insertPosition.run(Number(lastInsertRowid), viewId, row.index * 65536);
      }
    })();
    sqlite.close();
    return;
  }
  const client = new pg.Client({ connectionString: db.pgUrl });
  await client.connect();
  try {
    await client.query('begin');
    let batch = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const params = [];
      const tuples = batch.map((row) => {
        const start = params.length;
        params.push(...COLUMNS.map((c) => row[c]));
        return `(${COLUMNS.map((_, i) => `$${start + i + 1}`).join(', ')})`;
      });
      const { rows: inserted } = await client.query(
        `insert into tasks (${COLUMNS.map((c) => `"${c}"`).join(', ')}) values ${tuples.join(', ')} returning id, "index"`,
        params,
      );
      if (viewId) {
        const positions = inserted.map((r) => [r.id, viewId, r.index * 65536]);
        await client.query(
          `insert into task_positions (task_id, project_view_id, position) values ${positions
            .map((_, i) => `($${i * 3 + 1}, $${i * 3 + 2}, $${i * 3 + 3})`)
            .join(', ')}`,
          positions.flat(),
        );
      }
      batch = [];
    };
    for (const row of rows) {
      batch.push(row);
      if (batch.length === 1000) await flush();
    }
    await flush();
    await client.query('commit');
    // Autovacuum would vacuum and analyse the new rows within a minute (its insert threshold);
    // this does it at once. Vacuum marks the pages all-visible, so index-only scans stay so.
    await client.query('vacuum analyze');
  } finally {
    await client.end();
  }
}

/**
 * Waits until the server has folded the seeded tasks' search postings in (the log of migrations
 * 0033 and 0034 is empty), then on PostgreSQL vacuums as autovacuum would: the benchmark measures
 * the steady state a server reaches seconds after a bulk load. `db` as for seedTasks. Answers the
 * seconds it waited.
 */
export async function settledSearchPostings(db, timeoutMs = 300_000) {
  const started = Date.now();
  const waitFor = async (pending) => {
    while (await pending()) {
      if (Date.now() - started > timeoutMs) throw new Error('the search postings were not compacted in time');
      await new Promise((r) => setTimeout(r, 250));
    }
  };
  if (db.sqliteFile) {
    const sqlite = new SQLite(db.sqliteFile, { readonly: true });
    try {
      const logged = sqlite.prepare('select exists (select 1 from search_postings_pending) as pending');
      await waitFor(async () => logged.get().pending === 1);
    } finally {
      sqlite.close();
    }
    return (Date.now() - started) / 1000;
  }
  const client = new pg.Client({ connectionString: db.pgUrl });
  await client.connect();
  try {
    await waitFor(async () => {
      const { rows } = await client.query('select exists (select 1 from search_postings_pending) as pending');
      return rows[0].pending;
    });
    await client.query('vacuum analyze');
  } finally {
    await client.end();
  }
  return (Date.now() - started) / 1000;
}

/** A fresh PostgreSQL database for one benchmark run; `drop` removes it. */
export async function createPgDatabase(label) {
  const name = `ordo_bench_${label}_${process.pid}`;
  const admin = new pg.Client({ connectionString: pgAdminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(pgAdminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: pgAdminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Where a started Ordo keeps its SQLite file, or its PostgreSQL URL. */
export function databaseOf(ordo, pgUrl) {
  return pgUrl ? { pgUrl } : { sqliteFile: join(ordo.dataDir, 'ordo.db') };
}
