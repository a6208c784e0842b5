/**
 * CalDAV (reference §2.18, §3.16): tokens a user makes for calendar apps, which send them as the
 * HTTP Basic password. A token is 64 random characters, so a fast SHA-256 of it is as safe to
 * keep as a slow password hash and lets every request find its row by the hash alone.
 *
 * Tasks already carry the `uid` CalDAV names them by (migration 0002); clients address a task
 * by its project and uid, so that pair gets an index here.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from './helpers.js';

export function caldavTokens(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('caldav_tokens'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        // hex of SHA-256
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('created', 'varchar(30)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('caldav_tokens_user_id').on('caldav_tokens').column('user_id').execute();
      await db.schema.createIndex('tasks_project_uid').on('tasks').columns(['project_id', 'uid']).execute();
    },
  };
}
