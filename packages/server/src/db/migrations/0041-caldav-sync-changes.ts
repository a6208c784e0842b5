/**
 * CalDAV collection sync (RFC 6578): a change counter per project (`caldav_sync_state.seq`) and,
 * per calendar object name, the counter value of its last change (`caldav_changes`), kept by
 * triggers on every table a VTODO is rendered from: tasks, their labels (and a label's title),
 * reminders and relations. A sync token is a project's counter; an incremental sync reads the
 * rows with a higher value through the (project_id, seq) index, so it costs what changed, not
 * what the project holds. A deleted or moved object's row stays as a tombstone (`deleted`) for at
 * least 30 days; pruning one raises the project's `floor`, the oldest token still answered.
 *
 * The counter of a project is one row, updated in the writing transaction: on PostgreSQL its row
 * lock orders writers of one project, so a token never skips a change that commits later with a
 * lower value. Rows for an object keep one row per (project, name): a rename or a move leaves a
 * tombstone under the old name. A project that is gone records nothing (its rows go with it).
 * Derived data: dumps leave both tables out, and a restore refills them as it inserts tasks.
 *
 * An object's name is the one a client chose for it (`caldav_objects.href`, migration 0040)
 * while the task is in the project it was chosen in, else `<uid>.ics`; triggers on
 * caldav_objects record a name set, changed or dropped as a rename. A deleted task's tombstone
 * is written before its row goes, while the client's name for it is still there.
 *
 * `caldav_collection_names`: the name a client gave a calendar it made with MKCALENDAR (RFC 4791
 * §5.3.1), per user, so the address it chose leads to the project made for it.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

const SQLITE_NOW = `CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)`;
const UPSERT_CHANGE = `ON CONFLICT (project_id, name) DO UPDATE SET task_id = excluded.task_id,
  deleted = excluded.deleted, seq = excluded.seq, changed_at = excluded.changed_at`;

/**
 * SQLite: the resource name of the task row `t` (a table alias, OLD or NEW) in its project: the
 * one a client chose (caldav_objects, migration 0040) while the task is in that project, else
 * `<uid>.ics`. The name a client chose stays with the project it was chosen in.
 */
const sqliteName = (t: string) =>
  `COALESCE((SELECT co.href FROM caldav_objects co WHERE co.task_id = ${t}.id AND co.project_id = ${t}.project_id), ${t}.uid || '.ics')`;

/**
 * SQLite: the objects of the tasks `ids` (a subquery) changed. `born` is what a row made now
 * records as the name's first appearance: the new counter (`s.seq`) for a task just made or
 * renamed, 0 (maybe seen by any client) otherwise. An existing row keeps its own.
 */
function sqliteTouch(ids: string, born = '0'): string {
  return `INSERT INTO caldav_sync_state (project_id, seq, floor)
      SELECT DISTINCT project_id, 1, 0 FROM tasks WHERE id IN (${ids})
      ON CONFLICT (project_id) DO UPDATE SET seq = seq + 1;
    INSERT INTO caldav_changes (project_id, name, task_id, deleted, seq, changed_at, born)
      SELECT t.project_id, ${sqliteName('t')}, t.id, FALSE, s.seq, ${SQLITE_NOW}, ${born}
      FROM tasks t, caldav_sync_state s WHERE t.id IN (${ids}) AND s.project_id = t.project_id
      ${UPSERT_CHANGE};`;
}

/** SQLite: the object `name` of task `taskId` is gone from project `project`, when `when` holds. */
function sqliteGone(project: string, name: string, taskId: string, when = 'TRUE'): string {
  const holds = `(${when}) AND EXISTS (SELECT 1 FROM projects WHERE id = ${project})`;
  return `INSERT INTO caldav_sync_state (project_id, seq, floor) SELECT ${project}, 1, 0 WHERE ${holds}
      ON CONFLICT (project_id) DO UPDATE SET seq = seq + 1;
    INSERT INTO caldav_changes (project_id, name, task_id, deleted, seq, changed_at, born)
      SELECT ${project}, ${name}, ${taskId}, TRUE, s.seq, ${SQLITE_NOW}, 0
      FROM caldav_sync_state s WHERE s.project_id = ${project} AND ${holds}
      ${UPSERT_CHANGE};`;
}

/**
 * SQLite: a client's name for a task was set, changed or dropped (`row` is NEW or OLD of
 * caldav_objects; `before`/`after` its name in the task's project before and after, as
 * expressions over the task `t`). The old name becomes a tombstone when it differs.
 */
function sqliteRenamed(row: string, before: string, after: string): string {
  const task = (e: string) => `(SELECT ${e} FROM tasks t WHERE t.id = ${row}.task_id)`;
  const renamed = `${task(before)} IS NOT ${task(after)}`;
  return `${sqliteGone(task('t.project_id'), task(before), `${row}.task_id`, renamed)}
    ${sqliteTouch(`${row}.task_id`, `CASE WHEN ${renamed} THEN s.seq ELSE 0 END`)}`;
}

async function sqliteTriggers(db: Kysely<unknown>) {
  const renamed = `OLD.project_id IS NOT NEW.project_id OR ${sqliteName('OLD')} IS NOT ${sqliteName('NEW')}`;
  const uidName = `t.uid || '.ics'`;
  /** The name a caldav_objects row gives its task while both are in one project. */
  const nameBy = (row: string) =>
    `CASE WHEN ${row}.project_id = t.project_id THEN ${row}.href ELSE ${uidName} END`;
  const taskIn = (row: string) =>
    `EXISTS (SELECT 1 FROM tasks WHERE id = ${row}.task_id AND project_id = ${row}.project_id)`;
  const triggers: [string, string][] = [
    ['tasks_insert', `AFTER INSERT ON tasks BEGIN ${sqliteTouch('NEW.id', 's.seq')} END`],
    // Before the row goes: a client's name for it (caldav_objects) goes with it by cascade.
    [
      'tasks_delete',
      `BEFORE DELETE ON tasks BEGIN ${sqliteGone('OLD.project_id', sqliteName('OLD'), 'OLD.id')} END`,
    ],
    [
      'tasks_update',
      `AFTER UPDATE ON tasks BEGIN
        ${sqliteGone('OLD.project_id', sqliteName('OLD'), 'OLD.id', renamed)}
        ${sqliteTouch('NEW.id', `CASE WHEN ${renamed} THEN s.seq ELSE 0 END`)} END`,
    ],
    // A client's name for a task: set, changed or dropped while the task lives on. When the task
    // itself is deleted its own trigger above has recorded the tombstone.
    [
      'objects_insert',
      `AFTER INSERT ON caldav_objects WHEN ${taskIn('NEW')} BEGIN
        ${sqliteRenamed('NEW', uidName, nameBy('NEW'))} END`,
    ],
    [
      'objects_update',
      `AFTER UPDATE ON caldav_objects WHEN ${taskIn('OLD')} OR ${taskIn('NEW')} BEGIN
        ${sqliteRenamed('NEW', nameBy('OLD'), nameBy('NEW'))} END`,
    ],
    [
      'objects_delete',
      `AFTER DELETE ON caldav_objects WHEN ${taskIn('OLD')} BEGIN
        ${sqliteRenamed('OLD', nameBy('OLD'), uidName)} END`,
    ],
    ['label_tasks_insert', `AFTER INSERT ON label_tasks BEGIN ${sqliteTouch('NEW.task_id')} END`],
    ['label_tasks_delete', `AFTER DELETE ON label_tasks BEGIN ${sqliteTouch('OLD.task_id')} END`],
    [
      'labels_title',
      `AFTER UPDATE OF title ON labels WHEN OLD.title IS NOT NEW.title BEGIN
        ${sqliteTouch('SELECT task_id FROM label_tasks WHERE label_id = NEW.id')} END`,
    ],
    ['task_reminders_insert', `AFTER INSERT ON task_reminders BEGIN ${sqliteTouch('NEW.task_id')} END`],
    [
      'task_reminders_update',
      `AFTER UPDATE ON task_reminders BEGIN ${sqliteTouch('NEW.task_id')} ${sqliteTouch('OLD.task_id')} END`,
    ],
    ['task_reminders_delete', `AFTER DELETE ON task_reminders BEGIN ${sqliteTouch('OLD.task_id')} END`],
    [
      'task_relations_insert',
      `AFTER INSERT ON task_relations BEGIN ${sqliteTouch('NEW.task_id, NEW.other_task_id')} END`,
    ],
    [
      'task_relations_delete',
      `AFTER DELETE ON task_relations BEGIN ${sqliteTouch('OLD.task_id, OLD.other_task_id')} END`,
    ],
  ];
  for (const [name, body] of triggers)
    await sql.raw(`CREATE TRIGGER caldav_changes_${name} ${body}`).execute(db);
}

async function postgresTriggers(db: Kysely<unknown>) {
  // A task's resource name in its project: see sqliteName.
  await sql`CREATE FUNCTION ordo_caldav_name(task integer, project integer, uid text) RETURNS text
    LANGUAGE sql STABLE AS $$
      SELECT COALESCE(
        (SELECT href FROM caldav_objects WHERE task_id = task AND project_id = project), uid || '.ics')
    $$`.execute(db);
  await sql`CREATE FUNCTION ordo_caldav_touch(ids integer[], fresh boolean DEFAULT false) RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO caldav_sync_state (project_id, seq, floor)
        SELECT DISTINCT project_id, 1, 0 FROM tasks WHERE id = ANY(ids)
        ON CONFLICT (project_id) DO UPDATE SET seq = caldav_sync_state.seq + 1;
      INSERT INTO caldav_changes (project_id, name, task_id, deleted, seq, changed_at, born)
        SELECT DISTINCT ON (t.project_id, t.name) t.project_id, t.name, t.id, FALSE, s.seq,
          (extract(epoch from clock_timestamp()) * 1000)::bigint, CASE WHEN fresh THEN s.seq ELSE 0 END
        FROM (SELECT id, project_id, ordo_caldav_name(id, project_id, uid) AS name
              FROM tasks WHERE id = ANY(ids)) t
          JOIN caldav_sync_state s ON s.project_id = t.project_id
        ORDER BY t.project_id, t.name, t.id
        ${sql.raw(UPSERT_CHANGE)};
    END $$`.execute(db);
  await sql`CREATE FUNCTION ordo_caldav_gone(p integer, n text, t integer) RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      IF NOT EXISTS (SELECT 1 FROM projects WHERE id = p) THEN RETURN; END IF;
      INSERT INTO caldav_sync_state (project_id, seq, floor) VALUES (p, 1, 0)
        ON CONFLICT (project_id) DO UPDATE SET seq = caldav_sync_state.seq + 1;
      INSERT INTO caldav_changes (project_id, name, task_id, deleted, seq, changed_at, born)
        SELECT p, n, t, TRUE, s.seq, (extract(epoch from clock_timestamp()) * 1000)::bigint, 0
        FROM caldav_sync_state s WHERE s.project_id = p
        ${sql.raw(UPSERT_CHANGE)};
    END $$`.execute(db);
  const oldName = 'ordo_caldav_name(OLD.id, OLD.project_id, OLD.uid)';
  const renamed = `OLD.project_id IS DISTINCT FROM NEW.project_id
    OR ${oldName} IS DISTINCT FROM ordo_caldav_name(NEW.id, NEW.project_id, NEW.uid)`;
  const functions: [string, string, string][] = [
    [
      'tasks',
      'AFTER INSERT OR UPDATE',
      `IF TG_OP = 'INSERT' THEN PERFORM ordo_caldav_touch(ARRAY[NEW.id], true);
       ELSIF ${renamed} THEN
         PERFORM ordo_caldav_gone(OLD.project_id, ${oldName}, OLD.id);
         PERFORM ordo_caldav_touch(ARRAY[NEW.id], true);
       ELSE PERFORM ordo_caldav_touch(ARRAY[NEW.id], false);
       END IF;`,
    ],
    // A client's name for a task: set, changed or dropped while the task lives on. When the task
    // itself is deleted (this row goes by cascade) its own trigger has recorded the tombstone.
    [
      'caldav_objects',
      'AFTER INSERT OR UPDATE OR DELETE',
      `IF TG_OP = 'DELETE' THEN tid := OLD.task_id; ELSE tid := NEW.task_id; END IF;
       SELECT project_id, uid INTO p, u FROM tasks WHERE id = tid;
       IF p IS NULL THEN RETURN NULL; END IF;
       old_name := u || '.ics';
       new_name := u || '.ics';
       IF TG_OP <> 'INSERT' THEN
         IF OLD.project_id = p THEN old_name := OLD.href; END IF;
       END IF;
       IF TG_OP <> 'DELETE' THEN
         IF NEW.project_id = p THEN new_name := NEW.href; END IF;
       ELSIF OLD.project_id <> p THEN RETURN NULL;
       END IF;
       IF old_name IS DISTINCT FROM new_name THEN PERFORM ordo_caldav_gone(p, old_name, tid); END IF;
       PERFORM ordo_caldav_touch(ARRAY[tid], old_name IS DISTINCT FROM new_name);`,
    ],
    [
      'label_tasks',
      'AFTER INSERT OR DELETE',
      `IF TG_OP = 'INSERT' THEN PERFORM ordo_caldav_touch(ARRAY[NEW.task_id]);
       ELSE PERFORM ordo_caldav_touch(ARRAY[OLD.task_id]); END IF;`,
    ],
    [
      'labels',
      'AFTER UPDATE OF title',
      `IF OLD.title IS DISTINCT FROM NEW.title THEN
         PERFORM ordo_caldav_touch(ARRAY(SELECT task_id FROM label_tasks WHERE label_id = NEW.id));
       END IF;`,
    ],
    [
      'task_reminders',
      'AFTER INSERT OR UPDATE OR DELETE',
      `IF TG_OP = 'INSERT' THEN PERFORM ordo_caldav_touch(ARRAY[NEW.task_id]);
       ELSIF TG_OP = 'UPDATE' THEN PERFORM ordo_caldav_touch(ARRAY[NEW.task_id, OLD.task_id]);
       ELSE PERFORM ordo_caldav_touch(ARRAY[OLD.task_id]); END IF;`,
    ],
    [
      'task_relations',
      'AFTER INSERT OR DELETE',
      `IF TG_OP = 'INSERT' THEN PERFORM ordo_caldav_touch(ARRAY[NEW.task_id, NEW.other_task_id]);
       ELSE PERFORM ordo_caldav_touch(ARRAY[OLD.task_id, OLD.other_task_id]); END IF;`,
    ],
  ];
  for (const [table, when, body] of functions) {
    await sql
      .raw(`CREATE FUNCTION ordo_caldav_changes_${table}() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE tid integer; p integer; u text; old_name text; new_name text;
        BEGIN ${body} RETURN NULL; END $$`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER caldav_changes_${table} ${when} ON ${table}
        FOR EACH ROW EXECUTE FUNCTION ordo_caldav_changes_${table}()`)
      .execute(db);
  }
  // Before the row goes: a client's name for it (caldav_objects) goes with it by cascade.
  await sql`CREATE FUNCTION ordo_caldav_changes_tasks_delete() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM ordo_caldav_gone(OLD.project_id, ordo_caldav_name(OLD.id, OLD.project_id, OLD.uid), OLD.id);
      RETURN OLD;
    END $$`.execute(db);
  await sql`CREATE TRIGGER caldav_changes_tasks_delete BEFORE DELETE ON tasks
    FOR EACH ROW EXECUTE FUNCTION ordo_caldav_changes_tasks_delete()`.execute(db);
}

export function caldavSyncChanges(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('caldav_sync_state')
        .addColumn('project_id', 'integer', (c) => c.primaryKey().notNull())
        // The project's change counter: its current sync token.
        .addColumn('seq', 'bigint', (c) => c.notNull())
        // The oldest token still answered: tombstones up to it have been pruned.
        .addColumn('floor', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('caldav_changes')
        .addColumn('project_id', 'integer', (c) => c.notNull())
        // The object's resource name in the collection: its href's last segment, decoded.
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('task_id', 'integer', (c) => c.notNull())
        .addColumn('deleted', 'boolean', (c) => c.notNull())
        .addColumn('seq', 'bigint', (c) => c.notNull())
        // Milliseconds since the epoch: when a tombstone may be pruned.
        .addColumn('changed_at', 'bigint', (c) => c.notNull())
        // The counter when the name appeared (0: before it was tracked). A client whose token is
        // older never saw the name, so its tombstone is not news to it: a task PUT by a client
        // is made under a name of Ordo's and renamed at once, and that first name stays unsent.
        .addColumn('born', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('caldav_changes_pkey', ['project_id', 'name'])
        .execute();
      await db.schema
        .createIndex('caldav_changes_project_seq')
        .on('caldav_changes')
        .columns(['project_id', 'seq'])
        .execute();
      await db.schema
        .createIndex('caldav_changes_deleted_at')
        .on('caldav_changes')
        .columns(['deleted', 'changed_at'])
        .execute();
      await db.schema
        .createTable('caldav_collection_names')
        .addColumn('project_id', 'integer', (c) =>
          c.primaryKey().notNull().references('projects.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'varchar(250)', (c) => c.notNull())
        .addUniqueConstraint('caldav_collection_names_user_name', ['user_id', 'name'])
        .execute();
      // A deleted project takes its rows along (its tasks record nothing once it is gone).
      if (dialect === 'sqlite') {
        await sqliteTriggers(db);
        await sql`CREATE TRIGGER caldav_changes_project_delete AFTER DELETE ON projects BEGIN
          DELETE FROM caldav_changes WHERE project_id = OLD.id;
          DELETE FROM caldav_sync_state WHERE project_id = OLD.id; END`.execute(db);
      } else {
        await postgresTriggers(db);
        await sql`CREATE FUNCTION ordo_caldav_project_delete() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN
            DELETE FROM caldav_changes WHERE project_id = OLD.id;
            DELETE FROM caldav_sync_state WHERE project_id = OLD.id;
            RETURN NULL;
          END $$`.execute(db);
        await sql`CREATE TRIGGER caldav_changes_project_delete AFTER DELETE ON projects
          FOR EACH ROW EXECUTE FUNCTION ordo_caldav_project_delete()`.execute(db);
      }
    },
  };
}
