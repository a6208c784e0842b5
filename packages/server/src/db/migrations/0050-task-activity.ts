/**
 * What changed on each task, field by field: who, when, the value before and after (JSON text).
 * Read per task (newest first) and per project for the activity feed; old entries are pruned by
 * age, so `created` is indexed too. Entries go with their task (a deleted task keeps no history).
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from './helpers.js';

export function taskActivity(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('task_activity'), dialect)
        .addColumn('task_id', 'integer', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
        .addColumn('project_id', 'integer', (c) => c.notNull())
        // The user who made the change; a link share's negative id; 0 for the server itself.
        .addColumn('actor_id', 'integer', (c) => c.notNull())
        .addColumn('field', 'varchar(50)', (c) => c.notNull())
        .addColumn('before_value', 'text')
        .addColumn('after_value', 'text')
        .addColumn('created', 'varchar(30)', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('task_activity_task')
        .on('task_activity')
        .columns(['task_id', 'id'])
        .execute();
      await db.schema
        .createIndex('task_activity_project')
        .on('task_activity')
        .columns(['project_id', 'id'])
        .execute();
      await db.schema.createIndex('task_activity_created').on('task_activity').column('created').execute();
    },
  };
}
