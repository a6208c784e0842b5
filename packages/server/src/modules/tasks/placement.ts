/**
 * Where a task sits in its project's views (reference §4.4 steps 5–6, §4.8): a new or moved task
 * goes on top of every view, and into a bucket of every manual kanban view — the requested bucket,
 * the done bucket when done, else the default bucket (or the first one). Becoming done or undone
 * moves it into or out of the done buckets.
 */
import { newTaskPositions } from '@ordo/core';
import type { Kysely } from 'kysely';
import type { BucketRow, Database, ProjectViewRow } from '../../db/schema.js';
import { fail } from '../../http/api-error.js';
import { ViewsRepo } from '../views/repo.js';
import { PlacementRepo } from './placement-repo.js';

interface PlacedTask {
  id: number;
  index: number;
  project_id: number;
  done: boolean;
}

function isManualKanban(view: ProjectViewRow): boolean {
  return view.view_kind === 'kanban' && view.bucket_configuration_mode === 'manual';
}

/** The bucket a task goes to when no bucket was asked for. */
export function fallbackBucket(
  view: ProjectViewRow,
  buckets: BucketRow[],
  done: boolean,
): BucketRow | undefined {
  const own = buckets.filter((b) => b.project_view_id === view.id);
  if (done && view.done_bucket_id) {
    const doneBucket = own.find((b) => b.id === view.done_bucket_id);
    if (doneBucket) return doneBucket;
  }
  return own.find((b) => b.id === view.default_bucket_id) ?? own[0];
}

export class TaskPlacement {
  private readonly views: ViewsRepo;
  private readonly rows: PlacementRepo;

  constructor(db: Kysely<Database>) {
    this.views = new ViewsRepo(db);
    this.rows = new PlacementRepo(db);
  }

  /**
   * Places a new (or moved) task. Returns true when the task landed in a done bucket it was
   * explicitly put in, which marks it done.
   */
  async place(task: PlacedTask, requestedBucketId = 0): Promise<boolean> {
    const views = await this.views.listForProjects([task.project_id]);
    await this.putOnTop(task, views);

    const kanban = views.filter(isManualKanban);
    const buckets = await this.views.bucketsOf(kanban.map((v) => v.id));
    const requested = requestedBucketId ? buckets.find((b) => b.id === requestedBucketId) : undefined;
    if (requestedBucketId && !requested) throw fail('bucketDoesNotExist');
    const requestedView = requested ? kanban.find((v) => v.id === requested.project_view_id) : undefined;
    const markedDone = !!requestedView && requestedView.done_bucket_id === requested?.id;
    const done = task.done || markedDone;
    for (const view of kanban) {
      const target =
        requested && requested.project_view_id === view.id ? requested : fallbackBucket(view, buckets, done);
      if (!target) continue;
      await this.checkLimit(target);
      await this.rows.setBucket(task.id, view.id, target.id);
    }
    return markedDone && !task.done;
  }

  /** Moves the task into the done buckets, or out of them into the default bucket. */
  async doneChanged(task: PlacedTask): Promise<void> {
    const kanban = (await this.views.listForProjects([task.project_id])).filter(isManualKanban);
    if (kanban.length === 0) return;
    const buckets = await this.views.bucketsOf(kanban.map((v) => v.id));
    const current = await this.rows.bucketsOfTask(task.id);
    for (const view of kanban) {
      const now = current.get(view.id);
      if (task.done && view.done_bucket_id && now !== view.done_bucket_id) {
        await this.rows.setBucket(task.id, view.id, view.done_bucket_id);
      } else if (!task.done && (now === undefined || now === view.done_bucket_id)) {
        const target = fallbackBucket(view, buckets, false);
        if (target && target.id !== now) await this.rows.setBucket(task.id, view.id, target.id);
      }
    }
  }

  /**
   * A task put back (from the trash) with the places it had: a view added since, or a bucket
   * deleted since, gets it on top or in the fallback bucket, as a new task would.
   */
  async fillIn(task: PlacedTask): Promise<void> {
    const views = await this.views.listForProjects([task.project_id]);
    const placed = await this.rows.viewsWithPosition(task.id);
    await this.putOnTop(
      task,
      views.filter((v) => !placed.has(v.id)),
    );
    const kanban = views.filter(isManualKanban);
    const buckets = await this.views.bucketsOf(kanban.map((v) => v.id));
    const current = await this.rows.bucketsOfTask(task.id);
    for (const view of kanban) {
      if (current.has(view.id)) continue;
      const target = fallbackBucket(view, buckets, task.done);
      if (target) await this.rows.setBucket(task.id, view.id, target.id);
    }
  }

  /** Forgets the task's positions and buckets before it moves to another project. */
  clear(taskId: number): Promise<void> {
    return this.rows.clear(taskId);
  }

  /** Gives the task the top position in each of these views. */
  private async putOnTop(task: PlacedTask, views: readonly ProjectViewRow[]): Promise<void> {
    const lowest = await this.rows.lowestPositions(views.map((v) => v.id));
    await this.rows.insertPositions(
      views.map((v) => ({
        task_id: task.id,
        project_view_id: v.id,
        position: newTaskPositions(lowest.get(v.id), [task.index])[0],
      })),
    );
  }

  private async checkLimit(bucket: BucketRow): Promise<void> {
    if (bucket.limit > 0 && (await this.rows.countInBucket(bucket.id)) >= bucket.limit)
      throw fail('bucketLimitExceeded');
  }
}
