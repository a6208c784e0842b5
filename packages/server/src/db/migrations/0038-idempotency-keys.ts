/**
 * Idempotency-Key records: per caller (a user's id, or a link share's negative id) and key, the
 * request's fingerprint and, once answered, its status and body, so that a retried create gets
 * the first answer instead of creating twice. Rows are kept 24 hours (http/idempotency.ts).
 * No foreign key: link shares are stored as negative ids, and the rows outlive nothing for long.
 */
import type { Kysely } from 'kysely';

export function idempotencyKeys() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('idempotency_keys')
        .addColumn('principal_id', 'integer', (c) => c.notNull())
        .addColumn('key', 'varchar(255)', (c) => c.notNull())
        // SHA-256 (hex) of the method, path and body of the first request with this key.
        .addColumn('fingerprint', 'varchar(64)', (c) => c.notNull())
        // 'pending' while the first request runs, 'done' once its answer is stored, 'failed' when
        // it failed after it may already have written.
        .addColumn('state', 'varchar(8)', (c) => c.notNull())
        .addColumn('status_code', 'integer')
        .addColumn('content_type', 'varchar(200)')
        .addColumn('body', 'text')
        // Milliseconds since the epoch: when the first request claimed the key.
        .addColumn('created', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('idempotency_keys_pkey', ['principal_id', 'key'])
        .execute();
      await db.schema
        .createIndex('idempotency_keys_created')
        .on('idempotency_keys')
        .column('created')
        .execute();
    },
  };
}
