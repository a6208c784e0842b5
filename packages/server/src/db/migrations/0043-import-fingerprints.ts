/**
 * What each finished import read: the SHA-256 of what the file held, per user, with when it
 * finished and the projects it made (JSON list of ids). A second upload of the same file is
 * refused while any of those projects is still there, so importing twice never duplicates; once
 * the user has deleted them the file may be imported again.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from './helpers.js';

export function importFingerprints(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('import_fingerprints'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('migrator_name', 'varchar(50)', (c) => c.notNull())
        .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
        .addColumn('imported_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('project_ids', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('import_fingerprints_user_sha')
        .on('import_fingerprints')
        .columns(['user_id', 'sha256'])
        .execute();
    },
  };
}
