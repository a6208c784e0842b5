/**
 * Projects, their views and kanban buckets, tasks with per-view positions and buckets, labels,
 * and per-user favourites. Child rows cascade from their parent so deleting a project (after
 * collecting its descendants) removes everything inside it in one statement.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { boolDefault, withId } from './helpers.js';

const date = 'varchar(30)';
const float = 'double precision';

export function projectsViewsTasksLabels(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('projects'), dialect)
        .addColumn('title', 'varchar(250)', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('identifier', 'varchar(10)', (c) => c.notNull().defaultTo(''))
        .addColumn('hex_color', 'varchar(6)', (c) => c.notNull().defaultTo(''))
        .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        // 0 for top-level projects; no foreign key because 0 is not a row.
        .addColumn('parent_project_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_archived', 'boolean', boolDefault(false))
        .addColumn('background_file_id', 'integer')
        .addColumn('background_blur_hash', 'varchar(50)', (c) => c.notNull().defaultTo(''))
        .addColumn('position', float, (c) => c.notNull().defaultTo(0))
        .addColumn('created', date, (c) => c.notNull())
        .addColumn('updated', date, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('projects_owner_id').on('projects').column('owner_id').execute();
      await db.schema
        .createIndex('projects_parent_project_id')
        .on('projects')
        .column('parent_project_id')
        .execute();
      await db.schema
        .createIndex('projects_identifier')
        .on('projects')
        .columns(['owner_id', 'identifier'])
        .execute();

      await withId(db.schema.createTable('project_views'), dialect)
        .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
        .addColumn('title', 'varchar(250)', (c) => c.notNull())
        .addColumn('view_kind', 'varchar(10)', (c) => c.notNull().defaultTo('list'))
        // JSON text of {s, sort_by, order_by, filter, filter_include_nulls}, or null
        .addColumn('filter', 'text')
        .addColumn('position', float, (c) => c.notNull().defaultTo(0))
        .addColumn('bucket_configuration_mode', 'varchar(10)', (c) => c.notNull().defaultTo('none'))
        .addColumn('bucket_configuration', 'text')
        .addColumn('default_bucket_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('done_bucket_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created', date, (c) => c.notNull())
        .addColumn('updated', date, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('project_views_project_id')
        .on('project_views')
        .column('project_id')
        .execute();

      await withId(db.schema.createTable('buckets'), dialect)
        .addColumn('project_view_id', 'integer', (c) =>
          c.notNull().references('project_views.id').onDelete('cascade'),
        )
        .addColumn('title', 'varchar(250)', (c) => c.notNull())
        .addColumn('limit', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('position', float, (c) => c.notNull().defaultTo(0))
        .addColumn('created_by_id', 'integer', (c) => c.notNull())
        .addColumn('created', date, (c) => c.notNull())
        .addColumn('updated', date, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('buckets_project_view_id')
        .on('buckets')
        .column('project_view_id')
        .execute();

      await withId(db.schema.createTable('tasks'), dialect)
        .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('done', 'boolean', boolDefault(false))
        .addColumn('done_at', date)
        .addColumn('due_date', date)
        .addColumn('start_date', date)
        .addColumn('end_date', date)
        .addColumn('repeat_after', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('repeat_mode', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('hex_color', 'varchar(6)', (c) => c.notNull().defaultTo(''))
        .addColumn('percent_done', float, (c) => c.notNull().defaultTo(0))
        .addColumn('index', 'integer', (c) => c.notNull())
        .addColumn('uid', 'varchar(250)', (c) => c.notNull())
        .addColumn('cover_image_attachment_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_by_id', 'integer', (c) => c.notNull())
        .addColumn('created', date, (c) => c.notNull())
        .addColumn('updated', date, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('tasks_project_index')
        .on('tasks')
        .columns(['project_id', 'index'])
        .unique()
        .execute();
      for (const column of [
        'done',
        'due_date',
        'start_date',
        'end_date',
        'done_at',
        'priority',
        'created',
        'updated',
      ]) {
        await db.schema.createIndex(`tasks_${column}`).on('tasks').column(column).execute();
      }
      await db.schema.createIndex('tasks_created_by_id').on('tasks').column('created_by_id').execute();

      await db.schema
        .createTable('task_positions')
        .addColumn('task_id', 'integer', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
        .addColumn('project_view_id', 'integer', (c) =>
          c.notNull().references('project_views.id').onDelete('cascade'),
        )
        .addColumn('position', float, (c) => c.notNull())
        .addPrimaryKeyConstraint('task_positions_pk', ['task_id', 'project_view_id'])
        .execute();
      await db.schema
        .createIndex('task_positions_view')
        .on('task_positions')
        .columns(['project_view_id', 'position'])
        .execute();

      await db.schema
        .createTable('task_buckets')
        .addColumn('task_id', 'integer', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
        .addColumn('project_view_id', 'integer', (c) =>
          c.notNull().references('project_views.id').onDelete('cascade'),
        )
        .addColumn('bucket_id', 'integer', (c) => c.notNull().references('buckets.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('task_buckets_pk', ['task_id', 'project_view_id'])
        .execute();
      await db.schema.createIndex('task_buckets_bucket').on('task_buckets').column('bucket_id').execute();

      await withId(db.schema.createTable('labels'), dialect)
        .addColumn('title', 'varchar(250)', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('hex_color', 'varchar(6)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_by_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created', date, (c) => c.notNull())
        .addColumn('updated', date, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('labels_created_by_id').on('labels').column('created_by_id').execute();

      await withId(db.schema.createTable('label_tasks'), dialect)
        .addColumn('task_id', 'integer', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
        .addColumn('label_id', 'integer', (c) => c.notNull().references('labels.id').onDelete('cascade'))
        .addColumn('created', date, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('label_tasks_unique')
        .on('label_tasks')
        .columns(['task_id', 'label_id'])
        .unique()
        .execute();
      await db.schema.createIndex('label_tasks_label_id').on('label_tasks').column('label_id').execute();

      // Per-user favourites of tasks and projects; rows are removed with the entity by the services.
      await db.schema
        .createTable('favorites')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'varchar(10)', (c) => c.notNull())
        .addColumn('entity_id', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('favorites_pk', ['user_id', 'kind', 'entity_id'])
        .execute();
      await db.schema
        .createIndex('favorites_entity')
        .on('favorites')
        .columns(['kind', 'entity_id'])
        .execute();
    },
  };
}
