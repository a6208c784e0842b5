/**
 * SQL for a task taken whole out of the live tables and put back: its `tasks` row and every row
 * that hangs off it (TASK_PARTS), read as they are, column by column, so a column a later migration
 * adds travels along without a change here. Derived tables (counters, search terms, CalDAV change
 * log) are left to their triggers, which refill them when the rows come back.
 */
import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { type ForeignKey, foreignKeys } from '../../cli/database-tables.js';
import type { Dialect } from '../../db/database.js';
import { idChunks, selectInChunks } from '../../db/id-chunks.js';
import type { Database } from '../../db/schema.js';

/** A row as the database handed it out. */
type Row = Record<string, unknown>;

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
  { table: 'reactions', columns: ['task_id'] },
  { table: 'task_relations', columns: ['task_id', 'other_task_id'] },
  { table: 'caldav_objects', columns: ['task_id'] },
  { table: 'favorites', columns: ['entity_id'], kind: { column: 'kind', value: 'task' } },
  { table: 'subscriptions', columns: ['entity_id'], kind: { column: 'entity_type', value: 'task' } },
];

/**
 * Tables that reference tasks but are not kept: filled by triggers from the task (search terms),
 * or records of what was sent (reminder deliveries) that mean nothing for a restored task.
 */
export const TASK_TABLES_NOT_KEPT: readonly string[] = [
  'task_search_terms',
  'search_postings_pending',
  'reminder_deliveries',
];

/** The task's rows: `tasks` first, then each part table's. */
export interface TaskSnapshot {
  task: Row;
  parts: Record<string, Row[]>;
}

// biome-ignore lint/suspicious/noExplicitAny: part tables are named at run time, read column-agnostic.
type AnyDb = Kysely<any>;

export class TaskSnapshotRepo {
  private readonly db: AnyDb;

  constructor(
    db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {
    this.db = db as AnyDb;
  }

  /** The task and all its parts as stored now; undefined when the task is gone. */
  async capture(taskId: number): Promise<TaskSnapshot | undefined> {
    const task = (await this.db
      .selectFrom('tasks')
      .selectAll()
      .where('id', '=', taskId)
      .executeTakeFirst()) as Row | undefined;
    if (!task) return undefined;
    const parts: Record<string, Row[]> = {};
    for (const part of TASK_PARTS) {
      let query = this.db
        .selectFrom(part.table)
        .selectAll()
        .where((eb) => eb.or(part.columns.map((column) => eb(column, '=', taskId))));
      if (part.kind) query = query.where(part.kind.column, '=', part.kind.value);
      parts[part.table] = (await query.execute()) as Row[];
    }
    return { task, parts };
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
   * Inserts the snapshot's rows. The task row goes in as it was (`index` is the caller's: the old
   * one may have been taken meanwhile); a part row whose references went away meanwhile (a deleted
   * label, view, bucket, user or related task) is left out rather than failing the restore.
   */
  async restore(snapshot: TaskSnapshot, index: number): Promise<void> {
    await this.db
      .insertInto('tasks')
      .values({ ...snapshot.task, index })
      .execute();
    const keys = await foreignKeys(
      this.db,
      this.dialect,
      TASK_PARTS.map((p) => p.table),
    );
    for (const part of TASK_PARTS) {
      const rows = (snapshot.parts[part.table] ?? []).map((row) => withoutColumns(row, part.generated));
      const kept = await this.whoseReferencesExist(
        rows,
        keys.filter((k) => k.table === part.table),
      );
      // A few rows per statement: each row binds one parameter per column.
      for (const chunk of idChunks(kept, 50)) await this.db.insertInto(part.table).values(chunk).execute();
    }
  }

  private async whoseReferencesExist(rows: Row[], keys: ForeignKey[]): Promise<Row[]> {
    let kept = rows;
    for (const key of keys) {
      const wanted = [
        ...new Set(kept.map((r) => r[key.column]).filter((v) => v !== null && v !== undefined)),
      ];
      if (wanted.length === 0) continue;
      const found = await selectInChunks(wanted, (part) =>
        this.db
          .selectFrom(key.referencedTable)
          .select(sql.ref(key.referencedColumn).as('value'))
          .where(key.referencedColumn, 'in', part)
          .execute(),
      );
      const present = new Set(found.map((r) => String(r.value)));
      kept = kept.filter(
        (r) => r[key.column] === null || r[key.column] === undefined || present.has(String(r[key.column])),
      );
    }
    return kept;
  }
}

function withoutColumns(row: Row, columns: readonly string[] = []): Row {
  if (columns.length === 0) return row;
  return Object.fromEntries(Object.entries(row).filter(([column]) => !columns.includes(column)));
}
