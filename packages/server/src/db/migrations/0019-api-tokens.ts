/**
 * API tokens (reference §1.2, §2.14): long-lived `tk_…` secrets a user makes for scripts and
 * other clients, each limited to the permissions it lists. Only a salted PBKDF2 hash of the
 * token is kept; the last eight characters find the row (indexed), the hash proves the token.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from './helpers.js';

export function apiTokens(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('api_tokens'), dialect)
        .addColumn('title', 'varchar(250)', (c) => c.notNull())
        .addColumn('token_salt', 'varchar(64)', (c) => c.notNull())
        // hex of the 50-byte PBKDF2-SHA256 key
        .addColumn('token_hash', 'varchar(100)', (c) => c.notNull().unique())
        .addColumn('token_last_eight', 'varchar(8)', (c) => c.notNull())
        // JSON text: {"tasks":["read_all","update"]}
        .addColumn('permissions', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created', 'varchar(30)', (c) => c.notNull())
        .addColumn('updated', 'varchar(30)', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('api_tokens_last_eight')
        .on('api_tokens')
        .column('token_last_eight')
        .execute();
      await db.schema.createIndex('api_tokens_owner_id').on('api_tokens').column('owner_id').execute();
    },
  };
}
