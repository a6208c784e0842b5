/**
 * `POST /tasks/:id/position` (reference §2.6, §4.7, §5.14): a task's position in one view of its
 * project, with write access on the task. A position below 0.01 re-spreads the whole view evenly;
 * a position another task already holds moves those tasks apart between their neighbours (or
 * re-spreads the view when the gap is too small). The answer carries the final position.
 */
import { Right, resolvePositionConflict, spreadPositions, taskPositionNeedsRespread } from '@ordo/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { fail } from '../../http/api-error.js';
import type { PublishChanges } from '../live/publisher.js';
import { FAVORITES_PROJECT_ID } from '../projects/serialize.js';
import type { TasksService } from '../tasks/service.js';
import type { ViewsRepo } from '../views/repo.js';
import type { PositionsRepo } from './repo.js';

export interface TaskPositionInput {
  project_view_id?: number;
  position?: number;
}

export interface TaskPosition {
  task_id: number;
  project_view_id: number;
  position: number;
}

/** Throws unless the user may arrange a saved filter's views (its owner). */
export type SavedFilterViewAccess = (userId: number, pseudoProjectId: number) => Promise<void>;

export class TaskPositionsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly positions: PositionsRepo,
    private readonly views: ViewsRepo,
    private readonly tasks: TasksService,
    private readonly savedFilterViewAccess: SavedFilterViewAccess,
    private readonly publish: PublishChanges,
  ) {}

  async update(userId: number, taskId: number, input: TaskPositionInput): Promise<TaskPosition> {
    const { task } = await this.tasks.demand(userId, taskId, Right.write);
    const viewId = input.project_view_id ?? 0;
    const view = await this.views.find(viewId);
    if (!view) throw fail('projectViewDoesNotExist');
    // A saved filter's views list tasks of many projects: its owner orders them there too.
    const ofSavedFilter = view.project_id < FAVORITES_PROJECT_ID;
    if (ofSavedFilter) await this.savedFilterViewAccess(userId, view.project_id);
    else if (view.project_id !== task.project_id) throw fail('projectViewDoesNotExist');
    const wanted = input.position ?? 0;

    const position = await this.db.transaction().execute(async (trx) => {
      const repo = this.positions.with(trx);
      await this.views.with(trx).lock(viewId);
      await repo.set(taskId, viewId, wanted);
      const respread = () =>
        this.respread(
          repo,
          viewId,
          ofSavedFilter ? repo.placedOrder(viewId) : repo.currentOrder(task.project_id, viewId),
        );
      if (taskPositionNeedsRespread(wanted)) {
        await respread();
      } else {
        const sharing = await repo.tasksAt(viewId, wanted);
        if (sharing.length > 1) {
          const { lower, upper } = await repo.neighbours(viewId, wanted);
          const resolved = resolvePositionConflict(sharing, lower, upper);
          if (resolved) for (const [id, p] of resolved) await repo.set(id, viewId, p);
          else await respread();
        }
      }
      return (await repo.positionOf(taskId, viewId)) ?? wanted;
    });
    this.publish({
      change: 'task.positions.updated',
      projectId: task.project_id,
      actorId: userId,
      taskId,
      viewId,
    });
    return { task_id: taskId, project_view_id: viewId, position };
  }

  /**
   * Every task in `currentOrder` gets an even position in the view, keeping that order: all the
   * project's tasks, or for a saved filter's view the tasks placed in it (the others follow them).
   */
  private async respread(
    repo: PositionsRepo,
    viewId: number,
    currentOrder: Promise<number[]>,
  ): Promise<void> {
    const order = await currentOrder;
    const spread = spreadPositions(order.length);
    await repo.replaceAll(
      viewId,
      order.map((id, i) => ({ task_id: id, position: spread[i] })),
    );
  }
}
