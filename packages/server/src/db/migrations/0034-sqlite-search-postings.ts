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
 * conflict clause would override.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

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
  // No trigger updates a pair in place; should anything ever, its old and new pair are logged.
  await sql`CREATE TRIGGER search_postings_log_update AFTER UPDATE ON task_search_terms BEGIN
    INSERT INTO search_postings_pending(term_id, task_id)
      SELECT pair.term_id, pair.task_id FROM (SELECT OLD.term_id AS term_id, OLD.task_id AS task_id
        UNION SELECT NEW.term_id, NEW.task_id) AS pair
      WHERE pair.term_id <> 0 AND NOT EXISTS (SELECT 1 FROM search_postings_pending AS p
        WHERE p.term_id = pair.term_id AND p.task_id = pair.task_id);
  END`.execute(db);
  await sql.raw(`UPDATE search_terms SET postings = ${SQLITE_TERM_POSTINGS}`).execute(db);
}

export function sqliteSearchPostings(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'sqlite') await sqlite(db);
    },
  };
}
