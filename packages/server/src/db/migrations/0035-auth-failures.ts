/**
 * Failed sign-in attempts, one row per account and per client address (modules/brute-force). They
 * live in the database so every server process and every server on one PostgreSQL database sees
 * the same backoff. Times are milliseconds since the epoch.
 */
import type { Kysely } from 'kysely';

export function authFailures() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('auth_failures')
        .addColumn('key', 'varchar(400)', (c) => c.primaryKey())
        .addColumn('failures', 'integer', (c) => c.notNull())
        // The backoff the latest failure started (0 while under the free failures).
        .addColumn('wait_ms', 'bigint', (c) => c.notNull())
        .addColumn('blocked_until', 'bigint', (c) => c.notNull())
        .addColumn('last_attempt', 'bigint', (c) => c.notNull())
        // 1 when the latest attempt was refused (it fell inside the wait), else 0.
        .addColumn('refused', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('auth_failures_last_attempt')
        .on('auth_failures')
        .column('last_attempt')
        .execute();
    },
  };
}
