/**
 * Turns the change events services already tell after commit (modules/notifications/events.ts)
 * into live changes: whatever writes through the services — the API, CalDAV, imports, bulk
 * edits — reaches the open views the same way. A failure is reported, never answered as 500.
 */
import type { TaskCommentRow, TaskRow } from '../../db/schema.js';
import type { NotificationEvents } from '../notifications/events.js';
import type { ChangeEvent } from './change-event.js';
import type { LiveChanges } from './live-changes.js';

type Change = ChangeEvent['change'];

export class ChangesListener implements Partial<NotificationEvents> {
  constructor(
    private readonly live: LiveChanges,
    /** The task's project: a task event names the task only. */
    private readonly taskRow: (taskId: number) => Promise<TaskRow | undefined>,
  ) {}

  async changed(...changes: ChangeEvent[]): Promise<void> {
    this.live.publish(...changes);
  }

  taskCreated(doerId: number, taskId: number) {
    return this.aboutTask('task.created', doerId, taskId);
  }

  taskUpdated(doerId: number, taskId: number) {
    return this.aboutTask('task.updated', doerId, taskId);
  }

  async beforeTaskDeleted(doerId: number, task: TaskRow) {
    return async () =>
      this.live.publish({
        change: 'task.deleted',
        projectId: task.project_id,
        actorId: doerId,
        taskId: task.id,
      });
  }

  async taskAssigned(doerId: number, taskId: number, assigneeIds: readonly number[]) {
    if (assigneeIds.length > 0) await this.aboutTask('task.assignees.changed', doerId, taskId);
  }

  async taskUnassigned(doerId: number, taskId: number, assigneeIds: readonly number[]) {
    if (assigneeIds.length > 0) await this.aboutTask('task.assignees.changed', doerId, taskId);
  }

  taskCommented(doerId: number, taskId: number, _comment: TaskCommentRow) {
    return this.aboutTask('task.comment.created', doerId, taskId);
  }

  commentEdited(doerId: number, taskId: number, _comment: TaskCommentRow) {
    return this.aboutTask('task.comment.edited', doerId, taskId);
  }

  commentDeleted(doerId: number, taskId: number, _comment: TaskCommentRow) {
    return this.aboutTask('task.comment.deleted', doerId, taskId);
  }

  attachmentCreated(doerId: number, taskId: number) {
    return this.aboutTask('task.attachment.created', doerId, taskId);
  }

  attachmentDeleted(doerId: number, taskId: number) {
    return this.aboutTask('task.attachment.deleted', doerId, taskId);
  }

  relationCreated(doerId: number, taskId: number) {
    return this.aboutTask('task.relation.created', doerId, taskId);
  }

  relationDeleted(doerId: number, taskId: number) {
    return this.aboutTask('task.relation.deleted', doerId, taskId);
  }

  async projectCreated(doerId: number, projectId: number) {
    this.live.publish({ change: 'project.created', projectId, actorId: doerId });
  }

  async projectUpdated(doerId: number, projectId: number) {
    this.live.publish({ change: 'project.updated', projectId, actorId: doerId });
  }

  async beforeProjectDeleted(doerId: number, projectId: number) {
    return async () => this.live.publish({ change: 'project.deleted', projectId, actorId: doerId });
  }

  async projectShared(doerId: number, projectId: number, grantee: { userId: number } | { teamId: number }) {
    this.live.publish({
      change: 'project.shares.changed',
      projectId,
      actorId: doerId,
      ...('userId' in grantee ? { users: [grantee.userId] } : {}),
    });
  }

  private async aboutTask(change: Change, doerId: number, taskId: number): Promise<void> {
    try {
      const task = await this.taskRow(taskId);
      if (task) this.live.publish({ change, projectId: task.project_id, actorId: doerId, taskId });
    } catch (error) {
      process.emitWarning(`Live change ${change} could not be told: ${(error as Error).message}`);
    }
  }
}
