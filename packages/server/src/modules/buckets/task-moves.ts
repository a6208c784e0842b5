/**
 * Moving a task into a bucket of a manual kanban view (`POST …/buckets/:bucket/tasks`, reference
 * §2.5, §3.10, §4.8). Into the done bucket marks the task done (a repeating task advances instead
 * and lands in the default bucket); out of it marks it undone. The other kanban views of the
 * project follow the done change. A full bucket refuses new tasks (10004). The move, the done
 * flag and the other views' buckets are written in one transaction.
 */
import { Right } from '@ordo/core';
import type { Kysely } from 'kysely';
import type { Database, ProjectViewRow, TaskRow } from '../../db/schema.js';
import { fail } from '../../http/api-error.js';
import type { NotificationEvents } from '../notifications/events.js';
import type { TaskDetails } from '../tasks/details.js';
import { TaskPlacement } from '../tasks/placement.js';
import { PlacementRepo } from '../tasks/placement-repo.js';
import type { SerializedTask } from '../tasks/serialize.js';
import type { TasksService } from '../tasks/service.js';
import type { ViewsRepo } from '../views/repo.js';
import type { ViewsService } from '../views/service.js';
import type { BucketsRepo } from './repo.js';
import type { BucketsService, SerializedBucket } from './service.js';

export interface TaskBucketMove {
  bucket_id: number;
  bucket: SerializedBucket;
  task_id: number;
  project_view_id: number;
  task: SerializedTask;
}

export class TaskMovesService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly buckets: BucketsRepo,
    private readonly bucketsService: BucketsService,
    private readonly views: ViewsRepo,
    private readonly viewsService: ViewsService,
    private readonly tasks: TasksService,
    private readonly details: TaskDetails,
    /** The change listeners (notifications, webhooks): a move changes the task. */
    private readonly events: NotificationEvents,
  ) {}

  async move(
    userId: number,
    projectId: number,
    viewId: number,
    bucketId: number,
    taskId: number,
  ): Promise<TaskBucketMove> {
    await this.viewsService.demand(userId, projectId, Right.write);
    const view = await this.viewsService.viewOf(projectId, viewId);
    const bucket = await this.bucketsService.bucketIn(view, bucketId);
    // Filter-mode buckets are computed from their filters; there is nothing to move a task into.
    if (view.view_kind !== 'kanban' || view.bucket_configuration_mode !== 'manual')
      throw fail('bucketNotInView');
    const { task } = await this.tasks.demand(userId, taskId, Right.write);
    // A saved filter's board (pseudo project below −1) holds tasks of any project; a project's
    // board only its own.
    if (view.project_id > 0 && task.project_id !== view.project_id) throw fail('bucketNotInView');

    const landed = await this.db
      .transaction()
      .execute((trx) => this.moveIn(trx, userId, view, task, bucket.id));
    await this.events.taskUpdated(userId, taskId);

    const [placement, row, count] = await Promise.all([
      this.buckets.placement(taskId, viewId),
      this.views.findBucket(landed),
      this.buckets.countTasks(landed),
    ]);
    const fresh = await this.tasks.demand(userId, taskId, Right.read);
    const [serialized] = await this.details.serialize(userId, [fresh.task], {
      placements: new Map([[taskId, placement]]),
    });
    const [bucketJson] = await this.bucketsService.serialize(row ? [row] : [], new Map([[landed, count]]));
    return {
      bucket_id: landed,
      bucket: bucketJson,
      task_id: taskId,
      project_view_id: viewId,
      task: serialized,
    };
  }

  /** The writes of one move; answers the bucket the task ends up in. */
  private async moveIn(
    trx: Kysely<Database>,
    userId: number,
    view: ProjectViewRow,
    task: TaskRow,
    bucketId: number,
  ) {
    const repo = this.buckets.with(trx);
    const rows = new PlacementRepo(trx);
    const current = await repo.bucketOfTask(task.id, view.id);
    // Staying in the same bucket changes nothing, and a full bucket does not refuse it.
    if (current === bucketId) return bucketId;

    await repo.lock(bucketId);
    const target = (await this.views.with(trx).findBucket(bucketId))!;
    if (target.limit > 0 && (await repo.countTasks(bucketId)) >= target.limit)
      throw fail('bucketLimitExceeded');
    await rows.setBucket(task.id, view.id, bucketId);

    const doneBucket = view.done_bucket_id;
    const intoDone = doneBucket !== 0 && bucketId === doneBucket;
    const outOfDone = doneBucket !== 0 && current === doneBucket && !intoDone;
    const placed = { id: task.id, index: task.index, project_id: task.project_id };
    if (intoDone && !task.done) {
      const repeated = await this.tasks.setDoneIn(trx, userId, task, true);
      if (repeated) {
        // A repeating task is completed for this occurrence but stays open: it goes to the
        // default bucket, or stays where it was when the view has none.
        const open = (await this.views.with(trx).bucketsOf([view.id])).filter((b) => b.id !== doneBucket);
        const back =
          open.find((b) => b.id === view.default_bucket_id) ?? open.find((b) => b.id === current) ?? open[0];
        if (!back) return bucketId;
        await rows.setBucket(task.id, view.id, back.id);
        return back.id;
      }
      await new TaskPlacement(trx).doneChanged({ ...placed, done: true });
    } else if (outOfDone && task.done) {
      await this.tasks.setDoneIn(trx, userId, task, false);
      await new TaskPlacement(trx).doneChanged({ ...placed, done: false });
    }
    return bucketId;
  }
}
