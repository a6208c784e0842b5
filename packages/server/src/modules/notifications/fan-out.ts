/**
 * Who hears about what (reference §4.14). Task events reach everyone subscribed to the task, its
 * project or an ancestor; @mentions reach the users named; a new project reaches the subscribers
 * of its ancestors; a new team member hears about it. Never the person who caused the event, each
 * user at most once per event, and only users who can still read the project.
 *
 * The fan-out runs right after the change commits, not inside its transaction: the rights
 * resolver and the payload loaders read through the app's own database handle, and on SQLite
 * (one connection) such a read would wait forever for the open transaction; a notification that
 * fails to be written must not undo the comment or assignment the user made either. The price is
 * that a process dying between the commit and the fan-out loses that event's notifications.
 * All notifications of one event are written together in one statement.
 */
import { mentionedUsernames, newlyMentionedUsernames } from '@ordo/core';
import type { TaskCommentRow, TaskRow } from '../../db/schema.js';
import type { RightsService } from '../rights/service.js';
import type { AssigneeSubscriber } from '../subscriptions/assignee-subscriber.js';
import type { NearestSubscriptions } from '../subscriptions/nearest.js';
import type { SubscriptionsRepo } from '../subscriptions/repo.js';
import type { NotificationEvents } from './events.js';
import type { PayloadParts } from './payload-parts.js';
import type { CreatedNotification, NewNotification, NotificationsRepo } from './repo.js';

/** Hears the events that notify people; the rest (webhooks' events) it leaves alone. */
export class NotificationFanOut implements Partial<NotificationEvents> {
  constructor(
    private readonly repo: NotificationsRepo,
    private readonly subscriptionsRepo: SubscriptionsRepo,
    private readonly assigneeSubscriber: AssigneeSubscriber,
    private readonly nearest: NearestSubscriptions,
    private readonly rights: RightsService,
    private readonly parts: PayloadParts,
    /** Told about every notification once it is written (live sockets, modules/live). */
    private readonly announce: (created: readonly CreatedNotification[]) => void,
  ) {}

  async taskCommented(doerId: number, taskId: number, comment: TaskCommentRow): Promise<void> {
    await this.guard(async () => {
      const task = await this.parts.taskRow(taskId);
      if (!task) return;
      const mentioned = await this.mentionedReaders(doerId, task, mentionedUsernames(comment.comment));
      const subscribed = (await this.readers(await this.taskSubscribers(task), task.project_id)).filter(
        (id) => id !== doerId && !mentioned.includes(id),
      );
      if (mentioned.length + subscribed.length === 0) return;
      const [doer, taskPayloads, commentPayload, project] = await Promise.all([
        this.parts.user(doerId),
        this.parts.taskForEach([...mentioned, ...subscribed], task),
        this.parts.comment(comment),
        this.parts.project(doerId, task.project_id),
      ]);
      const payload = (userId: number, isMention: boolean) => ({
        doer,
        task: taskPayloads.get(userId),
        comment: commentPayload,
        mentioned: isMention,
        project,
      });
      await this.send([
        ...mentioned.map((userId) => this.about(task, userId, 'task.comment', payload(userId, true))),
        ...subscribed.map((userId) => this.about(task, userId, 'task.comment', payload(userId, false))),
      ]);
    });
  }

  async taskAssigned(doerId: number, taskId: number, assigneeIds: readonly number[]): Promise<void> {
    await this.guard(async () => {
      if (assigneeIds.length === 0) return;
      const task = await this.parts.taskRow(taskId);
      if (!task) return;
      for (const assigneeId of assigneeIds) await this.assigneeSubscriber.subscribe(assigneeId, task);
      const recipients = await this.recipients(doerId, task);
      if (recipients.length === 0) return;
      const [doer, taskPayloads, project, ...assignees] = await Promise.all([
        this.parts.user(doerId),
        this.parts.taskForEach(recipients, task),
        this.parts.project(doerId, task.project_id),
        ...assigneeIds.map((id) => this.parts.user(id)),
      ]);
      await this.send(
        assignees.flatMap((assignee) =>
          recipients.map((userId) =>
            this.about(task, userId, 'task.assigned', {
              doer,
              task: taskPayloads.get(userId),
              assignee,
              project,
            }),
          ),
        ),
      );
    });
  }

  async beforeTaskDeleted(doerId: number, task: TaskRow): Promise<() => Promise<void>> {
    let notifications: NewNotification[] = [];
    await this.guard(async () => {
      const recipients = await this.recipients(doerId, task);
      if (recipients.length === 0) return;
      const [doer, taskPayloads] = await Promise.all([
        this.parts.user(doerId),
        this.parts.taskForEach(recipients, task),
      ]);
      notifications = recipients.map((userId) =>
        this.about(task, userId, 'task.deleted', { doer, task: taskPayloads.get(userId) }),
      );
    });
    return () => this.guard(() => this.send(notifications));
  }

  async taskDescribed(doerId: number, taskId: number, before: string | null, after: string): Promise<void> {
    await this.guard(async () => {
      const names = before === null ? mentionedUsernames(after) : newlyMentionedUsernames(before, after);
      if (names.length === 0) return;
      const task = await this.parts.taskRow(taskId);
      if (!task) return;
      const recipients = await this.mentionedReaders(doerId, task, names);
      if (recipients.length === 0) return;
      const [doer, taskPayloads, project] = await Promise.all([
        this.parts.user(doerId),
        this.parts.taskForEach(recipients, task),
        this.parts.project(doerId, task.project_id),
      ]);
      await this.send(
        recipients.map((userId) =>
          this.about(task, userId, 'task.mentioned', {
            doer,
            task: taskPayloads.get(userId),
            is_new: before === null,
            project,
          }),
        ),
      );
    });
  }

  async projectCreated(doerId: number, projectId: number): Promise<void> {
    await this.guard(async () => {
      const chain = (await this.nearest.ancestries([projectId])).get(projectId) ?? [];
      const subscribers = await this.subscriptionsRepo.subscribers({ taskIds: [], projectIds: chain });
      const recipients = await this.readers(
        subscribers.filter((id) => id !== doerId),
        projectId,
      );
      if (recipients.length === 0) return;
      const [doer, project] = await Promise.all([
        this.parts.user(doerId),
        this.parts.project(doerId, projectId),
      ]);
      await this.send(
        recipients.map((userId) => ({
          userId,
          name: 'project.created',
          payload: { doer, project },
          projectId,
        })),
      );
    });
  }

  /**
   * A due reminder (claimed by the caller): the task's creator and assignees (`people`) and its
   * subscribers hear about it, if they can read it. Nobody caused it, so nobody is left out.
   */
  async taskReminder(taskId: number, people: readonly number[]): Promise<void> {
    await this.guard(async () => {
      const task = await this.parts.taskRow(taskId);
      if (!task) return;
      const recipients = await this.readers(
        [...people, ...(await this.taskSubscribers(task))],
        task.project_id,
      );
      if (recipients.length === 0) return;
      const [taskPayloads, project] = await Promise.all([
        this.parts.taskForEach(recipients, task),
        this.parts.project(task.created_by_id, task.project_id),
      ]);
      await this.send(
        recipients.map((userId) =>
          this.about(task, userId, 'task.reminder', {
            task: taskPayloads.get(userId),
            project,
            reminder: null,
          }),
        ),
      );
    });
  }

  async teamMemberAdded(doerId: number, teamId: number, memberId: number): Promise<void> {
    if (memberId === doerId) return;
    await this.guard(async () => {
      const [member, doer, team] = await Promise.all([
        this.parts.user(memberId),
        this.parts.user(doerId),
        this.parts.team(teamId),
      ]);
      await this.send([
        { userId: memberId, name: 'team.member.added', payload: { member, doer, team }, projectId: null },
      ]);
    });
  }

  /** Subscribers of the task (directly or through its projects) who can read it, without the doer. */
  private async recipients(doerId: number, task: TaskRow): Promise<number[]> {
    const subscribers = await this.taskSubscribers(task);
    return this.readers(
      subscribers.filter((id) => id !== doerId),
      task.project_id,
    );
  }

  private async taskSubscribers(task: TaskRow): Promise<number[]> {
    const chain = (await this.nearest.ancestries([task.project_id])).get(task.project_id) ?? [];
    return this.subscriptionsRepo.subscribers({ taskIds: [task.id], projectIds: chain });
  }

  /** Mentioned users who exist and can read the task, without the doer. */
  private async mentionedReaders(doerId: number, task: TaskRow, names: readonly string[]): Promise<number[]> {
    const users = await this.parts.usersNamed(names);
    return this.readers(
      users.map((u) => u.id).filter((id) => id !== doerId),
      task.project_id,
    );
  }

  /** The users (each once) who can read the project now. */
  private async readers(userIds: readonly number[], projectId: number): Promise<number[]> {
    const unique = [...new Set(userIds)].filter((id) => id > 0);
    const rights = await Promise.all(unique.map((id) => this.rights.projectRight(id, projectId)));
    return unique.filter((_, i) => rights[i] !== null);
  }

  private about(task: TaskRow, userId: number, name: string, payload: unknown): NewNotification {
    return { userId, name, payload, projectId: task.project_id };
  }

  private async send(notifications: readonly NewNotification[]): Promise<void> {
    this.announce(await this.repo.insertMany(notifications));
  }

  /** The change the user made has committed: a failing fan-out is reported, not answered as 500. */
  private async guard(work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (error) {
      process.emitWarning(
        `Notifications could not be sent: ${error instanceof Error ? error.stack : String(error)}`,
      );
    }
  }
}
