/**
 * SQL for a project taken whole out of the live tables with its sub-projects, and put back: the
 * `projects` rows, every row that hangs off them (PROJECT_PARTS: views, buckets, shares, link
 * shares, custom fields, webhooks, favourites, subscriptions, retired task numbers, the tasks
 * already in the trash) and every task with its own parts (task-snapshot-repo.ts), read column by
 * column so later columns travel too.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import { selectInChunks } from '../../db/id-chunks.js';
import type { Database } from '../../db/schema.js';
import { type AnyDb, type Row, RowRestorer } from './row-restorer.js';
import { type TaskSnapshot, TaskSnapshotRepo } from './task-snapshot-repo.js';

/** Where a project's parts are: the table, the column naming the project (or the row of `of`). */
interface ProjectPart {
  table: string;
  column: string;
  /** The part hangs off another part's rows (a view's buckets), not off the project. */
  of?: string;
  /** Further conditions (the kind of entity a shared table holds). */
  kind?: { column: string; value: string };
  /** Put back before the tasks, whose parts name them (views and buckets). */
  beforeTasks?: boolean;
}

export const PROJECT_PARTS: readonly ProjectPart[] = [
  { table: 'project_views', column: 'project_id', beforeTasks: true },
  { table: 'buckets', column: 'project_view_id', of: 'project_views', beforeTasks: true },
  // Custom fields: the tasks' values (task parts) name them.
  { table: 'project_fields', column: 'project_id', beforeTasks: true },
  { table: 'project_users', column: 'project_id' },
  { table: 'project_teams', column: 'project_id' },
  { table: 'link_shares', column: 'project_id' },
  { table: 'webhooks', column: 'project_id' },
  { table: 'caldav_collection_names', column: 'project_id' },
  // The numbers its tasks had before they left it stay retired (migration 0068).
  { table: 'retired_task_indexes', column: 'project_id' },
  { table: 'favorites', column: 'entity_id', kind: { column: 'kind', value: 'project' } },
  { table: 'subscriptions', column: 'entity_id', kind: { column: 'entity_type', value: 'project' } },
  // Tasks and comments deleted earlier from these projects stay restorable once the project is back.
  { table: 'trash', column: 'project_id' },
  { table: 'trash_files', column: 'trash_id', of: 'trash' },
];

/**
 * Tables that reference projects, views or buckets but are not kept as project parts: derived by
 * triggers (CalDAV sync state), kept with each task (tasks and their parts), or retries of a
 * webhook delivery that mean nothing for a restored project.
 */
export const PROJECT_TABLES_NOT_KEPT: readonly string[] = [
  'caldav_sync_state',
  'caldav_changes',
  'caldav_objects',
  'tasks',
  'task_positions',
  'task_buckets',
  'bucket_task_counts',
  'project_task_counts',
  'project_open_task_counts',
  'webhook_retries',
];

/** The projects' rows (parents first), their parts, and their tasks. */
export interface ProjectSnapshot {
  projects: Row[];
  parts: Record<string, Row[]>;
  tasks: TaskSnapshot[];
}

export class ProjectSnapshotRepo {
  private readonly db: AnyDb;

  constructor(
    db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {
    this.db = db as AnyDb;
  }

  /**
   * The projects (a project and its sub-projects) and their tasks (the caller has their ids) as
   * stored now; one query per table.
   */
  async capture(projectIds: readonly number[], taskIds: readonly number[]): Promise<ProjectSnapshot> {
    const projects = parentsFirst(
      (await selectInChunks(projectIds, (chunk) =>
        this.db.selectFrom('projects').selectAll().where('id', 'in', chunk).execute(),
      )) as Row[],
    );
    const ids = projects.map((p) => Number(p.id));
    const parts: Record<string, Row[]> = {};
    for (const part of PROJECT_PARTS) {
      const owners = part.of ? (parts[part.of] ?? []).map((row) => Number(row.id)) : ids;
      parts[part.table] = (await selectInChunks(owners, (chunk) => {
        let query = this.db.selectFrom(part.table).selectAll().where(part.column, 'in', chunk);
        if (part.kind) query = query.where(part.kind.column, '=', part.kind.value);
        return query.execute();
      })) as Row[];
    }
    const tasks = await new TaskSnapshotRepo(this.db, this.dialect).capture(taskIds);
    return { projects, parts, tasks };
  }

  /**
   * Puts the snapshot back with every id as it was; the top project goes under `parentId` (0: at
   * the top level). Rows whose references went away meanwhile (a deleted team or user) stay away.
   */
  async restore(snapshot: ProjectSnapshot, parentId: number): Promise<void> {
    const [root, ...below] = snapshot.projects;
    await this.db
      .insertInto('projects')
      .values({ ...root, parent_project_id: parentId })
      .execute();
    // Parents first, so each sub-project's parent is back before it.
    for (const project of below) await this.db.insertInto('projects').values(project).execute();
    const rows = new RowRestorer(
      this.db,
      this.dialect,
      PROJECT_PARTS.map((p) => p.table),
    );
    for (const part of PROJECT_PARTS.filter((p) => p.beforeTasks))
      await rows.insert(part.table, snapshot.parts[part.table] ?? []);
    await new TaskSnapshotRepo(this.db, this.dialect).restore(
      snapshot.tasks.map((task) => ({ snapshot: task, index: Number(task.task.index) })),
    );
    const parts: Record<string, Row[]> = {
      ...snapshot.parts,
      caldav_collection_names: await this.namesStillFree(snapshot.parts.caldav_collection_names ?? []),
    };
    for (const part of PROJECT_PARTS.filter((p) => !p.beforeTasks))
      await rows.insert(part.table, parts[part.table] ?? []);
  }

  /** A calendar name the user gave another calendar meanwhile (MKCALENDAR) stays with that one. */
  private async namesStillFree(names: readonly Row[]): Promise<Row[]> {
    if (names.length === 0) return [];
    const taken = await this.db
      .selectFrom('caldav_collection_names')
      .select(['user_id', 'name'])
      .where(
        'user_id',
        'in',
        names.map((n) => n.user_id),
      )
      .where(
        'name',
        'in',
        names.map((n) => n.name),
      )
      .execute();
    const key = (row: Row) => `${row.user_id}\u0000${row.name}`;
    const takenKeys = new Set(taken.map(key));
    return names.filter((n) => !takenKeys.has(key(n)));
  }
}

/** Projects ordered so that each comes after its parent; the top project (whose parent is not among them) first. */
function parentsFirst(projects: readonly Row[]): Row[] {
  const ids = new Set(projects.map((p) => Number(p.id)));
  const ordered: Row[] = [];
  const placed = new Set<number>();
  let left = [...projects];
  while (left.length > 0) {
    const ready = left.filter((p) => {
      const parent = Number(p.parent_project_id);
      return !ids.has(parent) || placed.has(parent);
    });
    if (ready.length === 0) throw new Error('project tree has a cycle');
    for (const project of ready) {
      ordered.push(project);
      placed.add(Number(project.id));
    }
    left = left.filter((p) => !placed.has(Number(p.id)));
  }
  return ordered;
}
