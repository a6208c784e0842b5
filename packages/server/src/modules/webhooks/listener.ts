/**
 * Turns change events (modules/notifications/events.ts) into webhook deliveries. A project
 * webhook hears the events of its project and of every project below it, as in Vikunja; a
 * user webhook hears the user-directed events about its owner, and a project webhook only while
 * its creator can still read the project. The payload (`data`) holds the entities in their API
 * shapes, the task as the webhook's creator sees it (a related task they cannot read stays out),
 * plus the `project` the event happened in, as Vikunja adds it.
 *
 * Runs after the change committed, like the notification fan-out: finding the webhooks is one
 * query on the (small) webhooks table, and the payload is only built when some webhook names the
 * event. The POST itself runs in the background (delivery.ts). A failure here is logged and
 * never answers the user's request with an error.
 */
import type { TaskCommentRow, TaskRow, WebhookRow } from '../../db/schema.js';
import type { NotificationEvents } from '../notifications/events.js';
import type { PayloadParts } from '../notifications/payload-parts.js';
import type { RightsRepo } from '../rights/repo.js';
import type { RightsService } from '../rights/service.js';
import type { WebhookSender } from './delivery.js';
import { eventsOf, type WebhooksRepo } from './repo.js';

type Data = Record<string, unknown>;

export class WebhookListener implements Partial<NotificationEvents> {
  constructor(
    private readonly repo: WebhooksRepo,
    private readonly chains: RightsRepo,
    private readonly rights: RightsService,
    private readonly parts: PayloadParts,
    private readonly sender: WebhookSender,
  ) {}

  taskCreated(doerId: number, taskId: number): Promise<void> {
    return this.aboutTask('task.created', doerId, taskId);
  }

  taskUpdated(doerId: number, taskId: number): Promise<void> {
    return this.aboutTask('task.updated', doerId, taskId);
  }

  async beforeTaskDeleted(doerId: number, task: TaskRow): Promise<() => Promise<void>> {
    let send = async () => {};
    await this.guard('task.deleted', async () => {
      const hooks = await this.hooksFor('task.deleted', task.project_id);
      if (hooks.length === 0) return;
      const payloads = await this.payloadsByCreator(hooks, (viewerId) =>
        this.taskData(doerId, viewerId, task, {}),
      );
      send = async () => {
        for (const [group, data] of payloads) this.sendAll(group, 'task.deleted', data);
      };
    });
    return send;
  }

  async taskAssigned(doerId: number, taskId: number, assigneeIds: readonly number[]): Promise<void> {
    for (const id of assigneeIds) {
      await this.aboutTask('task.assignee.created', doerId, taskId, async () => ({
        assignee: await this.parts.user(id),
      }));
    }
  }

  async taskUnassigned(doerId: number, taskId: number, assigneeIds: readonly number[]): Promise<void> {
    for (const id of assigneeIds) {
      await this.aboutTask('task.assignee.deleted', doerId, taskId, async () => ({
        assignee: await this.parts.user(id),
      }));
    }
  }

  taskCommented(doerId: number, taskId: number, comment: TaskCommentRow): Promise<void> {
    return this.aboutComment('task.comment.created', doerId, taskId, comment);
  }

  commentEdited(doerId: number, taskId: number, comment: TaskCommentRow): Promise<void> {
    return this.aboutComment('task.comment.edited', doerId, taskId, comment);
  }

  commentDeleted(doerId: number, taskId: number, comment: TaskCommentRow): Promise<void> {
    return this.aboutComment('task.comment.deleted', doerId, taskId, comment);
  }

  attachmentCreated(doerId: number, taskId: number, attachment: unknown): Promise<void> {
    return this.aboutTask('task.attachment.created', doerId, taskId, async () => ({ attachment }));
  }

  attachmentDeleted(doerId: number, taskId: number, attachment: unknown): Promise<void> {
    return this.aboutTask('task.attachment.deleted', doerId, taskId, async () => ({ attachment }));
  }

  relationCreated(doerId: number, taskId: number, relation: unknown): Promise<void> {
    return this.aboutTask('task.relation.created', doerId, taskId, async () => ({ relation }));
  }

  relationDeleted(doerId: number, taskId: number, relation: unknown): Promise<void> {
    return this.aboutTask('task.relation.deleted', doerId, taskId, async () => ({ relation }));
  }

  projectUpdated(doerId: number, projectId: number): Promise<void> {
    return this.aboutProject('project.updated', doerId, projectId);
  }

  async beforeProjectDeleted(doerId: number, projectId: number): Promise<() => Promise<void>> {
    // The project's own webhooks go with it (the rows cascade), so they are read beforehand.
    let send = async () => {};
    await this.guard('project.deleted', async () => {
      const hooks = await this.hooksFor('project.deleted', projectId);
      if (hooks.length === 0) return;
      const data = await this.projectData(doerId, projectId, {});
      send = async () => this.sendAll(hooks, 'project.deleted', data);
    });
    return send;
  }

  projectShared(
    doerId: number,
    projectId: number,
    grantee: { userId: number } | { teamId: number },
  ): Promise<void> {
    if ('userId' in grantee) {
      return this.aboutProject('project.shared.user', doerId, projectId, async () => ({
        user: await this.parts.user(grantee.userId),
      }));
    }
    return this.aboutProject('project.shared.team', doerId, projectId, async () => ({
      team: await this.parts.team(grantee.teamId),
    }));
  }

  /** One event per reminded person who can read the task, to project webhooks and their own. */
  async taskReminderFired(taskId: number, userIds: readonly number[]): Promise<void> {
    const event = 'task.reminder.fired';
    await this.guard(event, async () => {
      if (!(await this.repo.anyNaming(event))) return;
      const task = await this.parts.taskRow(taskId);
      if (!task) return;
      const people = [...new Set(userIds)].filter((id) => id > 0);
      const rights = await Promise.all(people.map((id) => this.rights.projectRight(id, task.project_id)));
      for (const userId of people.filter((_, i) => rights[i] !== null)) {
        const hooks = await this.hooksFor(event, task.project_id, [userId]);
        if (hooks.length === 0) continue;
        const user = await this.parts.user(userId);
        const payloads = await this.payloadsByCreator(hooks, async (viewerId) => {
          const [taskJson, project] = await Promise.all([
            this.parts.task(viewerId, task),
            this.parts.project(viewerId, task.project_id),
          ]);
          return { task: taskJson, user, project };
        });
        for (const [group, data] of payloads) this.sendAll(group, event, data);
      }
    });
  }

  /**
   * A user's overdue notice of the day (webhooks/overdue-events.ts): `task.overdue` for each task
   * to the webhooks of its project (and those above) and to the user's own, then one
   * `tasks.overdue` listing them all to the user's own webhooks, as Vikunja sends them (a list of
   * tasks names no one project). Every payload is built before any is sent, so a failure sends
   * nothing and the day can be tried again. Answers how many deliveries were queued.
   */
  async tasksOverdue(userId: number, taskIds: readonly number[]): Promise<number> {
    const single = 'task.overdue';
    const digest = 'tasks.overdue';
    const [anySingle, anyDigest] = await Promise.all([
      this.repo.anyNaming(single),
      this.repo.anyNaming(digest),
    ]);
    if (!anySingle && !anyDigest) return 0;
    const rows = await this.parts.taskRows(taskIds);
    const projectIds = [...new Set(rows.map((row) => row.project_id))];
    const chains = await this.chains.chains(projectIds);
    const hooks = await this.repo.ofOwners(
      [...new Set(projectIds.flatMap((id) => (chains.get(id) ?? []).map((level) => level.projectId)))],
      [userId],
    );
    const naming = (event: string, projectId: number | null) =>
      hooks.filter((hook) => {
        if (!eventsOf(hook).includes(event)) return false;
        if (hook.user_id === userId) return true;
        return (
          projectId !== null &&
          (chains.get(projectId) ?? []).some((level) => level.projectId === hook.project_id)
        );
      });
    const singles = await Promise.all(
      rows.map(async (row) => ({
        row,
        hooks: await this.creatorsReading(naming(single, row.project_id), row.project_id),
      })),
    );
    const digestHooks = naming(digest, null);
    if (singles.every((s) => s.hooks.length === 0) && digestHooks.length === 0) return 0;
    const [tasks, user, projects] = await Promise.all([
      this.parts.tasks(userId, rows),
      this.parts.user(userId),
      this.parts.projectsById(userId, projectIds),
    ]);
    // A project webhook of someone else gets the task as its creator sees it.
    const deliveries: [WebhookRow[], string, Data][] = [];
    for (const [i, { row, hooks: to }] of singles.entries()) {
      const payloads = await this.payloadsByCreator(to, async (viewerId) =>
        viewerId === userId
          ? { task: tasks[i], user, project: projects.get(row.project_id) ?? null }
          : {
              task: await this.parts.task(viewerId, row),
              user,
              project: await this.parts.project(viewerId, row.project_id),
            },
      );
      for (const [group, data] of payloads) deliveries.push([group, single, data]);
    }
    deliveries.push([digestHooks, digest, { tasks, user, projects: Object.fromEntries(projects) }]);
    let queued = 0;
    for (const [to, event, data] of deliveries) {
      this.sendAll(to, event, data);
      queued += to.length;
    }
    return queued;
  }

  private aboutTask(
    event: string,
    doerId: number,
    taskId: number,
    extra: () => Promise<Data> = async () => ({}),
  ): Promise<void> {
    return this.guard(event, async () => {
      const task = await this.parts.taskRow(taskId);
      if (!task) return;
      const hooks = await this.hooksFor(event, task.project_id);
      if (hooks.length === 0) return;
      const extraData = await extra();
      const payloads = await this.payloadsByCreator(hooks, (viewerId) =>
        this.taskData(doerId, viewerId, task, extraData),
      );
      for (const [group, data] of payloads) this.sendAll(group, event, data);
    });
  }

  private aboutComment(event: string, doerId: number, taskId: number, comment: TaskCommentRow) {
    return this.aboutTask(event, doerId, taskId, async () => ({
      comment: await this.parts.comment(comment),
    }));
  }

  private aboutProject(
    event: string,
    doerId: number,
    projectId: number,
    extra: () => Promise<Data> = async () => ({}),
  ): Promise<void> {
    return this.guard(event, async () => {
      const hooks = await this.hooksFor(event, projectId);
      if (hooks.length === 0) return;
      this.sendAll(hooks, event, await this.projectData(doerId, projectId, await extra()));
    });
  }

  /** The task and its project as `viewerId` (a webhook's creator) sees them; the doer as a user. */
  private async taskData(doerId: number, viewerId: number, task: TaskRow, extra: Data): Promise<Data> {
    const [taskJson, doer, project] = await Promise.all([
      this.parts.task(viewerId, task),
      this.parts.user(doerId),
      this.parts.project(viewerId, task.project_id),
    ]);
    return { task: taskJson, ...extra, doer, project };
  }

  /** The webhooks grouped by creator, each group with the payload built as its creator sees it. */
  private async payloadsByCreator(
    hooks: readonly WebhookRow[],
    build: (viewerId: number) => Promise<Data>,
  ): Promise<[WebhookRow[], Data][]> {
    const byCreator = new Map<number, WebhookRow[]>();
    for (const hook of hooks)
      byCreator.set(hook.created_by_id, [...(byCreator.get(hook.created_by_id) ?? []), hook]);
    const payloads = await Promise.all([...byCreator.keys()].map(build));
    return [...byCreator.values()].map((group, i) => [group, payloads[i]]);
  }

  /** The project webhooks whose creators can still read the project (a user's own always pass). */
  private async creatorsReading(hooks: WebhookRow[], projectId: number): Promise<WebhookRow[]> {
    const creators = [...new Set(hooks.filter((h) => h.project_id !== null).map((h) => h.created_by_id))];
    const rights = await Promise.all(creators.map((id) => this.rights.projectRight(id, projectId)));
    const reading = new Set(creators.filter((_, i) => rights[i] !== null));
    return hooks.filter((hook) => hook.project_id === null || reading.has(hook.created_by_id));
  }

  private async projectData(doerId: number, projectId: number, extra: Data): Promise<Data> {
    const [project, doer] = await Promise.all([
      this.parts.project(doerId, projectId),
      this.parts.user(doerId),
    ]);
    return { project, ...extra, doer };
  }

  /** Webhooks naming the event: of the project or a project above it, and of these users. */
  private async hooksFor(
    event: string,
    projectId: number,
    userIds: readonly number[] = [],
  ): Promise<WebhookRow[]> {
    if (!(await this.repo.anyNaming(event))) return [];
    const chain = (await this.chains.chains([projectId])).get(projectId) ?? [];
    const rows = await this.repo.ofOwners(
      chain.map((level) => level.projectId),
      userIds,
    );
    return this.creatorsReading(
      rows.filter((row) => eventsOf(row).includes(event)),
      projectId,
    );
  }

  private sendAll(hooks: readonly WebhookRow[], event: string, data: Data): void {
    for (const hook of hooks) this.sender.send(hook, event, data);
  }

  /** The change has committed: a failure to build the payload is reported, not answered as 500. */
  private async guard(event: string, work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (error) {
      process.emitWarning(
        `Webhooks for ${event} could not be prepared: ${error instanceof Error ? error.stack : String(error)}`,
      );
    }
  }
}
