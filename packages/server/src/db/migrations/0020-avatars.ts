/**
 * Avatars (reference §2.3): which provider draws a user's avatar ('default' until they choose),
 * and the stored picture for 'upload' (or one a directory or identity provider handed over).
 * Deleting the file row leaves the user without a picture, never without an account.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

export function avatars(_dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('users')
        .addColumn('avatar_provider', 'varchar(20)', (c) => c.notNull().defaultTo('default'))
        .execute();
      await db.schema
        .alterTable('users')
        .addColumn('avatar_file_id', 'integer', (c) => c.references('files.id').onDelete('set null'))
        .execute();
    },
  };
}
