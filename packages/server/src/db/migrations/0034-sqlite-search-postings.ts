/**
 * SQLite: each vocabulary term carries its tasks as one packed value, as on PostgreSQL since
 * migration 0033, with the same four-byte big-endian postings (`task_id * 2 + (1 when in the
 * title)`) and the same log of changed (term, task) pairs, folded in by the compaction
 * (modules/search/search-postings.ts).
 *
 * Read from `task_search_terms` and aggregated into JSON, `kitchen` and `plumber` (2,500 matches
 * each) cost 520 µs a search over 100,000 tasks, the packed values 125 µs; the search benchmark's
 * two-word query stood near its latency target because of it.
 *
 * The log is kept by triggers on `task_search_terms` itself, the one table whose rows the postings
 * mirror: the task triggers of migration 0028 delete a changed task's pairs and insert its new
 * ones, and each of those is logged. SQLite has one writer at a time, so unlike PostgreSQL's the
 * log can be a set; it is kept one by NOT EXISTS rather than OR IGNORE, which an outer statement's
 * conflict clause would override. Nothing updates a pair in place (the task triggers delete and
 * insert), as on PostgreSQL.
 *
 * A posting holds `task_id * 2 + 1` in four bytes, so task ids stop at 2^31 − 1 on SQLite too, as
 * PostgreSQL's integer ids do: a trigger refuses a larger one, rather than every search checking
 * for one (a rowid only gets there if written so, e.g. by hand).
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

/** The largest task id whose postings fit four bytes: PostgreSQL's integer range. */
const MAX_TASK_ID = 2 ** 31 - 1;

/**
 * The packed postings of the `task_search_terms` rows named `pairs` in a query, as one blob (an
 * aggregate): eight hex digits a posting, turned into four bytes at once (null without rows).
 */
export function sqlitePackedPostings(pairs: string): string {
  return `unhex(group_concat(printf('%08x', ${pairs}.task_id * 2 + ${pairs}.in_title), ''))`;
}

/** A term's packed postings, built from its pairs (also the compaction's rebuild). */
export const SQLITE_TERM_POSTINGS = `coalesce((SELECT ${sqlitePackedPostings('t')}
  FROM task_search_terms AS t WHERE t.term_id = search_terms.id), x'')`;

async function sqlite(db: Kysely<unknown>) {
  const { rows } = await sql<{ largest: number | null }>`SELECT max(id) AS largest FROM tasks`.execute(db);
  if ((rows[0]?.largest ?? 0) > MAX_TASK_ID) {
    throw new Error(`A task id is above ${MAX_TASK_ID}, which the search index cannot hold.`);
  }
  for (const event of ['INSERT', 'UPDATE OF id']) {
    await sql
      .raw(`CREATE TRIGGER tasks_id_range_${event === 'INSERT' ? 'insert' : 'update'} AFTER ${event} ON tasks
      WHEN NEW.id > ${MAX_TASK_ID} BEGIN SELECT RAISE(ABORT, 'task ids stop at ${MAX_TASK_ID}'); END`)
      .execute(db);
  }
  await sql`ALTER TABLE search_terms ADD COLUMN postings BLOB NOT NULL DEFAULT x''`.execute(db);
  await sql`CREATE TABLE search_postings_pending (term_id INTEGER NOT NULL, task_id INTEGER NOT NULL,
    PRIMARY KEY (term_id, task_id)) WITHOUT ROWID`.execute(db);
  for (const [event, row] of [
    ['INSERT', 'NEW'],
    ['DELETE', 'OLD'],
  ] as const) {
    await sql
      .raw(`CREATE TRIGGER search_postings_log_${event.toLowerCase()} AFTER ${event} ON task_search_terms
      WHEN ${row}.term_id <> 0 BEGIN
        INSERT INTO search_postings_pending(term_id, task_id) SELECT ${row}.term_id, ${row}.task_id
        WHERE NOT EXISTS (SELECT 1 FROM search_postings_pending
          WHERE term_id = ${row}.term_id AND task_id = ${row}.task_id);
      END`)
      .execute(db);
  }
  await sql.raw(`UPDATE search_terms SET postings = ${SQLITE_TERM_POSTINGS}`).execute(db);
}

export function sqliteSearchPostings(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'sqlite') await sqlite(db);
    },
  };
}
