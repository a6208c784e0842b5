/**
 * Users assigned to tasks (reference §2.7): reading needs read on the task, changing needs write.
 * An assignee must exist (1005) and be able to read the task's project (7003).
 */
import { Right } from '@ordo/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { fail } from '../../http/api-error.js';
import type { Page } from '../../http/pagination.js';
import { TaskHistory } from '../activity/task-history.js';
import type { NotificationEvents } from '../notifications/events.js';
import type { RightsService } from '../rights/service.js';
import type { TasksService } from '../tasks/service.js';
import { type PublicUser, publicUser } from '../users/serialize.js';
import { demandAssignable } from './assignable.js';
import type { AssigneesRepo } from './repo.js';

export class AssigneesService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repo: AssigneesRepo,
    private readonly rights: RightsService,
    private readonly tasks: TasksService,
    /** The change listeners (notifications, webhooks), told after a change commits. */
    private readonly events: NotificationEvents,
  ) {}

  async list(
    userId: number,
    taskId: number,
    page: Page,
    search: string,
  ): Promise<{ users: PublicUser[]; total: number }> {
    await this.tasks.demand(userId, taskId, Right.read);
    const { rows, total } = await this.repo.pageOfTask(taskId, search, page.limit, page.offset);
    return { users: rows.map(publicUser), total };
  }

  async add(
    userId: number,
    taskId: number,
    assigneeId: number,
  ): Promise<{ user_id: number; created: string }> {
    const { task } = await this.tasks.demand(userId, taskId, Right.write);
    await this.demandAssignable(task.project_id, [assigneeId]);
    const current = await this.repo.userIdsOfTask(taskId);
    if (current.includes(assigneeId)) throw fail('userAlreadyAssigned');
    const created = await this.db.transaction().execute(async (trx) => {
      const history = await TaskHistory.before(trx, task);
      const at = await this.repo.with(trx).add(taskId, [assigneeId]);
      await history.record(trx, userId, {}, [...current, assigneeId]);
      return at;
    });
    await this.events.taskAssigned(userId, taskId, [assigneeId]);
    return { user_id: assigneeId, created };
  }

  /** Removing a user who is not assigned succeeds as well. */
  async remove(userId: number, taskId: number, assigneeId: number): Promise<void> {
    const { task } = await this.tasks.demand(userId, taskId, Right.write);
    const current = await this.repo.userIdsOfTask(taskId);
    const wasAssigned = current.includes(assigneeId);
    await this.db.transaction().execute(async (trx) => {
      const history = await TaskHistory.before(trx, task);
      await this.repo.with(trx).remove(taskId, [assigneeId]);
      await history.record(
        trx,
        userId,
        {},
        current.filter((id) => id !== assigneeId),
      );
    });
    if (wasAssigned) await this.events.taskUnassigned(userId, taskId, [assigneeId]);
  }

  /** Replaces the task's assignees with exactly these users (an empty list removes all). */
  async replace(userId: number, taskId: number, assigneeIds: number[]): Promise<{ assignees: PublicUser[] }> {
    const { task } = await this.tasks.demand(userId, taskId, Right.write);
    const wanted = [...new Set(assigneeIds)];
    // Only those newly assigned: one already on the task who has lost access stays (TaskParts).
    const before = new Set(await this.repo.userIdsOfTask(taskId));
    await this.demandAssignable(
      task.project_id,
      wanted.filter((id) => !before.has(id)),
    );
    await this.db.transaction().execute(async (trx) => {
      const history = await TaskHistory.before(trx, task);
      await this.repo.with(trx).replace(taskId, wanted);
      await history.record(trx, userId, {}, wanted);
    });
    await this.events.taskAssigned(
      userId,
      taskId,
      wanted.filter((id) => !before.has(id)),
    );
    const removed = [...before].filter((id) => !wanted.includes(id));
    if (removed.length > 0) await this.events.taskUnassigned(userId, taskId, removed);
    const rows = await this.repo.usersOfTasks([taskId]);
    return { assignees: rows.map(({ task_id: _, ...user }) => publicUser(user)) };
  }

  demandAssignable(projectId: number, userIds: readonly number[]): Promise<void> {
    return demandAssignable(this.db, this.rights, projectId, userIds);
  }
}
