/**
 * Two-factor authentication with time-based one-time passwords (RFC 6238). One row per user who
 * has enrolled: the shared secret (base32), whether a passcode confirmed it, the last time step a
 * passcode was accepted for (a passcode works once), and the wrong passcodes since the last good
 * one (ten lock the account).
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { boolDefault, withId } from './helpers.js';

export function totp(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('totp'), dialect)
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().unique().references('users.id').onDelete('cascade'),
        )
        .addColumn('secret', 'varchar(64)', (c) => c.notNull())
        .addColumn('enabled', 'boolean', boolDefault(false))
        .addColumn('last_used_step', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created', 'varchar(30)', (c) => c.notNull())
        .execute();
    },
  };
}
