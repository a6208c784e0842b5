/** SQL for kanban buckets and the task↔bucket rows of manual kanban views. */
import { nowIso } from '@ordo/core';
import type { Kysely, Updateable } from 'kysely';
import type { BucketRow, BucketsTable, Database, UserRow } from '../../db/schema.js';
import { bucketTaskCount } from './task-count.js';

export class BucketsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  with(db: Kysely<Database>): BucketsRepo {
    return new BucketsRepo(db);
  }

  /** The bucket with the project its view belongs to. */
  findWithProject(id: number): Promise<(BucketRow & { project_id: number }) | undefined> {
    return this.db
      .selectFrom('buckets')
      .innerJoin('project_views', 'project_views.id', 'buckets.project_view_id')
      .selectAll('buckets')
      .select('project_views.project_id')
      .where('buckets.id', '=', id)
      .executeTakeFirst();
  }

  async update(id: number, changes: Updateable<BucketsTable>): Promise<void> {
    await this.db
      .updateTable('buckets')
      .set({ ...changes, updated: nowIso() })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Takes the bucket's row lock until the transaction ends (PostgreSQL; SQLite writes lock the whole
   * file), so concurrent moves into one bucket count its tasks one after the other.
   */
  async lock(id: number): Promise<void> {
    await this.db
      .updateTable('buckets')
      .set((eb) => ({ limit: eb.ref('limit') }))
      .where('id', '=', id)
      .execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('buckets').where('id', '=', id).execute();
  }

  async countInView(viewId: number): Promise<number> {
    const row = await this.db
      .selectFrom('buckets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('project_view_id', '=', viewId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Tasks in the bucket, from the trigger-kept counter (migration 0010). */
  countTasks(bucketId: number): Promise<number> {
    return bucketTaskCount(this.db, bucketId);
  }

  /** The bucket a task sits in within one view, if any. */
  async bucketOfTask(taskId: number, viewId: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('task_buckets')
      .select('bucket_id')
      .where('task_id', '=', taskId)
      .where('project_view_id', '=', viewId)
      .executeTakeFirst();
    return row?.bucket_id;
  }

  /** The task's position and bucket in one view, as a view-task listing reports them. */
  async placement(
    taskId: number,
    viewId: number,
  ): Promise<{ position: number | null; bucket_id: number | null }> {
    const row = await this.db
      .selectFrom('tasks')
      .leftJoin('task_positions as tp', (join) =>
        join.onRef('tp.task_id', '=', 'tasks.id').on('tp.project_view_id', '=', viewId),
      )
      .leftJoin('task_buckets as tb', (join) =>
        join.onRef('tb.task_id', '=', 'tasks.id').on('tb.project_view_id', '=', viewId),
      )
      .select(['tp.position', 'tb.bucket_id'])
      .where('tasks.id', '=', taskId)
      .executeTakeFirst();
    return { position: row?.position ?? null, bucket_id: row?.bucket_id ?? null };
  }

  /** Moves every task of one bucket into another, in one statement. */
  async moveAllTasks(fromBucketId: number, toBucketId: number): Promise<void> {
    await this.db
      .updateTable('task_buckets')
      .set({ bucket_id: toBucketId })
      .where('bucket_id', '=', fromBucketId)
      .execute();
  }

  creators(ids: readonly number[]): Promise<UserRow[]> {
    const userIds = [...new Set(ids)].filter((id) => id > 0);
    if (userIds.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('users').selectAll().where('id', 'in', userIds).execute();
  }
}
