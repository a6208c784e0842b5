/**
 * Imports from other services ("migrations" in Vikunja's words, reference §2.16, §3.15): one row
 * per run, with the importer's name, when it started and when it finished (null while it runs).
 * At most one run per user is under way at a time: the partial unique index refuses a second
 * unfinished row, which is how a concurrent import is turned away (412), on both databases.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from './helpers.js';

export function migrationStatus(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('migration_status'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('migrator_name', 'varchar(50)', (c) => c.notNull())
        .addColumn('started_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('finished_at', 'varchar(30)')
        .execute();
      await db.schema
        .createIndex('migration_status_user_name')
        .on('migration_status')
        .columns(['user_id', 'migrator_name'])
        .execute();
      await db.schema
        .createIndex('migration_status_one_running')
        .unique()
        .on('migration_status')
        .column('user_id')
        .where(sql.ref('finished_at'), 'is', null)
        .execute();
    },
  };
}
