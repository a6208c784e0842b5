/**
 * PostgreSQL: what a statement inserting or deleting many rows at once (an import, a restore, a
 * project's tasks deleted with it) records in counters and CalDAV's change log is written once
 * per statement, from the statement's rows, instead of once per row.
 *
 * Per row, each task inserted raised its project's counters and CalDAV change counter: the same
 * few rows updated once for every task, in one transaction. On PostgreSQL every such update
 * leaves a row version the next update must step over until the transaction ends, so the cost
 * grew with the number of rows already written: 100,000 tasks inserted into one project took 15
 * minutes, a thousand of them at 15,000 in spent 2.7 s in triggers (1.2 s of it in CalDAV's).
 * SQLite updates a row in place and keeps its row triggers.
 *
 * The task counters (migrations 0010–0012) count inserts and deletes per statement (see
 * `countPerStatement`); CalDAV records the tasks a statement inserted in one change (the
 * project's counter goes up once for them all; a sync token names a committed state, and they
 * commit together). Updates keep their row triggers.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';
import { BUCKET_TASK_COUNTS } from './0010-bucket-task-counts.js';
import { PROJECT_TASK_COUNTS } from './0011-project-task-counts.js';
import { PROJECT_OPEN_TASK_COUNTS } from './0012-project-open-task-counts.js';
import { countPerStatement } from './trigger-counters.js';

/** The counters as migrations 0010–0012 made them. */
const TASK_COUNTERS = [BUCKET_TASK_COUNTS, PROJECT_TASK_COUNTS, PROJECT_OPEN_TASK_COUNTS];

export function bulkTaskTriggers(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      for (const counter of TASK_COUNTERS) await countPerStatement(db, counter);
      // Migration 0041's row trigger on tasks handled inserts and updates; it keeps the updates.
      await sql`DROP TRIGGER caldav_changes_tasks ON tasks`.execute(db);
      await sql`CREATE TRIGGER caldav_changes_tasks AFTER UPDATE ON tasks
        FOR EACH ROW EXECUTE FUNCTION ordo_caldav_changes_tasks()`.execute(db);
      await sql`CREATE FUNCTION ordo_caldav_changes_tasks_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          PERFORM ordo_caldav_touch(ARRAY(SELECT id FROM new_rows), true);
          RETURN NULL;
        END $$`.execute(db);
      await sql`CREATE TRIGGER caldav_changes_tasks_insert AFTER INSERT ON tasks REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION ordo_caldav_changes_tasks_inserted()`.execute(db);
    },
  };
}
