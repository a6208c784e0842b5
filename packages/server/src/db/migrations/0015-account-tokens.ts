/**
 * Tokens sent by e-mail to prove who follows a link: a password reset or an e-mail confirmation.
 * Only a SHA-256 hash of each token is stored, so a copy of the database does not hold usable
 * links; a token is deleted when it is used.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from './helpers.js';

export function accountTokens(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('account_tokens'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        // 'password_reset' or 'email_confirm'
        .addColumn('kind', 'varchar(20)', (c) => c.notNull())
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('created', 'varchar(30)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('account_tokens_user_id').on('account_tokens').column('user_id').execute();
    },
  };
}
