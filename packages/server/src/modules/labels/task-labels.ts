/**
 * Labels on tasks (reference §2.7): listing needs read on the task (4005 otherwise), changing
 * needs write on the task and sight of the label.
 */
import { Right } from '@ordo/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { fail } from '../../http/api-error.js';
import type { Page } from '../../http/pagination.js';
import { recordLabelChange } from '../activity/task-history.js';
import type { PublishChanges } from '../live/publisher.js';
import type { TasksService } from '../tasks/service.js';
import type { LabelsRepo } from './repo.js';
import type { SerializedLabel } from './serialize.js';
import type { LabelsService } from './service.js';

export class TaskLabelsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly labels: LabelsRepo,
    private readonly labelService: LabelsService,
    private readonly tasks: TasksService,
    private readonly publish: PublishChanges,
  ) {}

  async list(
    userId: number,
    taskId: number,
    page: Page,
    search: string,
  ): Promise<{ labels: SerializedLabel[]; total: number }> {
    await this.demandTask(userId, taskId, Right.read);
    const { rows, total } = await this.labels.pageOfTask(taskId, search, page.limit, page.offset);
    return { labels: await this.labelService.serialize(rows), total };
  }

  async add(userId: number, taskId: number, labelId: number): Promise<{ label_id: number; created: string }> {
    const { task } = await this.tasks.demand(userId, taskId, Right.write);
    await this.demandVisibleLabel(userId, labelId);
    if (await this.labels.isOnTask(taskId, labelId)) throw fail('labelAlreadyOnTask');
    const created = await this.db.transaction().execute(async (trx) => {
      const repo = this.labels.with(trx);
      const before = (await repo.labelsOfTasks([taskId])).map((l) => l.id);
      const at = await repo.attach(taskId, [labelId]);
      await recordLabelChange(trx, task, userId, before, [...before, labelId]);
      await this.tasks.reviseVtodos(trx, [taskId]);
      return at;
    });
    this.publish({
      change: 'task.labels.changed',
      projectId: task.project_id,
      actorId: userId,
      taskId,
      labelId,
    });
    return { label_id: labelId, created };
  }

  async remove(userId: number, taskId: number, labelId: number): Promise<void> {
    const { task } = await this.tasks.demand(userId, taskId, Right.write);
    if (!(await this.labels.isOnTask(taskId, labelId))) throw fail('forbidden');
    await this.db.transaction().execute(async (trx) => {
      const repo = this.labels.with(trx);
      const before = (await repo.labelsOfTasks([taskId])).map((l) => l.id);
      await repo.detach(taskId, [labelId]);
      await recordLabelChange(
        trx,
        task,
        userId,
        before,
        before.filter((id) => id !== labelId),
      );
      await this.tasks.reviseVtodos(trx, [taskId]);
    });
    this.publish({
      change: 'task.labels.changed',
      projectId: task.project_id,
      actorId: userId,
      taskId,
      labelId,
    });
  }

  /**
   * Replaces the task's labels with exactly these. `revise: false` leaves the task's VTODO
   * SEQUENCE to the caller (a CalDAV PUT sets it itself).
   */
  async replace(
    userId: number,
    taskId: number,
    labelIds: number[],
    { revise = true } = {},
  ): Promise<{ labels: SerializedLabel[] }> {
    const { task } = await this.tasks.demand(userId, taskId, Right.write);
    const wanted = [...new Set(labelIds)];
    const existing = await this.labels.findMany(wanted);
    if (existing.length !== wanted.length) throw fail('labelDoesNotExist');
    const visible = await this.labelService.visibleIds(userId, wanted);
    if (wanted.some((id) => !visible.has(id))) throw fail('noAccessToLabel');
    await this.db.transaction().execute(async (trx) => {
      const repo = this.labels.with(trx);
      const current = (await repo.labelsOfTasks([taskId])).map((l) => l.id);
      await repo.detach(
        taskId,
        current.filter((id) => !wanted.includes(id)),
      );
      await repo.attach(
        taskId,
        wanted.filter((id) => !current.includes(id)),
      );
      await recordLabelChange(trx, task, userId, current, wanted);
      const same = current.length === wanted.length && current.every((id) => wanted.includes(id));
      if (revise && !same) await this.tasks.reviseVtodos(trx, [taskId]);
    });
    this.publish({ change: 'task.labels.changed', projectId: task.project_id, actorId: userId, taskId });
    const rows = await this.labels.labelsOfTasks([taskId]);
    return { labels: await this.labelService.serialize(rows) };
  }

  private async demandTask(userId: number, taskId: number, needed: Right): Promise<void> {
    try {
      await this.tasks.demand(userId, taskId, needed);
    } catch (error) {
      // Reading a task's labels without access answers the task-specific 4005.
      if ((error as { code?: number }).code === 0) throw fail('noRightToSeeTask');
      throw error;
    }
  }

  private async demandVisibleLabel(userId: number, labelId: number): Promise<void> {
    if (!(await this.labels.find(labelId))) throw fail('labelDoesNotExist');
    if (!(await this.labelService.visibleIds(userId, [labelId])).has(labelId)) throw fail('forbidden');
  }
}
