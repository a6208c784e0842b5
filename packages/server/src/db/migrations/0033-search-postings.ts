/**
 * PostgreSQL: each vocabulary term carries its tasks as one packed value (`search_terms.postings`),
 * so a search reads a word's matches with the same trigram scan that finds its terms.
 *
 * Read from `task_search_terms`, a common word's matches passed through the executor one index
 * tuple at a time and were aggregated into JSON: `kanel` (88 terms, 3,743 matches) cost 1.3 ms of
 * PostgreSQL time a search, where the packed values cost 0.15 ms (pgbench, 100,000 tasks).
 *
 * A posting is `task_id * 2 + (1 when the term is in the title)` as four bytes, big-endian and
 * unsigned (task ids are PostgreSQL integers, so it fits). Postings are not rewritten on every
 * edit: a common term's value is kilobytes, and concurrent edits of tasks sharing a term would
 * wait on its row. Instead the task trigger logs every (term, task) pair it changes in
 * `search_postings_pending`, a reader re-reads those pairs from `task_search_terms`
 * (`ordo_search_postings`), and a compaction folds the log into the postings in the background
 * (modules/search/search-postings.ts). The log has no unique key on purpose: a compaction deletes
 * only the entries its snapshot sees, and an edit committed after that snapshot must keep its
 * own entry, which it could not if it found one already there and added none.
 *
 * SQLite keeps reading `task_search_terms`: in-process, its index rows cost no executor round, and
 * its searches meet their target without this.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';
import { POSTGRES_INDEX_NEW_TASK } from './0028-search-terms.js';

/**
 * The task trigger's function: it indexes the task (`indexNewTask`, statements run for NEW on
 * insert and update) and logs the pairs it changes: the terms the task left and the terms it holds
 * now (term 0, text too long for the index, is not a term). Migration 0052 replaces the indexing.
 */
export function postgresTaskSearchTermsFunction(indexNewTask: string): string {
  return `CREATE OR REPLACE FUNCTION ordo_index_task_search_terms() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      task integer;
      left_terms integer[] := '{}';
    BEGIN
      IF TG_OP = 'DELETE' THEN task := OLD.id; ELSE task := NEW.id; END IF;
      IF TG_OP <> 'INSERT' THEN
        WITH gone AS (DELETE FROM task_search_terms WHERE task_id = OLD.id RETURNING term_id)
        SELECT coalesce(array_agg(term_id), '{}') INTO left_terms FROM gone;
      END IF;
      IF TG_OP <> 'DELETE' THEN
        ${indexNewTask}
      END IF;
      INSERT INTO search_postings_pending(term_id, task_id)
        SELECT changed.term_id, task FROM (
          SELECT unnest(left_terms) AS term_id
          UNION SELECT term_id FROM task_search_terms WHERE task_id = task
        ) changed WHERE changed.term_id <> 0;
      IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
      RETURN NEW;
    END $$`;
}

async function postgres(db: Kysely<unknown>) {
  // A posting as four bytes: the low half of the big-endian bigint (inlined where it is used).
  await sql`CREATE FUNCTION ordo_posting(task_id integer, in_title integer) RETURNS bytea
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT substring(int8send(task_id::int8 * 2 + in_title) FROM 5) $$`.execute(db);

  // The vocabulary is built anew with its postings rather than updated row by row, which would
  // leave every row's old version behind and, through the trigram index's pending list (read in
  // full by every lookup until a vacuum), made each lookup 40 times slower. Room on each page
  // lets a compaction's new version of a row stay on it (no new index entries); postings too
  // large to stay in the row are stored out of line uncompressed, as they are read whole.
  await sql`CREATE TABLE search_terms_packed (
      id integer PRIMARY KEY DEFAULT nextval('search_terms_id_seq'),
      term text NOT NULL UNIQUE,
      postings bytea NOT NULL DEFAULT ''::bytea
    ) WITH (fillfactor = 70)`.execute(db);
  await sql`ALTER TABLE search_terms_packed ALTER COLUMN postings SET STORAGE EXTERNAL`.execute(db);
  await sql`INSERT INTO search_terms_packed (id, term, postings)
    SELECT st.id, st.term, coalesce(packed.postings, ''::bytea) FROM search_terms AS st LEFT JOIN (
      SELECT term_id, string_agg(ordo_posting(task_id, in_title), ''::bytea) AS postings
      FROM task_search_terms GROUP BY term_id
    ) AS packed ON packed.term_id = st.id`.execute(db);
  await sql`ALTER SEQUENCE search_terms_id_seq OWNED BY search_terms_packed.id`.execute(db);
  await sql`DROP TABLE search_terms`.execute(db);
  await sql`ALTER TABLE search_terms_packed RENAME TO search_terms`.execute(db);
  await sql`ALTER INDEX search_terms_packed_pkey RENAME TO search_terms_pkey`.execute(db);
  await sql`ALTER INDEX search_terms_packed_term_key RENAME TO search_terms_term_key`.execute(db);
  // Without the pending list, a new term's index entries go straight into the index.
  await sql`CREATE INDEX search_terms_trgm ON search_terms USING gin (term gin_trgm_ops)
    WITH (fastupdate = off)`.execute(db);

  await sql`CREATE TABLE search_postings_pending (term_id integer NOT NULL, task_id integer NOT NULL)`.execute(
    db,
  );
  await sql`CREATE INDEX search_postings_pending_term ON search_postings_pending (term_id, task_id)`.execute(
    db,
  );

  // Migration 0028's trigger function, now also logging the pairs it changes.
  await sql.raw(postgresTaskSearchTermsFunction(POSTGRES_INDEX_NEW_TASK)).execute(db);

  // A word's matches as of the caller's snapshot (STABLE: every query below reads the calling
  // statement's snapshot, so the postings and the log agree): the packed postings of the terms
  // holding the pattern, the tasks the log names for those terms, whose postings may be out of
  // date, and those tasks' current postings for those terms. The caller drops `stale` tasks from
  // `postings` and adds `fresh`. One kept generic plan, as for ordo_search_terms_holding (0030).
  await sql`CREATE FUNCTION ordo_search_postings(pattern text, OUT postings bytea, OUT stale integer[],
      OUT fresh bytea) LANGUAGE plpgsql STABLE AS $body$
    DECLARE
      held integer[];
    BEGIN
      SELECT array_agg(st.id), string_agg(st.postings, ''::bytea) INTO held, postings
        FROM search_terms AS st WHERE st.term LIKE pattern ESCAPE '\\';
      IF held IS NULL THEN RETURN; END IF;
      SELECT array_agg(DISTINCT p.task_id) INTO stale
        FROM search_postings_pending AS p WHERE p.term_id = ANY (held);
      IF stale IS NULL THEN RETURN; END IF;
      SELECT string_agg(ordo_posting(t.task_id, t.in_title), ''::bytea) INTO fresh
        FROM unnest(stale) AS s(task_id) JOIN task_search_terms AS t ON t.task_id = s.task_id
        WHERE t.term_id = ANY (held);
    END
    $body$`.execute(db);
  await sql`ALTER FUNCTION ordo_search_postings(text) SET plan_cache_mode = force_generic_plan`.execute(db);
  await sql`ANALYZE search_terms`.execute(db);
}

export function searchPostings(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') await postgres(db);
    },
  };
}
