/**
 * SQL for a task taken whole out of the live tables and put back: its `tasks` row and every row
 * that hangs off it (TASK_PARTS), read as they are, column by column, so a column a later migration
 * adds travels along without a change here. Derived tables (counters, search terms, CalDAV change
 * log) are left to their triggers, which refill them when the rows come back.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import { idChunks, selectInChunks } from '../../db/id-chunks.js';
import type { Database } from '../../db/schema.js';
import { type AnyDb, type Row, RowRestorer } from './row-restorer.js';

/** Where a task's parts are: the table and the column(s) naming the task (any of them). */
interface TaskPart {
  table: string;
  columns: string[];
  /** Further conditions (the kind of entity a shared table holds). */
  kind?: { column: string; value: string };
  /** Columns triggers write, never inserted. */
  generated?: string[];
}

export const TASK_PARTS: readonly TaskPart[] = [
  { table: 'task_positions', columns: ['task_id'] },
  { table: 'task_buckets', columns: ['task_id'], generated: ['position'] },
  { table: 'label_tasks', columns: ['task_id'] },
  { table: 'task_assignees', columns: ['task_id'] },
  { table: 'task_reminders', columns: ['task_id'] },
  { table: 'task_attachments', columns: ['task_id'] },
  { table: 'task_comments', columns: ['task_id'] },
  { table: 'task_activity', columns: ['task_id'] },
  { table: 'task_field_values', columns: ['task_id'] },
  { table: 'reactions', columns: ['task_id'] },
  { table: 'task_relations', columns: ['task_id', 'other_task_id'] },
  { table: 'caldav_objects', columns: ['task_id'] },
  { table: 'favorites', columns: ['entity_id'], kind: { column: 'kind', value: 'task' } },
  { table: 'task_unread_markers', columns: ['task_id'] },
  { table: 'subscriptions', columns: ['entity_id'], kind: { column: 'entity_type', value: 'task' } },
];

/**
 * Tables that reference tasks but are not kept: filled by triggers from the task (search terms),
 * or records of what was sent (reminder deliveries) that mean nothing for a restored task.
 */
export const TASK_TABLES_NOT_KEPT: readonly string[] = [
  'task_search_terms',
  'project_subtasks',
  'search_postings_pending',
  'reminder_deliveries',
];

/** The task's rows: `tasks` first, then each part table's. */
export interface TaskSnapshot {
  task: Row;
  parts: Record<string, Row[]>;
}

export class TaskSnapshotRepo {
  private readonly db: AnyDb;
  /** Puts part rows back; it reads the part tables' foreign keys once per repository. */
  private rows: RowRestorer | undefined;

  constructor(
    db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {
    this.db = db as AnyDb;
  }

  /**
   * The tasks and all their parts as stored now, one query per table for all of them (a bulk
   * delete keeps a thousand tasks at once); tasks already gone are left out. A row naming two of
   * the tasks (a relation between them) is in both snapshots.
   */
  async capture(taskIds: readonly number[]): Promise<TaskSnapshot[]> {
    const tasks = (await selectInChunks(taskIds, (part) =>
      this.db.selectFrom('tasks').selectAll().where('id', 'in', part).execute(),
    )) as Row[];
    const snapshots = new Map(tasks.map((task) => [Number(task.id), { task, parts: {} } as TaskSnapshot]));
    const ids = [...snapshots.keys()];
    for (const part of TASK_PARTS) {
      for (const snapshot of snapshots.values()) snapshot.parts[part.table] = [];
      const rows = (await selectInChunks(ids, (chunk) => {
        let query = this.db
          .selectFrom(part.table)
          .selectAll()
          .where((eb) => eb.or(part.columns.map((column) => eb(column, 'in', chunk))));
        if (part.kind) query = query.where(part.kind.column, '=', part.kind.value);
        return query.execute();
      })) as Row[];
      for (const row of rows) {
        const owners = new Set(part.columns.map((column) => Number(row[column])));
        for (const owner of owners) snapshots.get(owner)?.parts[part.table].push(row);
      }
    }
    return [...snapshots.values()];
  }

  /**
   * The snapshot made to fit what exists now: a CalDAV client may have put a new task under the
   * deleted one's UID or resource name meanwhile. The restored task then takes a new UID and
   * drops its stored CalDAV object (it is served as `<uid>.ics`), so neither task is hidden.
   */
  async withoutClashes(snapshot: TaskSnapshot): Promise<TaskSnapshot> {
    const projectId = snapshot.task.project_id;
    const objects = snapshot.parts.caldav_objects ?? [];
    const uidTaken = await this.db
      .selectFrom('tasks')
      .select('id')
      .where('project_id', '=', projectId)
      .where('uid', '=', snapshot.task.uid)
      .executeTakeFirst();
    const objectTaken =
      objects.length > 0 &&
      (await this.db
        .selectFrom('caldav_objects')
        .select('task_id')
        .where('project_id', '=', projectId)
        .where((eb) =>
          eb.or([
            eb(
              'href',
              'in',
              objects.map((o) => o.href),
            ),
            eb(
              'uid',
              'in',
              objects.map((o) => o.uid),
            ),
          ]),
        )
        .executeTakeFirst()) !== undefined;
    if (!uidTaken && !objectTaken) return snapshot;
    return {
      task: uidTaken ? { ...snapshot.task, uid: randomUUID() } : snapshot.task,
      parts: { ...snapshot.parts, caldav_objects: [] },
    };
  }

  /**
   * Inserts the snapshots' rows, one statement per table for all of them (a project restore puts
   * back thousands). Each task row goes in as it was but for `index`, the caller's (the old one may
   * have been taken meanwhile); part rows whose references went away are left out (row-restorer.ts).
   */
  async restore(items: readonly { snapshot: TaskSnapshot; index: number }[]): Promise<void> {
    const tasks = items.map(({ snapshot, index }) => ({ ...snapshot.task, index }));
    for (const chunk of idChunks(tasks, 50)) await this.db.insertInto('tasks').values(chunk).execute();
    this.rows ??= new RowRestorer(
      this.db,
      this.dialect,
      TASK_PARTS.map((p) => p.table),
    );
    for (const part of TASK_PARTS) {
      const rows = items.flatMap(({ snapshot }) => snapshot.parts[part.table] ?? []);
      await this.rows.insert(part.table, rows, part.generated);
    }
  }
}
