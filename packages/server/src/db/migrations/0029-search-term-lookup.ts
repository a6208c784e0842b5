/**
 * PostgreSQL: the vocabulary terms holding a pattern, behind a function. A search statement that
 * named `term LIKE $1` itself was planned afresh on every run (about 0.2 ms, more than half of
 * reading a common word's matches), because its plan depends on the pattern. Behind the function
 * the statement's plan no longer does, so PostgreSQL keeps one generic plan for it after a few
 * runs (planning 0.005 ms); the function plans only its own one-table lookup. ROWS 10 tells the
 * planner a pattern holds a few terms, so it looks their tasks up by key. SQLite needs nothing:
 * its statements are compiled once and do not plan per run.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

export function searchTermLookup(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`CREATE FUNCTION ordo_search_terms_holding(pattern text) RETURNS SETOF integer
        LANGUAGE plpgsql STABLE ROWS 10 AS $body$
        BEGIN
          RETURN QUERY SELECT id FROM search_terms WHERE term LIKE pattern ESCAPE '\\';
        END
        $body$`.execute(db);
    },
  };
}
