/** SQL for project views and their kanban buckets. */
import { nowIso } from '@ordo/core';
import type { Insertable, Kysely, Updateable } from 'kysely';
import { reusedQuery } from '../../db/reused-query.js';
import type {
  BucketRow,
  BucketsTable,
  Database,
  ProjectViewRow,
  ProjectViewsTable,
} from '../../db/schema.js';

export type NewView = Omit<Insertable<ProjectViewsTable>, 'created' | 'updated'>;
export type NewBucket = Omit<Insertable<BucketsTable>, 'created' | 'updated'>;

export class ViewsRepo {
  private readonly byId;

  constructor(private readonly db: Kysely<Database>) {
    this.byId = reusedQuery(db, (id: number) =>
      db.selectFrom('project_views').selectAll().where('id', '=', id),
    );
  }

  with(db: Kysely<Database>): ViewsRepo {
    return new ViewsRepo(db);
  }

  async find(id: number): Promise<ProjectViewRow | undefined> {
    return (await this.byId(id))[0];
  }

  /** Views of these projects, ordered by position then id. */
  listForProjects(projectIds: readonly number[]): Promise<ProjectViewRow[]> {
    if (projectIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('project_views')
      .selectAll()
      .where('project_id', 'in', [...projectIds])
      .orderBy('position')
      .orderBy('id')
      .execute();
  }

  async insert(view: NewView): Promise<ProjectViewRow> {
    const now = nowIso();
    return this.db
      .insertInto('project_views')
      .values({ ...view, created: now, updated: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async update(id: number, changes: Updateable<ProjectViewsTable>): Promise<void> {
    await this.db
      .updateTable('project_views')
      .set({ ...changes, updated: nowIso() })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Takes the view's row lock until the transaction ends (PostgreSQL; SQLite writes lock the whole
   * file): writes that reorder or remove the view's buckets or positions run one after the other.
   */
  async lock(id: number): Promise<void> {
    await this.db
      .updateTable('project_views')
      .set((eb) => ({ position: eb.ref('position') }))
      .where('id', '=', id)
      .execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('project_views').where('id', '=', id).execute();
  }

  /** Manual kanban views of a project: the ones that keep task↔bucket rows. */
  manualKanbanViews(projectId: number): Promise<ProjectViewRow[]> {
    return this.db
      .selectFrom('project_views')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('view_kind', '=', 'kanban')
      .where('bucket_configuration_mode', '=', 'manual')
      .orderBy('id')
      .execute();
  }

  findBucket(id: number): Promise<BucketRow | undefined> {
    return this.db.selectFrom('buckets').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Buckets of these views, ordered by position then id. */
  bucketsOf(viewIds: readonly number[]): Promise<BucketRow[]> {
    if (viewIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('buckets')
      .selectAll()
      .where('project_view_id', 'in', [...viewIds])
      .orderBy('position')
      .orderBy('id')
      .execute();
  }

  async insertBucket(bucket: NewBucket): Promise<BucketRow> {
    const now = nowIso();
    return this.db
      .insertInto('buckets')
      .values({ ...bucket, created: now, updated: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** How many tasks sit in each of these buckets (trigger-kept counters, migration 0010). */
  async bucketCounts(bucketIds: readonly number[]): Promise<Map<number, number>> {
    if (bucketIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('bucket_task_counts')
      .select(['bucket_id', 'task_count'])
      .where('bucket_id', 'in', [...bucketIds])
      .execute();
    return new Map(rows.map((r) => [r.bucket_id, Number(r.task_count)]));
  }

  /** Puts every task of the project that has no bucket in this view into `bucketId`. */
  async fillBucketWithUnplacedTasks(projectId: number, viewId: number, bucketId: number): Promise<void> {
    const unplaced = await this.db
      .selectFrom('tasks')
      .select('id')
      .where('project_id', '=', projectId)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('task_buckets')
              .select('task_id')
              .whereRef('task_buckets.task_id', '=', 'tasks.id')
              .where('task_buckets.project_view_id', '=', viewId),
          ),
        ),
      )
      .execute();
    if (unplaced.length === 0) return;
    await this.db
      .insertInto('task_buckets')
      .values(unplaced.map((t) => ({ task_id: t.id, project_view_id: viewId, bucket_id: bucketId })))
      .execute();
  }
}
