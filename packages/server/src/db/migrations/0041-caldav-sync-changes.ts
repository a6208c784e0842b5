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
 * `caldav_collection_names`: the name a client gave a calendar it made with MKCALENDAR (RFC 4791
 * §5.3.1), per user, so the address it chose leads to the project made for it.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

const SQLITE_NOW = `CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)`;
/** Did an update give the task another name (or project)? */
const RENAMED = (differs: string) => `OLD.project_id ${differs} NEW.project_id OR OLD.uid ${differs} NEW.uid`;
const UPSERT_CHANGE = `ON CONFLICT (project_id, name) DO UPDATE SET task_id = excluded.task_id,
  deleted = excluded.deleted, seq = excluded.seq, changed_at = excluded.changed_at`;

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
      SELECT t.project_id, t.uid, t.id, FALSE, s.seq, ${SQLITE_NOW}, ${born}
      FROM tasks t, caldav_sync_state s WHERE t.id IN (${ids}) AND s.project_id = t.project_id
      ${UPSERT_CHANGE};`;
}

/** SQLite: the object `OLD` names is gone from its project, when `when` holds. */
function sqliteGone(when: string): string {
  const holds = `${when} AND EXISTS (SELECT 1 FROM projects WHERE id = OLD.project_id)`;
  return `INSERT INTO caldav_sync_state (project_id, seq, floor) SELECT OLD.project_id, 1, 0 WHERE ${holds}
      ON CONFLICT (project_id) DO UPDATE SET seq = seq + 1;
    INSERT INTO caldav_changes (project_id, name, task_id, deleted, seq, changed_at, born)
      SELECT OLD.project_id, OLD.uid, OLD.id, TRUE, s.seq, ${SQLITE_NOW}, 0
      FROM caldav_sync_state s WHERE s.project_id = OLD.project_id AND ${holds}
      ${UPSERT_CHANGE};`;
}

async function sqliteTriggers(db: Kysely<unknown>) {
  const triggers: [string, string][] = [
    ['tasks_insert', `AFTER INSERT ON tasks BEGIN ${sqliteTouch('NEW.id', 's.seq')} END`],
    ['tasks_delete', `AFTER DELETE ON tasks BEGIN ${sqliteGone('TRUE')} END`],
    [
      'tasks_update',
      `AFTER UPDATE ON tasks BEGIN
        ${sqliteGone(`(${RENAMED('IS NOT')})`)}
        ${sqliteTouch('NEW.id', `CASE WHEN ${RENAMED('IS NOT')} THEN s.seq ELSE 0 END`)} END`,
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
  await sql`CREATE FUNCTION ordo_caldav_touch(ids integer[], fresh boolean DEFAULT false) RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO caldav_sync_state (project_id, seq, floor)
        SELECT DISTINCT project_id, 1, 0 FROM tasks WHERE id = ANY(ids)
        ON CONFLICT (project_id) DO UPDATE SET seq = caldav_sync_state.seq + 1;
      INSERT INTO caldav_changes (project_id, name, task_id, deleted, seq, changed_at, born)
        SELECT DISTINCT ON (t.project_id, t.uid) t.project_id, t.uid, t.id, FALSE, s.seq,
          (extract(epoch from clock_timestamp()) * 1000)::bigint, CASE WHEN fresh THEN s.seq ELSE 0 END
        FROM tasks t JOIN caldav_sync_state s ON s.project_id = t.project_id
        WHERE t.id = ANY(ids)
        ORDER BY t.project_id, t.uid, t.id
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
  const functions: [string, string, string][] = [
    [
      'tasks',
      'AFTER INSERT OR UPDATE OR DELETE',
      `IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND (${RENAMED('IS DISTINCT FROM')})) THEN
         PERFORM ordo_caldav_gone(OLD.project_id, OLD.uid, OLD.id);
       END IF;
       IF TG_OP = 'INSERT' THEN PERFORM ordo_caldav_touch(ARRAY[NEW.id], true);
       ELSIF TG_OP = 'UPDATE' THEN PERFORM ordo_caldav_touch(ARRAY[NEW.id], ${RENAMED('IS DISTINCT FROM')});
       END IF;`,
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
        BEGIN ${body} RETURN NULL; END $$`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER caldav_changes_${table} ${when} ON ${table}
        FOR EACH ROW EXECUTE FUNCTION ordo_caldav_changes_${table}()`)
      .execute(db);
  }
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
        // The object's resource name in the collection (its href without the collection and .ics).
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
