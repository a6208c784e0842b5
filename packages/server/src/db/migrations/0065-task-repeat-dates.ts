/**
 * `tasks.repeat_dates`: the object a CalDAV client last PUT for the task repeats on dates it lists
 * (RDATE), with or without an RRULE. A calendar-query's time range keeps such tasks however long
 * ago their own dates are, as it keeps those with a client's RRULE (`repeat_rule`, migration
 * 0040): an RDATE inside the range is an instance there. Set whenever a client's object is stored.
 *
 * Existing objects are read for an RDATE line in their text; one in a RECURRENCE-ID override
 * counts too, which only keeps a task the query then reads and leaves out itself.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';
import { boolDefault } from './helpers.js';

export function taskRepeatDates(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('tasks').addColumn('repeat_dates', 'boolean', boolDefault(false)).execute();
      // A property name starts a line and is matched without regard to case (RFC 5545 §3.1).
      const listsDates =
        dialect === 'postgres'
          ? sql`ics ~* '\nRDATE[;:]'`
          : sql`(ics LIKE '%' || char(10) || 'RDATE:%' OR ics LIKE '%' || char(10) || 'RDATE;%')`;
      await sql`UPDATE tasks SET repeat_dates = TRUE
        WHERE id IN (SELECT task_id FROM caldav_objects WHERE ${listsDates})`.execute(db);
    },
  };
}
