/**
 * PostgreSQL: a task's (term, task) pairs are found through the vocabulary's unique index, one
 * lookup per term of the task. The trigger function of migration 0033 joined the task's terms to
 * search_terms in one join whose planner guess for the split text (1,000 rows, the default for a
 * set-returning function) chose to hash the whole vocabulary: every task written read every term
 * there is, so writing a task grew slower with the vocabulary (7 ms per task at 20,000 terms, an
 * import of 20,000 tasks 60 s instead of 15). `OFFSET 0` keeps the lookup a subquery the planner
 * does not fold into a join. SQLite's trigger already looks each term up by its index.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

/** Longest term stored (characters), as migration 0028 set it. */
const MAX_TERM_LENGTH = 200;

function terms(text: string): string {
  return `regexp_split_to_table(lower(${text}), '[ \\t\\n\\r]+')`;
}

export function searchTermJoinByIndex(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      // Migration 0033's function with its one changed statement (the pairs of the task).
      await sql
        .raw(`CREATE OR REPLACE FUNCTION ordo_index_task_search_terms() RETURNS trigger LANGUAGE plpgsql AS $$
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
        INSERT INTO search_terms(term)
          SELECT DISTINCT t FROM ${terms(`NEW.title || ' ' || NEW.description`)} t
          WHERE t <> '' AND length(t) <= ${MAX_TERM_LENGTH} ORDER BY 1
          ON CONFLICT (term) DO NOTHING;
        INSERT INTO task_search_terms(term_id, task_id, in_title)
          SELECT st.id, NEW.id, max(src.in_title) FROM (
            SELECT t AS term, 1 AS in_title FROM ${terms('NEW.title')} t
            UNION ALL SELECT t, 0 FROM ${terms('NEW.description')} t
          ) src CROSS JOIN LATERAL (
            SELECT id FROM search_terms WHERE term = src.term OFFSET 0
          ) st GROUP BY st.id;
        INSERT INTO task_search_terms(term_id, task_id, in_title)
          SELECT 0, NEW.id, 0 WHERE EXISTS (
            SELECT 1 FROM ${terms(`NEW.title || ' ' || NEW.description`)} t
            WHERE length(t) > ${MAX_TERM_LENGTH});
      END IF;
      INSERT INTO search_postings_pending(term_id, task_id)
        SELECT changed.term_id, task FROM (
          SELECT unnest(left_terms) AS term_id
          UNION SELECT term_id FROM task_search_terms WHERE task_id = task
        ) changed WHERE changed.term_id <> 0;
      IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
      RETURN NEW;
    END $$`)
        .execute(db);
    },
  };
}
