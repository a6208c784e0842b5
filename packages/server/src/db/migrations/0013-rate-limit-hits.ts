/**
 * The login rate limit's counters, one row per route and client address. They live in the
 * database so every server process (ORDO_WORKERS) and every server on one PostgreSQL database
 * counts against the same limit; see http/rate-limit-store.ts.
 */
import type { Kysely } from 'kysely';

export function rateLimitHits() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('rate_limit_hits')
        .addColumn('key', 'varchar(400)', (c) => c.primaryKey())
        // Milliseconds since the epoch: when the counting window began.
        .addColumn('window_start', 'bigint', (c) => c.notNull())
        .addColumn('hits', 'integer', (c) => c.notNull())
        .execute();
    },
  };
}
