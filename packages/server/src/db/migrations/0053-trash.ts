/**
 * The trash (modules/trash): a deleted task or comment is kept here, whole, for ORDO_TRASH_DAYS days so it can
 * be restored. Its rows leave the live tables as before, so no query of the rest of Ordo (nor any
 * Vikunja client) ever sees it; the entry holds them as JSON. An entry goes with its project.
 * `trash_files` names the stored files an entry still holds, so no sweep takes them meanwhile.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from './helpers.js';

export function trash(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('trash'), dialect)
        // What was deleted: 'task' or 'comment'.
        .addColumn('kind', 'varchar(20)', (c) => c.notNull())
        .addColumn('item_id', 'integer', (c) => c.notNull())
        // A comment's task (which may itself be in the trash meanwhile); null for a task.
        .addColumn('task_id', 'integer')
        .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
        .addColumn('title', 'text', (c) => c.notNull())
        // A user id, or a link share's negative id.
        .addColumn('deleted_by_id', 'integer', (c) => c.notNull())
        .addColumn('deleted_at', 'varchar(30)', (c) => c.notNull())
        // The item's rows, table by table (modules/trash/task-snapshot.ts).
        .addColumn('payload', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('trash_project')
        .on('trash')
        .columns(['project_id', 'deleted_at'])
        .execute();
      await db.schema.createIndex('trash_deleted_at').on('trash').column('deleted_at').execute();
      await db.schema.createIndex('trash_item').on('trash').columns(['kind', 'item_id']).execute();

      await db.schema
        .createTable('trash_files')
        .addColumn('trash_id', 'integer', (c) => c.notNull().references('trash.id').onDelete('cascade'))
        .addColumn('file_id', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('trash_files_pkey', ['trash_id', 'file_id'])
        .execute();
      await db.schema.createIndex('trash_files_file').on('trash_files').column('file_id').execute();
    },
  };
}
