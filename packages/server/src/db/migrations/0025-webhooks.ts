/**
 * Webhooks (reference §2.13, §3.12): a target URL that is sent the events it names. A webhook
 * belongs either to a project (`project_id`) or to a user (`user_id`, user-level webhooks); the
 * other column is null. Both cascade, so a deleted project or account takes its webhooks along.
 * The secret and the basic-auth pair are kept as given: delivery needs them in clear to sign the
 * body and to log in; responses never show them.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from './helpers.js';

export function webhooks(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('webhooks'), dialect)
        .addColumn('project_id', 'integer', (c) => c.references('projects.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('target_url', 'text', (c) => c.notNull())
        // JSON text: the event names, e.g. ["task.created","task.updated"]
        .addColumn('events', 'text', (c) => c.notNull())
        .addColumn('secret', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('basic_auth_user', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('basic_auth_password', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_by_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created', 'varchar(30)', (c) => c.notNull())
        .addColumn('updated', 'varchar(30)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('webhooks_project').on('webhooks').column('project_id').execute();
      await db.schema.createIndex('webhooks_user').on('webhooks').column('user_id').execute();
    },
  };
}
