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
  /** The part tables' foreign keys, read from the catalogue once per repository. */
  private keys: Promise<ForeignKey[]> | undefined;

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
   * Inserts the snapshot's rows. The task row goes in as it was (`index` is the caller's: the old
   * one may have been taken meanwhile); a part row whose references went away meanwhile (a deleted
   * label, view, bucket, user or related task) is left out rather than failing the restore.
   */
  async restore(snapshot: TaskSnapshot, index: number): Promise<void> {
    await this.db
      .insertInto('tasks')
      .values({ ...snapshot.task, index })
      .execute();
    this.keys ??= foreignKeys(
      this.db,
      this.dialect,
      TASK_PARTS.map((p) => p.table),
    );
    const keys = await this.keys;
    for (const part of TASK_PARTS) {
      const rows = (snapshot.parts[part.table] ?? []).map((row) => withoutColumns(row, part.generated));
      const kept = await this.whoseReferencesExist(
        part.table,
        rows,
        keys.filter((k) => k.table === part.table),
      );
      // A few rows per statement: each row binds one parameter per column.
      for (const chunk of idChunks(kept, 50)) await this.db.insertInto(part.table).values(chunk).execute();
    }
  }

  private async whoseReferencesExist(table: string, rows: Row[], keys: ForeignKey[]): Promise<Row[]> {
    let kept = rows;
    // A row put back already (by the restore of another task it names) is not put back twice.
    if (rows.length > 0 && 'id' in rows[0]) {
      const found = await selectInChunks(
        rows.map((r) => r.id),
        (part) => this.db.selectFrom(table).select('id').where('id', 'in', part).execute(),
      );
      const present = new Set(found.map((r) => String(r.id)));
      kept = kept.filter((r) => !present.has(String(r.id)));
    }
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
