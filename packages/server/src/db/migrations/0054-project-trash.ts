/**
 * Deleted projects go to the trash too (modules/trash/project-keeper.ts). Their entry cannot hang
 * off a project, which is gone, so `trash.project_id` may be null (a project entry) and the entry
 * names the deleted project's owner, who may restore it (as may whoever deleted it). An owner's
 * account deletion takes their trashed projects with it.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from './helpers.js';

export function projectTrash(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') {
        await sql`ALTER TABLE trash ALTER COLUMN project_id DROP NOT NULL`.execute(db);
        await sql`ALTER TABLE trash ADD COLUMN owner_id integer REFERENCES users(id) ON DELETE CASCADE`.execute(
          db,
        );
      } else {
        await rebuildSqliteTrash(db);
      }
      await db.schema.createIndex('trash_owner').on('trash').column('owner_id').execute();
    },
  };
}

/** SQLite cannot change a column's nullability: the table is rebuilt with foreign keys off (SQLite's own recipe). */
async function rebuildSqliteTrash(db: Kysely<unknown>) {
  await sql`PRAGMA foreign_keys = OFF`.execute(db);
  try {
    await withId(db.schema.createTable('trash_new'), 'sqlite')
      .addColumn('kind', 'varchar(20)', (c) => c.notNull())
      .addColumn('item_id', 'integer', (c) => c.notNull())
      .addColumn('task_id', 'integer')
      .addColumn('project_id', 'integer', (c) => c.references('projects.id').onDelete('cascade'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('deleted_by_id', 'integer', (c) => c.notNull())
      .addColumn('deleted_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('owner_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .execute();
    await sql`INSERT INTO trash_new (id, kind, item_id, task_id, project_id, title, deleted_by_id, deleted_at, payload)
      SELECT id, kind, item_id, task_id, project_id, title, deleted_by_id, deleted_at, payload FROM trash`.execute(
      db,
    );
    await sql`DROP TABLE trash`.execute(db);
    await sql`ALTER TABLE trash_new RENAME TO trash`.execute(db);
    await db.schema.createIndex('trash_project').on('trash').columns(['project_id', 'deleted_at']).execute();
    await db.schema.createIndex('trash_deleted_at').on('trash').column('deleted_at').execute();
    await db.schema.createIndex('trash_item').on('trash').columns(['kind', 'item_id']).execute();
    const broken = await sql`PRAGMA foreign_key_check`.execute(db);
    if (broken.rows.length > 0) throw new Error('trash rebuild left dangling foreign keys');
  } finally {
    await sql`PRAGMA foreign_keys = ON`.execute(db);
  }
}
