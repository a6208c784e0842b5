/** SQL for single tasks: lookup, insert, update, delete, per-project index. */
import { nowIso } from '@ordo/core';
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database, TaskRow, TasksTable } from '../../db/schema.js';

export type NewTask = Omit<Insertable<TasksTable>, 'created' | 'updated'>;

export class TasksRepo {
  constructor(private readonly db: Kysely<Database>) {}

  with(db: Kysely<Database>): TasksRepo {
    return new TasksRepo(db);
  }

  find(id: number): Promise<TaskRow | undefined> {
    return this.db.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insert(task: NewTask): Promise<TaskRow> {
    const now = nowIso();
    return this.db
      .insertInto('tasks')
      .values({ ...task, created: now, updated: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async update(id: number, changes: Updateable<TasksTable>): Promise<void> {
    await this.db
      .updateTable('tasks')
      .set({ ...changes, updated: nowIso() })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('tasks').where('id', '=', id).execute();
  }

  /** The next free per-project index (max + 1). */
  async nextIndex(projectId: number): Promise<number> {
    const row = await this.db
      .selectFrom('tasks')
      .select((eb) => eb.fn.max('index').as('max'))
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    return Number(row?.max ?? 0) + 1;
  }

  async indexTaken(projectId: number, index: number): Promise<boolean> {
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

/**
 * Runs a write that takes the next per-project index. Two concurrent writers can pick the same
 * index; the unique index refuses the second, which then retries with a fresh one.
 */
export async function withIndexRetry<T>(write: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= attempts || !isUniqueViolation(error)) throw error;
    }
  }
}
