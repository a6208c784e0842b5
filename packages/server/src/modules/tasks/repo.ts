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
