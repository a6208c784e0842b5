/**
 * Webhook deliveries waiting for their next attempt (modules/webhooks/delivery.ts): kept in the
 * database, so a retry outlives the process that raised the event and runs once across servers
 * (a claim with an expiry marks the one under way). They go with their webhook.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from './helpers.js';

export function webhookRetries(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('webhook_retries'), dialect)
        .addColumn('webhook_id', 'integer', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
        .addColumn('event_name', 'varchar(100)', (c) => c.notNull())
        // The exact body of the first attempt: every retry sends the same bytes (and signature).
        .addColumn('body', 'text', (c) => c.notNull())
        // Attempts made so far.
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('due_at', 'varchar(30)', (c) => c.notNull())
        // Set while a process sends it; a process that dies leaves it to expire.
        .addColumn('claimed_until', 'varchar(30)')
        .execute();
      await db.schema.createIndex('webhook_retries_due').on('webhook_retries').column('due_at').execute();
    },
  };
}
