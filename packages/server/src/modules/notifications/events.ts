/**
 * What other modules tell about changes: the in-app notifications (fan-out.ts) and webhooks
 * (modules/webhooks) listen. Each call comes right after the change has committed (see
 * fan-out.ts for why), except the `before…` ones, which read the entity while it still exists and
 * answer the sending to run once the delete has committed.
 */
import type { TaskCommentRow, TaskRow } from '../../db/schema.js';
import type { ChangeEvent } from '../live/change-event.js';

export interface NotificationEvents {
  taskCommented(doerId: number, taskId: number, comment: TaskCommentRow): Promise<void>;
  taskAssigned(doerId: number, taskId: number, assigneeIds: readonly number[]): Promise<void>;
  beforeTaskDeleted(doerId: number, task: TaskRow): Promise<() => Promise<void>>;
  /** A description written on create (`before` null) or update: new @mentions are notified. */
  taskDescribed(doerId: number, taskId: number, before: string | null, after: string): Promise<void>;
  projectCreated(doerId: number, projectId: number): Promise<void>;
  teamMemberAdded(doerId: number, teamId: number, memberId: number): Promise<void>;
  // The events below are heard by webhooks only.
  taskCreated(doerId: number, taskId: number): Promise<void>;
  taskUpdated(doerId: number, taskId: number): Promise<void>;
  taskUnassigned(doerId: number, taskId: number, assigneeIds: readonly number[]): Promise<void>;
  commentEdited(doerId: number, taskId: number, comment: TaskCommentRow): Promise<void>;
  commentDeleted(doerId: number, taskId: number, comment: TaskCommentRow): Promise<void>;
  /** The attachment in its API shape (it may be gone by the time a listener reads). */
  attachmentCreated(doerId: number, taskId: number, attachment: unknown): Promise<void>;
  attachmentDeleted(doerId: number, taskId: number, attachment: unknown): Promise<void>;
  /** The relation in its API shape, from the side of `taskId`. */
  relationCreated(doerId: number, taskId: number, relation: unknown): Promise<void>;
  relationDeleted(doerId: number, taskId: number, relation: unknown): Promise<void>;
  projectUpdated(doerId: number, projectId: number): Promise<void>;
  /** The project (with its subtree) was put under another parent, which changes who can read it. */
  projectMoved(doerId: number, projectId: number): Promise<void>;
  beforeProjectDeleted(doerId: number, projectId: number): Promise<() => Promise<void>>;
  projectShared(
    doerId: number,
    projectId: number,
    grantee: { userId: number } | { teamId: number },
  ): Promise<void>;
  /** A due reminder was sent to these users (the task's creator and assignees who can read it). */
  taskReminderFired(taskId: number, userIds: readonly number[]): Promise<void>;
  /** Heard by the live sockets only: a change no other event names (modules/live). */
  changed(...changes: ChangeEvent[]): Promise<void>;
}

const nothing = async () => {};

/** Every event, heard by no one: what `tellAll` with no listeners amounts to, and its list of names. */
export const noNotificationEvents: NotificationEvents = {
  taskCommented: nothing,
  taskAssigned: nothing,
  beforeTaskDeleted: async () => nothing,
  taskDescribed: nothing,
  projectCreated: nothing,
  teamMemberAdded: nothing,
  taskCreated: nothing,
  taskUpdated: nothing,
  taskUnassigned: nothing,
  commentEdited: nothing,
  commentDeleted: nothing,
  attachmentCreated: nothing,
  attachmentDeleted: nothing,
  relationCreated: nothing,
  relationDeleted: nothing,
  projectUpdated: nothing,
  projectMoved: nothing,
  beforeProjectDeleted: async () => nothing,
  projectShared: nothing,
  taskReminderFired: nothing,
  changed: nothing,
};

type Listener = Partial<NotificationEvents>;
type AnyEvent = (...args: unknown[]) => Promise<unknown>;

/**
 * One set of events that tells each listener in turn; a listener hears only the events it has
 * methods for. For a `before…` event the answered sendings run in the same order.
 */
export function tellAll(...listeners: Listener[]): NotificationEvents {
  const combined: Record<string, AnyEvent> = {};
  for (const name of Object.keys(noNotificationEvents) as (keyof NotificationEvents)[]) {
    const hearing = listeners.filter((l) => typeof l[name] === 'function');
    const call = (l: Listener, args: unknown[]) => (l[name] as AnyEvent).apply(l, args);
    combined[name] = name.startsWith('before')
      ? async (...args) => {
          const afterwards: (() => Promise<void>)[] = [];
          for (const l of hearing) afterwards.push((await call(l, args)) as () => Promise<void>);
          return async () => {
            for (const send of afterwards) await send();
          };
        }
      : async (...args) => {
          for (const l of hearing) await call(l, args);
        };
  }
  return combined as unknown as NotificationEvents;
}
