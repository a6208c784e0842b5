/**
 * Templates (modules/templates): a project or a task a user saved to create new ones from. The
 * template holds a copy of the rows as JSON, so later changes to (or the deletion of) what it was
 * saved from do not change it. A template is its owner's alone and goes with their account.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from './helpers.js';

export function templates(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('templates'), dialect)
        .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        // 'project' or 'task'.
        .addColumn('kind', 'varchar(20)', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('task_count', 'integer', (c) => c.notNull())
        // The rows, table by table (modules/templates/template-body.ts).
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created', 'varchar(30)', (c) => c.notNull())
        .addColumn('updated', 'varchar(30)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('templates_owner').on('templates').columns(['owner_id', 'id']).execute();
    },
  };
}
