/**
 * The daily overdue-tasks mail (user settings `overdue_tasks_reminders_*`): one row per user and
 * local calendar day it was sent for. Inserting the row is how a server process claims that day's
 * mail, so however many processes sweep, nobody gets it twice the same day; the unique
 * (user, day) index makes a second insert do nothing.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from './helpers.js';

export function overdueDigests(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('overdue_digests'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        // The user's calendar day, YYYY-MM-DD in their time zone
        .addColumn('local_date', 'varchar(10)', (c) => c.notNull())
        .addColumn('created', 'varchar(30)', (c) => c.notNull())
        .addUniqueConstraint('overdue_digests_user_day', ['user_id', 'local_date'])
        .execute();
    },
  };
}
