/**
 * The parts of a task kept in their own tables: assignees, reminders, stored files and the
 * attachments that point at them, comments, relations between tasks, and reactions on tasks and
 * comments. Rows cascade from their task so deleting a task (or its project) removes them.
 * Comment authors have no foreign key: a link share (negative id) may write comments.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from './helpers.js';

const date = 'varchar(30)';

export function taskParts(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('task_assignees'), dialect)
        .addColumn('task_id', 'integer', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created', date, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('task_assignees_unique')
        .on('task_assignees')
        .columns(['task_id', 'user_id'])
        .unique()
        .execute();
      await db.schema.createIndex('task_assignees_user_id').on('task_assignees').column('user_id').execute();

      // `reminder` is the absolute instant (null when a relative reminder's base date is unset).
      await withId(db.schema.createTable('task_reminders'), dialect)
        .addColumn('task_id', 'integer', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
        .addColumn('reminder', date)
        .addColumn('relative_period', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('relative_to', 'varchar(10)', (c) => c.notNull().defaultTo(''))
        .addColumn('created', date, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('task_reminders_task_id').on('task_reminders').column('task_id').execute();
      await db.schema
        .createIndex('task_reminders_reminder')
        .on('task_reminders')
        .column('reminder')
        .execute();

      // Stored files (attachments now, project backgrounds later); the bytes live in the file store.
      await withId(db.schema.createTable('files'), dialect)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('mime', 'varchar(250)', (c) => c.notNull().defaultTo(''))
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('created_by_id', 'integer', (c) => c.notNull())
        .addColumn('created', date, (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('task_attachments'), dialect)
        .addColumn('task_id', 'integer', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
        .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id').onDelete('cascade'))
        .addColumn('created_by_id', 'integer', (c) => c.notNull())
        .addColumn('created', date, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('task_attachments_task_id')
        .on('task_attachments')
        .column('task_id')
        .execute();

      await withId(db.schema.createTable('task_comments'), dialect)
        .addColumn('task_id', 'integer', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
        .addColumn('author_id', 'integer', (c) => c.notNull())
        .addColumn('comment', 'text', (c) => c.notNull())
        .addColumn('created', date, (c) => c.notNull())
        .addColumn('updated', date, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('task_comments_task_id')
        .on('task_comments')
        .columns(['task_id', 'created'])
        .execute();

      // Both directions are stored: (a, b, subtask) comes with (b, a, parenttask).
      await withId(db.schema.createTable('task_relations'), dialect)
        .addColumn('task_id', 'integer', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
        .addColumn('other_task_id', 'integer', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
        .addColumn('relation_kind', 'varchar(20)', (c) => c.notNull())
        .addColumn('created_by_id', 'integer', (c) => c.notNull())
        .addColumn('created', date, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('task_relations_unique')
        .on('task_relations')
        .columns(['task_id', 'other_task_id', 'relation_kind'])
        .unique()
        .execute();
      await db.schema
        .createIndex('task_relations_other')
        .on('task_relations')
        .columns(['other_task_id', 'relation_kind'])
        .execute();

      // `task_id` is the task itself or the comment's task, so reactions go with their task.
      await withId(db.schema.createTable('reactions'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('task_id', 'integer', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
        .addColumn('entity_kind', 'varchar(10)', (c) => c.notNull())
        .addColumn('entity_id', 'integer', (c) => c.notNull())
        .addColumn('value', 'varchar(20)', (c) => c.notNull())
        .addColumn('created', date, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('reactions_unique')
        .on('reactions')
        .columns(['entity_kind', 'entity_id', 'user_id', 'value'])
        .unique()
        .execute();
      await db.schema.createIndex('reactions_task_id').on('reactions').column('task_id').execute();
    },
  };
}
