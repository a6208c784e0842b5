/** SQL for where a task sits in each view: its position and, in manual kanban views, its bucket. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { bucketTaskCount } from '../buckets/task-count.js';

export class PlacementRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** The lowest position in each of these views (views without tasks are absent). */
  async lowestPositions(viewIds: readonly number[]): Promise<Map<number, number>> {
    if (viewIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('task_positions')
      .select(['project_view_id', (eb) => eb.fn.min('position').as('min')])
      .where('project_view_id', 'in', [...viewIds])
      .groupBy('project_view_id')
      .execute();
    return new Map(rows.map((r) => [r.project_view_id, Number(r.min)]));
  }

  async insertPositions(
    rows: { task_id: number; project_view_id: number; position: number }[],
  ): Promise<void> {
    if (rows.length > 0) await this.db.insertInto('task_positions').values(rows).execute();
  }

  /** The views the task has a position in. */
  async viewsWithPosition(taskId: number): Promise<Set<number>> {
    const rows = await this.db
      .selectFrom('task_positions')
      .select('project_view_id')
      .where('task_id', '=', taskId)
      .execute();
    return new Set(rows.map((r) => r.project_view_id));
  }

  /** The task's bucket in each manual kanban view, keyed by view id. */
  async bucketsOfTask(taskId: number): Promise<Map<number, number>> {
    const rows = await this.db.selectFrom('task_buckets').selectAll().where('task_id', '=', taskId).execute();
    return new Map(rows.map((r) => [r.project_view_id, r.bucket_id]));
  }

  async setBucket(taskId: number, viewId: number, bucketId: number): Promise<void> {
    await this.db
      .deleteFrom('task_buckets')
      .where('task_id', '=', taskId)
      .where('project_view_id', '=', viewId)
      .execute();
    await this.db
      .insertInto('task_buckets')
      .values({ task_id: taskId, project_view_id: viewId, bucket_id: bucketId })
      .execute();
  }

  /** Tasks in the bucket, from the trigger-kept counter (migration 0010). */
  countInBucket(bucketId: number): Promise<number> {
    return bucketTaskCount(this.db, bucketId);
  }

  /** Drops the task's positions and bucket rows (it is moving to another project). */
  async clear(taskId: number): Promise<void> {
    await this.db.deleteFrom('task_positions').where('task_id', '=', taskId).execute();
    await this.db.deleteFrom('task_buckets').where('task_id', '=', taskId).execute();
  }
}
