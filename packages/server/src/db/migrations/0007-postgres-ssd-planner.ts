/**
 * PostgreSQL's default `random_page_cost` (4) models spinning disks. With it the planner prices
 * the pg_trgm GIN indexes of migration 0005 above a sequential scan of the tasks table and reads
 * 100,000 tasks for every search (50 ms instead of 11 ms). 1.1 is the usual value for SSD and
 * cloud storage. It is set on Ordo's database only, when the database user may: a user without
 * that right keeps the server default and a working, slower search.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

export function postgresSsdPlanner(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`DO $$ BEGIN
        EXECUTE format('ALTER DATABASE %I SET random_page_cost = 1.1', current_database());
      EXCEPTION WHEN insufficient_privilege THEN
        RAISE NOTICE 'random_page_cost left at the server default: %', SQLERRM;
      END $$`.execute(db);
      await sql`SET random_page_cost = 1.1`.execute(db);
    },
  };
}
