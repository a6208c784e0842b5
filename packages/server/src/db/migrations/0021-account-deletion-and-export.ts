/**
 * What a user does to their own account: change the e-mail address (the new one waits in
 * `pending_email` until a mailed link confirms it), schedule the account's deletion
 * (`deletion_scheduled_at`, three days after the mailed link was confirmed), and export their data
 * (one `user_exports` row per user: the finished zip's file, and the start of a build under way).
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from './helpers.js';

export function accountDeletionAndExport(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('pending_email', 'varchar(250)').execute();
      await db.schema.alterTable('users').addColumn('deletion_scheduled_at', 'varchar(30)').execute();
      await db.schema
        .createIndex('users_deletion_scheduled_at')
        .on('users')
        .column('deletion_scheduled_at')
        .execute();
      await withId(db.schema.createTable('user_exports'), dialect)
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().unique().references('users.id').onDelete('cascade'),
        )
        // The finished zip in `files`; null until the first build finishes.
        .addColumn('file_id', 'integer')
        // When the build under way started; null when none is.
        .addColumn('build_started', 'varchar(30)')
        .execute();
    },
  };
}
