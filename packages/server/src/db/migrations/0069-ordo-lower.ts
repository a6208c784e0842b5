/**
 * PostgreSQL: `ordo_lower(text)`, PostgreSQL's own lower(), so that queries spell lower case the
 * same on both databases (db/lower-case.ts); SQLite's connections register a function of that
 * name that lowers every letter as this one does. A one-line SQL function, IMMUTABLE: the
 * planner inlines it, so a query runs as if it called lower() itself.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

export function ordoLower(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`CREATE FUNCTION ordo_lower(text) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE AS 'SELECT lower($1)'`.execute(db);
    },
  };
}
