/**
 * What other modules tell the notification fan-out. Each call comes right after the change has
 * committed (see fan-out.ts for why), except `beforeTaskDeleted`, which reads the task while it
 * still exists and answers the sending to run once the delete has committed.
 */
import type { TaskCommentRow, TaskRow } from '../../db/schema.js';

export interface NotificationEvents {
  taskCommented(doerId: number, taskId: number, comment: TaskCommentRow): Promise<void>;
  taskAssigned(doerId: number, taskId: number, assigneeIds: readonly number[]): Promise<void>;
  beforeTaskDeleted(doerId: number, task: TaskRow): Promise<() => Promise<void>>;
  /** A description written on create (`before` null) or update: new @mentions are notified. */
  taskDescribed(doerId: number, taskId: number, before: string | null, after: string): Promise<void>;
  projectCreated(doerId: number, projectId: number): Promise<void>;
  teamMemberAdded(doerId: number, teamId: number, memberId: number): Promise<void>;
}

/** Until the fan-out is wired in (and in code paths built without it), events go nowhere. */
export const noNotificationEvents: NotificationEvents = {
  taskCommented: async () => {},
  taskAssigned: async () => {},
  beforeTaskDeleted: async () => async () => {},
  taskDescribed: async () => {},
  projectCreated: async () => {},
  teamMemberAdded: async () => {},
};
