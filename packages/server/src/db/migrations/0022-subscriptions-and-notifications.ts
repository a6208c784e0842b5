/**
 * Subscriptions to projects and tasks, and the in-app notifications sent to users (reference
 * §3.11, §4.14). A subscription names its entity by kind and id (no foreign key: it points at a
 * project or a task); the services remove it with its entity. A notification keeps the project it
 * is about, so a list can hide those about projects the user can no longer read. A reminder
 * delivery records that a task's reminder at a given time has been notified: inserting it is how a
 * server process claims the reminder, so several processes never notify it twice; it is keyed by
 * time, not by reminder row, because saving a task writes its reminder rows anew.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from './helpers.js';

export function subscriptionsAndNotifications(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('subscriptions'), dialect)
        // 'project' or 'task'
        .addColumn('entity_type', 'varchar(10)', (c) => c.notNull())
        .addColumn('entity_id', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created', 'varchar(30)', (c) => c.notNull())
        .addUniqueConstraint('subscriptions_user_entity', ['user_id', 'entity_type', 'entity_id'])
        .execute();
      await db.schema
        .createIndex('subscriptions_entity')
        .on('subscriptions')
        .columns(['entity_type', 'entity_id'])
        .execute();

      await withId(db.schema.createTable('notifications'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'varchar(50)', (c) => c.notNull())
        // JSON text: the payload of reference §3.11 for this name
        .addColumn('payload', 'text', (c) => c.notNull())
        // The project the notification is about (null for team notifications)
        .addColumn('project_id', 'integer')
        .addColumn('read_at', 'varchar(30)')
        .addColumn('created', 'varchar(30)', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('notifications_user_created')
        .on('notifications')
        .columns(['user_id', 'created'])
        .execute();

      await withId(db.schema.createTable('reminder_deliveries'), dialect)
        .addColumn('task_id', 'integer', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
        .addColumn('reminder', 'varchar(30)', (c) => c.notNull())
        .addColumn('created', 'varchar(30)', (c) => c.notNull())
        .addUniqueConstraint('reminder_deliveries_task_reminder', ['task_id', 'reminder'])
        .execute();
    },
  };
}
