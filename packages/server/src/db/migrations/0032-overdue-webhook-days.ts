/**
 * The daily overdue webhook events (`task.overdue`, `tasks.overdue`): one row per user and local
 * calendar day they were fired for, as `overdue_digests` (0027) is for the mail. Kept apart from
 * the mail's claims so that a mail that fails and is tried again never fires the events twice,
 * and the events go out whether or not mail is set up.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from './helpers.js';

export function overdueWebhookDays(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('overdue_webhook_days'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        // The user's calendar day, YYYY-MM-DD in their time zone
        .addColumn('local_date', 'varchar(10)', (c) => c.notNull())
        .addColumn('created', 'varchar(30)', (c) => c.notNull())
        .addUniqueConstraint('overdue_webhook_days_user_day', ['user_id', 'local_date'])
        .execute();
    },
  };
}
