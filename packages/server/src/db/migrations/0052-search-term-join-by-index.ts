/**
 * PostgreSQL: a task's (term, task) pairs are found through the vocabulary's unique index, one
 * lookup per term of the task. The trigger function of migration 0033 joined the task's terms to
 * search_terms in one join whose planner guess for the split text (1,000 rows, the default for a
 * set-returning function) chose to hash the whole vocabulary: every task written read every term
 * there is, so writing a task grew slower with the vocabulary (7 ms per task at 20,000 terms, an
 * import of 20,000 tasks 60 s instead of 15). `OFFSET 0` keeps the lookup a subquery the planner
 * does not fold into a join. SQLite's trigger already looks each term up by its index.
 *
 * Each call plans its statements afresh (`force_custom_plan`): a plan a connection kept from when
 * the vocabulary was empty scans it whole for every word, and a connection lives long. In one
 * session on a new database, 500 tasks took 358 ms at the start and 1,538 ms at 18,000 tasks with
 * the kept plan, a flat 363–408 ms planned afresh (about 0.2 ms of planning a task).
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';
import { MAX_TERM_LENGTH, postgresTerms } from './0028-search-terms.js';
import { postgresTaskSearchTermsFunction } from './0033-search-postings.js';

/** Migration 0028's statements for the task NEW, with the pairs' lookup by index. */
const INDEX_NEW_TASK = `INSERT INTO search_terms(term)
          SELECT DISTINCT t FROM ${postgresTerms(`NEW.title || ' ' || NEW.description`)} t
          WHERE t <> '' AND length(t) <= ${MAX_TERM_LENGTH} ORDER BY 1
          ON CONFLICT (term) DO NOTHING;
        INSERT INTO task_search_terms(term_id, task_id, in_title)
          SELECT st.id, NEW.id, max(src.in_title) FROM (
            SELECT t AS term, 1 AS in_title FROM ${postgresTerms('NEW.title')} t
            UNION ALL SELECT t, 0 FROM ${postgresTerms('NEW.description')} t
          ) src CROSS JOIN LATERAL (
            SELECT id FROM search_terms WHERE term = src.term OFFSET 0
          ) st GROUP BY st.id;
        INSERT INTO task_search_terms(term_id, task_id, in_title)
          SELECT 0, NEW.id, 0 WHERE EXISTS (
            SELECT 1 FROM ${postgresTerms(`NEW.title || ' ' || NEW.description`)} t
            WHERE length(t) > ${MAX_TERM_LENGTH});`;

export function searchTermJoinByIndex(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql.raw(postgresTaskSearchTermsFunction(INDEX_NEW_TASK)).execute(db);
      await sql`ALTER FUNCTION ordo_index_task_search_terms() SET plan_cache_mode = force_custom_plan`.execute(
        db,
      );
    },
  };
}
