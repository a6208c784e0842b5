/** SQL for single tasks: lookup, insert, update, delete, per-project index. */
import { nowIso } from '@ordo/core';
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Dialect } from '../../db/database.js';
import { idChunks } from '../../db/id-chunks.js';
import type { Database, TaskRow, TasksTable } from '../../db/schema.js';

export type NewTask = Omit<Insertable<TasksTable>, 'created' | 'updated'>;

export class TasksRepo {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  with(db: Kysely<Database>): TasksRepo {
    return new TasksRepo(db, this.dialect);
  }

  find(id: number): Promise<TaskRow | undefined> {
    return this.db.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * The task, its row locked until the transaction ends (PostgreSQL `FOR UPDATE`); SQLite's
   * transactions already hold the write lock from their start (`begin immediate`).
   */
  findForUpdate(id: number): Promise<TaskRow | undefined> {
    const query = this.db.selectFrom('tasks').selectAll().where('id', '=', id);
    return (this.dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
  }

  findMany(ids: readonly number[]): Promise<TaskRow[]> {
    return this.db.selectFrom('tasks').selectAll().where('id', 'in', ids).execute();
  }

  async projectExists(projectId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('projects')
      .select('id')
      .where('id', '=', projectId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Copies a task's assignees, reminders and labels to another task, in their order. */
  async copyParts(from: number, to: number): Promise<void> {
    const created = nowIso();
    const [assignees, reminders, labels] = await Promise.all([
      this.db
        .selectFrom('task_assignees')
        .select('user_id')
        .where('task_id', '=', from)
        .orderBy('id')
        .execute(),
      this.db
        .selectFrom('task_reminders')
        .select(['reminder', 'relative_period', 'relative_to'])
        .where('task_id', '=', from)
        .orderBy('id')
        .execute(),
      this.db
        .selectFrom('label_tasks')
        .select('label_id')
        .where('task_id', '=', from)
        .orderBy('id')
        .execute(),
    ]);
    if (assignees.length > 0) {
      await this.db
        .insertInto('task_assignees')
        .values(assignees.map((a) => ({ task_id: to, user_id: a.user_id, created })))
        .execute();
    }
    if (reminders.length > 0) {
      await this.db
        .insertInto('task_reminders')
        .values(reminders.map((r) => ({ ...r, task_id: to, created })))
        .execute();
    }
    if (labels.length > 0) {
      await this.db
        .insertInto('label_tasks')
        .values(labels.map((l) => ({ task_id: to, label_id: l.label_id, created })))
        .execute();
    }
  }

  findByIndex(projectId: number, index: number): Promise<TaskRow | undefined> {
    return this.db
      .selectFrom('tasks')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('index', '=', index)
      .executeTakeFirst();
  }

  async insert(task: NewTask): Promise<TaskRow> {
    const now = nowIso();
    return this.db
      .insertInto('tasks')
      .values({ ...task, created: now, updated: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /**
   * `revision`: the write changes what the task's VTODO shows, so its SEQUENCE goes up by one in
   * the same statement (vtodo-revision.ts).
   */
  async update(id: number, changes: Updateable<TasksTable>, { revision = false } = {}): Promise<void> {
    await this.db
      .updateTable('tasks')
      .set((eb) => ({
        ...changes,
        updated: nowIso(),
        ...(revision ? { caldav_sequence: eb('caldav_sequence', '+', eb.lit(1)) } : {}),
      }))
      .where('id', '=', id)
      .execute();
  }

  /** These tasks' VTODOs changed through their labels or relations: each SEQUENCE goes up by one. */
  async reviseVtodos(ids: readonly number[]): Promise<void> {
    for (const part of idChunks(ids))
      await this.db
        .updateTable('tasks')
        .set((eb) => ({ caldav_sequence: eb('caldav_sequence', '+', eb.lit(1)) }))
        .where('id', 'in', part)
        .execute();
  }

  /** Deletes the tasks; their projects keep their indexes as given (`retireIndexes`). */
  async deleteMany(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.retireIndexes(ids);
    await this.db
      .deleteFrom('tasks')
      .where('id', 'in', [...ids])
      .execute();
  }

  /**
   * Makes transactions that take indexes in one project wait for each other until they commit
   * (the project's row lock; NO KEY UPDATE does not hold up inserts that reference the project).
   * Otherwise concurrent writers read the same max and all but one fail on the unique index.
   * SQLite needs nothing: its writers run one at a time (`begin immediate`).
   */
  private async queueForIndexes(projectId: number): Promise<void> {
    if (this.dialect !== 'postgres') return;
    await this.db.selectFrom('projects').select('id').where('id', '=', projectId).forNoKeyUpdate().execute();
  }

  /**
   * The next per-project index: one past the highest a task in the project has, or had before it
   * left (deleted or moved away; see `retireIndexes`), so an index is never given twice.
   */
  async nextIndex(projectId: number): Promise<number> {
    await this.queueForIndexes(projectId);
    const row = await this.db
      .selectNoFrom((eb) => [
        eb
          .selectFrom('tasks')
          .select((t) => t.fn.max('index').as('live'))
          .where('project_id', '=', projectId)
          .as('live'),
        eb
          .selectFrom('retired_task_indexes')
          .select('task_index')
          .where('project_id', '=', projectId)
          .as('retired'),
      ])
      .executeTakeFirst();
    return Math.max(Number(row?.live ?? 0), Number(row?.retired ?? 0)) + 1;
  }

  /**
   * Before these tasks leave their projects (deleted, or moved to another): each project keeps
   * the highest index it has given, so `nextIndex` never hands one of theirs to a new task.
   */
  async retireIndexes(taskIds: readonly number[]): Promise<void> {
    for (const part of idChunks(taskIds)) {
      await this.db
        .insertInto('retired_task_indexes')
        .columns(['project_id', 'task_index'])
        .expression((eb) =>
          eb
            .selectFrom('tasks')
            .select((t) => ['project_id', t.fn.max('index').as('task_index')])
            .where('id', 'in', part)
            .groupBy('project_id'),
        )
        .onConflict((oc) =>
          oc
            .column('project_id')
            .doUpdateSet((eb) => ({ task_index: eb.ref('excluded.task_index') }))
            .where('retired_task_indexes.task_index', '<', (eb) => eb.ref('excluded.task_index')),
        )
        .execute();
    }
  }

  /** The user's time zone ('' when unset, and for a link share): the calendar repeats step in. */
  async timeZoneOf(userId: number): Promise<string> {
    const row = await this.db
      .selectFrom('users')
      .select('timezone')
      .where('id', '=', userId)
      .executeTakeFirst();
    return row?.timezone ?? '';
  }

  async indexTaken(projectId: number, index: number): Promise<boolean> {
    await this.queueForIndexes(projectId);
    const row = await this.db
      .selectFrom('tasks')
      .select('id')
      .where('project_id', '=', projectId)
      .where('index', '=', index)
      .executeTakeFirst();
    return row !== undefined;
  }
}

/** A unique index refused the write (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** PostgreSQL ended the transaction to break a deadlock (40P01); running it again succeeds. */
function isDeadlock(error: unknown): boolean {
  return (error as { code?: unknown })?.code === '40P01';
}

/**
 * Runs a write that takes the next per-project index. Writers in one project queue for their
 * indexes (queueForIndexes); should an index still be taken (a task inserted with a chosen index
 * outside that queue), the unique index refuses the write, which then retries with a fresh one.
 * A bulk move into several projects can deadlock with another; PostgreSQL ends one, which retries.
 */
export async function withIndexRetry<T>(write: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= attempts || !(isUniqueViolation(error) || isDeadlock(error))) throw error;
    }
  }
}
