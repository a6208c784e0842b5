/**
 * Kanban buckets (reference §2.5, §4.8, §5.10): listed with read access, created, updated and
 * deleted with write access. A view keeps at least one bucket (10003), one default bucket and at
 * most one done bucket (10005). Moving tasks between buckets lives in task-moves.ts.
 */
import { defaultPosition, Right } from '@ordo/core';
import type { Kysely } from 'kysely';
import type { BucketRow, Database, ProjectViewRow } from '../../db/schema.js';
import { fail, invalidFields } from '../../http/api-error.js';
import { titleProblem } from '../input/fields.js';
import type { PublishChanges } from '../live/publisher.js';
import type { ViewsRepo } from '../views/repo.js';
import { serializeBucket } from '../views/serialize.js';
import type { ViewsService } from '../views/service.js';
import type { BucketsRepo } from './repo.js';

export interface BucketInput {
  title?: string | null;
  limit?: number;
  position?: number;
  /** Older clients mark the done bucket on the bucket itself; newer ones set the view's `done_bucket_id`. */
  is_done_bucket?: boolean;
}

export type SerializedBucket = ReturnType<typeof serializeBucket>;

const MAX_LIMIT = 2 ** 31 - 1;

function readBucketFields(input: BucketInput) {
  const title = input.title ?? '';
  const limit = input.limit ?? 0;
  const problems = [titleProblem(title)];
  if (!Number.isInteger(limit) || limit < 0) problems.push(`limit: ${limit} does not validate as min(0)`);
  // The column is a 32-bit integer (PostgreSQL would refuse a larger one with a 500).
  else if (limit > MAX_LIMIT) problems.push(`limit: ${limit} does not validate as max(${MAX_LIMIT})`);
  const found = problems.filter((p): p is string => p !== null);
  if (found.length > 0) throw invalidFields(found);
  return { title, limit, position: input.position ?? 0 };
}

export class BucketsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly buckets: BucketsRepo,
    private readonly views: ViewsRepo,
    private readonly viewsService: ViewsService,
    private readonly publish: PublishChanges,
  ) {}

  /** The view's buckets by position, without tasks and with count 0 (reference §3.4). */
  async list(userId: number, projectId: number, viewId: number): Promise<SerializedBucket[]> {
    await this.viewsService.demand(userId, projectId, Right.read);
    await this.viewsService.viewOf(projectId, viewId);
    return this.serialize(await this.views.bucketsOf([viewId]));
  }

  async create(userId: number, projectId: number, viewId: number, input: BucketInput) {
    await this.viewsService.demand(userId, projectId, Right.write);
    const view = await this.viewsService.viewOf(projectId, viewId);
    const fields = readBucketFields(input);
    const id = await this.db.transaction().execute(async (trx) => {
      const bucket = await this.views
        .with(trx)
        .insertBucket({ project_view_id: viewId, ...fields, created_by_id: userId });
      // Like projects and views, a bucket without a position gets `id × 2^16`.
      if (!fields.position)
        await this.buckets.with(trx).update(bucket.id, { position: defaultPosition(bucket.id) });
      if (input.is_done_bucket !== undefined) await this.markDone(trx, view, bucket.id, input.is_done_bucket);
      return bucket.id;
    });
    this.publish({ change: 'bucket.created', projectId, actorId: userId, viewId, bucketId: id });
    return this.one(id);
  }

  /** Full replace of title, limit and position; `project_view_id` in the body is ignored. */
  async update(userId: number, projectId: number, viewId: number, bucketId: number, input: BucketInput) {
    await this.viewsService.demand(userId, projectId, Right.write);
    const view = await this.viewsService.viewOf(projectId, viewId);
    await this.bucketIn(view, bucketId);
    const fields = readBucketFields(input);
    await this.db.transaction().execute(async (trx) => {
      await this.buckets
        .with(trx)
        .update(bucketId, { ...fields, position: fields.position || defaultPosition(bucketId) });
      if (input.is_done_bucket !== undefined) await this.markDone(trx, view, bucketId, input.is_done_bucket);
    });
    this.publish({ change: 'bucket.updated', projectId, actorId: userId, viewId, bucketId });
    return this.one(bucketId);
  }

  /**
   * Deletes the bucket; its tasks move to the default bucket (or, when the deleted one was the
   * default, the first remaining one). A default or done bucket id pointing at it is reset to 0.
   */
  async delete(userId: number, projectId: number, viewId: number, bucketId: number): Promise<void> {
    await this.viewsService.demand(userId, projectId, Right.write);
    const view = await this.viewsService.viewOf(projectId, viewId);
    await this.bucketIn(view, bucketId);
    await this.db.transaction().execute(async (trx) => {
      const repo = this.buckets.with(trx);
      await this.views.with(trx).lock(viewId);
      const remaining = (await this.views.with(trx).bucketsOf([viewId])).filter((b) => b.id !== bucketId);
      if (remaining.length === 0) throw fail('cannotRemoveLastBucket');
      const target = remaining.find((b) => b.id === view.default_bucket_id) ?? remaining[0];
      await repo.moveAllTasks(bucketId, target.id);
      await repo.delete(bucketId);
      const reset = {
        ...(view.default_bucket_id === bucketId ? { default_bucket_id: 0 } : {}),
        ...(view.done_bucket_id === bucketId ? { done_bucket_id: 0 } : {}),
      };
      if (Object.keys(reset).length > 0) await this.views.with(trx).update(viewId, reset);
    });
    this.publish({ change: 'bucket.deleted', projectId, actorId: userId, viewId, bucketId });
  }

  /**
   * The bucket, which must belong to the view: 10001 when it does not exist, 10002 when it belongs
   * to another view of the same project, and 10001 again for another project's bucket (whose
   * existence is none of the caller's business).
   */
  async bucketIn(view: ProjectViewRow, bucketId: number): Promise<BucketRow> {
    const found = await this.buckets.findWithProject(bucketId);
    if (!found || found.project_id !== view.project_id) throw fail('bucketDoesNotExist');
    if (found.project_view_id !== view.id) throw fail('bucketNotInView');
    const { project_id: _, ...bucket } = found;
    return bucket;
  }

  async serialize(rows: BucketRow[], counts: Map<number, number> = new Map()): Promise<SerializedBucket[]> {
    const creators = new Map(
      (await this.buckets.creators(rows.map((b) => b.created_by_id))).map((u) => [u.id, u]),
    );
    return rows.map((b) => serializeBucket(b, creators.get(b.created_by_id), counts.get(b.id) ?? 0));
  }

  private async one(bucketId: number): Promise<SerializedBucket> {
    const row = await this.views.findBucket(bucketId);
    if (!row) throw fail('bucketDoesNotExist');
    return (await this.serialize([row]))[0];
  }

  /**
   * `is_done_bucket` from older clients: true makes the bucket the view's done bucket unless the
   * view already has another one (10005); false clears it when it is this bucket.
   */
  private async markDone(trx: Kysely<Database>, view: ProjectViewRow, bucketId: number, done: boolean) {
    const current = view.done_bucket_id;
    if (!done) {
      if (current === bucketId) await this.views.with(trx).update(view.id, { done_bucket_id: 0 });
      return;
    }
    if (current === bucketId) return;
    // A stale done bucket id (its bucket is gone) does not count as another done bucket.
    if (current !== 0 && (await this.views.with(trx).findBucket(current))) throw fail('onlyOneDoneBucket');
    await this.views.with(trx).update(view.id, { done_bucket_id: bucketId });
  }
}
