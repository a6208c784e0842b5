/**
 * Custom fields (modules/custom-fields): fields a project defines for its tasks, and the tasks'
 * values, one row per value (a multiple choice is one row per chosen option). A value is a number
 * (number; checkbox 0/1; user id) or a text (text, url, choice, date as stored dates are); the
 * filter language reads them through (field, value) indexes, so a condition on a field reads only
 * that field's entries. Texts are at most 500 characters and URLs 2,048 bytes, within
 * PostgreSQL's B-tree entry limit. Definitions go with their project, values with their task or
 * field.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from './helpers.js';

export function customFields(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('project_fields'), dialect)
        .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
        .addColumn('title', 'text', (c) => c.notNull())
        // text, number, date, choice, choices, checkbox, url, user
        .addColumn('kind', 'varchar(20)', (c) => c.notNull())
        // The options of a choice field, as a JSON array of strings.
        .addColumn('options', 'text', (c) => c.notNull())
        .addColumn('position', 'double precision', (c) => c.notNull())
        .addColumn('created', 'varchar(30)', (c) => c.notNull())
        .addColumn('updated', 'varchar(30)', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('project_fields_project')
        .on('project_fields')
        .columns(['project_id', 'position'])
        .execute();

      await withId(db.schema.createTable('task_field_values'), dialect)
        .addColumn('task_id', 'integer', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
        .addColumn('field_id', 'integer', (c) =>
          c.notNull().references('project_fields.id').onDelete('cascade'),
        )
        .addColumn('num_value', 'double precision')
        .addColumn('text_value', 'varchar(2048)')
        .execute();
      // Filters and sorts on one field read these, field first.
      await db.schema
        .createIndex('task_field_values_number')
        .on('task_field_values')
        .columns(['field_id', 'num_value', 'task_id'])
        .execute();
      await db.schema
        .createIndex('task_field_values_text')
        .on('task_field_values')
        .columns(['field_id', 'text_value', 'task_id'])
        .execute();
      // A page of tasks reads its values by task.
      await db.schema
        .createIndex('task_field_values_task')
        .on('task_field_values')
        .columns(['task_id', 'field_id'])
        .execute();

      // A value change is recorded under the field's title (up to 250 characters).
      if (dialect === 'postgres') {
        await sql`ALTER TABLE task_activity ALTER COLUMN field TYPE varchar(300)`.execute(db);
      }
    },
  };
}
