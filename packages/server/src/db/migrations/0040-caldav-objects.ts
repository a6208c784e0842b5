/**
 * CalDAV keeps what a client sends. `caldav_objects` holds, per task a client wrote, the address
 * (resource name) it chose in the collection of `project_id` and the calendar object it last
 * PUT, verbatim, with the time zone its floating and all-day times were read in; a task moved to
 * another project is addressed by `<uid>.ics` there. A name, and a UID, are unique per project,
 * so two clients writing at once cannot make two objects of one name or one UID.
 * `tasks.repeat_rule` is a client's RRULE, verbatim, beside the repeat Ordo runs it as; any
 * change of the repeat in Ordo clears it.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

export function caldavObjects(_dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('caldav_objects')
        .addColumn('task_id', 'integer', (c) => c.primaryKey().references('tasks.id').onDelete('cascade'))
        .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
        .addColumn('href', 'varchar(1000)', (c) => c.notNull())
        .addColumn('uid', 'varchar(250)', (c) => c.notNull())
        .addColumn('ics', 'text', (c) => c.notNull())
        .addColumn('time_zone', 'varchar(100)', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('caldav_objects_project_href')
        .on('caldav_objects')
        .columns(['project_id', 'href'])
        .unique()
        .execute();
      await db.schema
        .createIndex('caldav_objects_project_uid')
        .on('caldav_objects')
        .columns(['project_id', 'uid'])
        .unique()
        .execute();
      await db.schema
        .alterTable('tasks')
        .addColumn('repeat_rule', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
    },
  };
}
