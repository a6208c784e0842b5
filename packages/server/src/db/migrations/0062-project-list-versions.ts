/**
 * A version per project of everything its task lists are counted from (`project_list_versions`),
 * raised by triggers on each write, so that a list's total counted once can be answered again
 * while the version stands (tasks/list-totals.ts) instead of counted again.
 *
 * A count reads the tasks of its projects and the rows hung on them that a filter can test:
 * labels, assignees, reminders, custom field values, favourites, a view's positions and buckets,
 * and which tasks are subtasks (project_subtasks, itself kept from relations and task moves).
 * Each insert, update or delete of such a row raises the version of the project of its task (a
 * task moved raises both projects). The row of project 0 stands for what every list may read:
 * a username (an assignee filter names users).
 *
 * A version only ever goes up, so the sum of a set of projects' versions changes whenever any of
 * them does: the sum names the state of the rows of that set. A project without a row is at 0. No
 * foreign key: a project's tasks are deleted by cascade after the project, and their triggers still
 * write its row (a row of a project that is gone is never read again).
 *
 * PostgreSQL raises a version once per statement, from the statement's rows (transition tables):
 * one row updated again and again in one transaction leaves a version of itself each time, which
 * the next update steps over (see migration 0060). Projects are raised in id order, so that two
 * transactions raising the same two projects take their row locks in the same order.
 * Derived data: dumps leave it out; a restore starts the versions again, as the totals kept in
 * memory start again with the process.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

/** The row every list's version includes. */
export const EVERY_LIST = 0;

interface Source {
  table: string;
  /** The projects of the rows of `rows` (a table name, or NEW/OLD on SQLite), as column `p`. */
  projects: (rows: string, sqlite: boolean) => string;
  /** SQLite: only rows for which this holds (`row` is NEW or OLD). */
  only?: (row: string) => string;
}

/** The projects of the tasks named by `column` of `rows`. */
const ofTasks =
  (column: string, where = 'TRUE') =>
  (rows: string, sqlite: boolean) =>
    sqlite
      ? `SELECT project_id AS p FROM tasks WHERE id = ${rows}.${column}`
      : `SELECT t.project_id AS p FROM tasks t JOIN ${rows} r ON t.id = r.${column} WHERE ${where.replaceAll('$row', 'r')}`;

const ownColumn = (rows: string, sqlite: boolean) =>
  sqlite ? `SELECT ${rows}.project_id AS p` : `SELECT project_id AS p FROM ${rows}`;

const SOURCES: Source[] = [
  { table: 'tasks', projects: ownColumn },
  { table: 'project_subtasks', projects: ownColumn },
  { table: 'label_tasks', projects: ofTasks('task_id') },
  { table: 'task_assignees', projects: ofTasks('task_id') },
  { table: 'task_reminders', projects: ofTasks('task_id') },
  { table: 'task_field_values', projects: ofTasks('task_id') },
  { table: 'task_positions', projects: ofTasks('task_id') },
  { table: 'task_buckets', projects: ofTasks('task_id') },
  {
    table: 'favorites',
    projects: ofTasks('entity_id', "$row.kind = 'task'"),
    only: (row) => `${row}.kind = 'task'`,
  },
];

/** SQLite: raise the versions of the projects `ids` (a SELECT of column `p`). */
function sqliteRaise(ids: string): string {
  return `INSERT INTO project_list_versions (project_id, version)
      SELECT DISTINCT p, 1 FROM (${ids}) AS raised WHERE p IS NOT NULL
      ON CONFLICT (project_id) DO UPDATE SET version = version + 1;`;
}

async function sqliteTriggers(db: Kysely<unknown>) {
  for (const s of SOURCES) {
    const when = (row: string) => (s.only ? `WHEN ${s.only(row)}` : '');
    const name = (what: string) => `project_list_versions_${s.table}_${what}`;
    const both = `${s.projects('OLD', true)} UNION ${s.projects('NEW', true)}`;
    const triggers = [
      `CREATE TRIGGER ${name('insert')} AFTER INSERT ON ${s.table} ${when('NEW')}
        BEGIN ${sqliteRaise(s.projects('NEW', true))} END`,
      `CREATE TRIGGER ${name('delete')} AFTER DELETE ON ${s.table} ${when('OLD')}
        BEGIN ${sqliteRaise(s.projects('OLD', true))} END`,
      `CREATE TRIGGER ${name('update')} AFTER UPDATE ON ${s.table}
        ${s.only ? `WHEN ${s.only('OLD')} OR ${s.only('NEW')}` : ''}
        BEGIN ${sqliteRaise(both)} END`,
    ];
    for (const trigger of triggers) await sql.raw(trigger).execute(db);
  }
  await sql
    .raw(`CREATE TRIGGER project_list_versions_usernames AFTER UPDATE OF username ON users
      WHEN OLD.username IS NOT NEW.username
      BEGIN ${sqliteRaise(`SELECT ${EVERY_LIST} AS p`)} END`)
    .execute(db);
}

/** PostgreSQL: raise the versions of the projects `ids` (a SELECT of column `p`), in id order. */
function postgresRaise(ids: string): string {
  return `INSERT INTO project_list_versions (project_id, version)
      SELECT DISTINCT p, 1 FROM (${ids}) AS raised WHERE p IS NOT NULL ORDER BY p
      ON CONFLICT (project_id) DO UPDATE SET version = project_list_versions.version + 1;`;
}

async function postgresTriggers(db: Kysely<unknown>) {
  for (const s of SOURCES) {
    const fn = `ordo_project_list_versions_${s.table}`;
    await sql
      .raw(`CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP = 'INSERT' THEN
            ${postgresRaise(s.projects('new_rows', false))}
          ELSIF TG_OP = 'DELETE' THEN
            ${postgresRaise(s.projects('old_rows', false))}
          ELSE
            ${postgresRaise(`${s.projects('old_rows', false)} UNION ${s.projects('new_rows', false)}`)}
          END IF;
          RETURN NULL;
        END $$`)
      .execute(db);
    const name = (what: string) => `project_list_versions_${s.table}_${what}`;
    const triggers = [
      `CREATE TRIGGER ${name('insert')} AFTER INSERT ON ${s.table}
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
      `CREATE TRIGGER ${name('delete')} AFTER DELETE ON ${s.table}
        REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
      `CREATE TRIGGER ${name('update')} AFTER UPDATE ON ${s.table}
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
    ];
    for (const trigger of triggers) await sql.raw(trigger).execute(db);
  }
  await sql
    .raw(`CREATE FUNCTION ordo_project_list_versions_usernames() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        ${postgresRaise(`SELECT ${EVERY_LIST} AS p`)}
        RETURN NULL;
      END $$`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER project_list_versions_usernames AFTER UPDATE OF username ON users
      FOR EACH ROW WHEN (OLD.username IS DISTINCT FROM NEW.username)
      EXECUTE FUNCTION ordo_project_list_versions_usernames()`)
    .execute(db);
}

export function projectListVersions(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('project_list_versions')
        .addColumn('project_id', 'integer', (c) => c.primaryKey())
        .addColumn('version', 'integer', (c) => c.notNull())
        .execute();
      if (dialect === 'sqlite') await sqliteTriggers(db);
      else await postgresTriggers(db);
    },
  };
}
