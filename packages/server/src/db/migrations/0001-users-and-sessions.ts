import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';
import { boolDefault, withId } from './helpers.js';

export function usersAndSessions(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('users'), dialect)
        .addColumn('username', 'varchar(250)', (c) => c.notNull())
        .addColumn('email', 'varchar(250)', (c) => c.notNull().defaultTo(''))
        .addColumn('name', 'varchar(250)', (c) => c.notNull().defaultTo(''))
        .addColumn('password_hash', 'varchar(100)', (c) => c.notNull().defaultTo(''))
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('issuer', 'varchar(250)', (c) => c.notNull().defaultTo('local'))
        .addColumn('email_reminders_enabled', 'boolean', boolDefault(true))
        .addColumn('discoverable_by_name', 'boolean', boolDefault(false))
        .addColumn('discoverable_by_email', 'boolean', boolDefault(false))
        .addColumn('overdue_tasks_reminders_enabled', 'boolean', boolDefault(true))
        .addColumn('overdue_tasks_reminders_time', 'varchar(5)', (c) => c.notNull().defaultTo('09:00'))
        .addColumn('default_project_id', 'integer')
        .addColumn('week_start', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('language', 'varchar(50)', (c) => c.notNull().defaultTo(''))
        .addColumn('timezone', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('frontend_settings', 'text')
        .addColumn('created', 'varchar(30)', (c) => c.notNull())
        .addColumn('updated', 'varchar(30)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('users_username_unique').on('users').column('username').unique().execute();
      await db.schema.createIndex('users_email_lower').on('users').expression(sql`lower(email)`).execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('long_lived', 'boolean', boolDefault(false))
        .addColumn('device_info', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .addColumn('ip_address', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('created', 'varchar(30)', (c) => c.notNull())
        .addColumn('last_active', 'varchar(30)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();
    },
  };
}
