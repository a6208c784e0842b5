/** Single tasks: create, read, update (full replace, moves, done), delete (reference §4.4). */
import { randomUUID } from 'node:crypto';
import {
  advanceRepeatingDates,
  isLinkShareId,
  isRepeating,
  isTimeZone,
  nowIso,
  type ReminderSpec,
  type RepeatMode,
  Right,
  toIsoSeconds,
  uncheckChecklistItems,
} from '@ordo/core';
import type { Kysely } from 'kysely';
import type { Database, TaskRow } from '../../db/schema.js';
import { fail } from '../../http/api-error.js';
import { recordTaskCreated, TaskHistory } from '../activity/task-history.js';
import { demandAssignable } from '../assignees/assignable.js';
import { AssigneesRepo } from '../assignees/repo.js';
import { type PreparedFieldValue, TaskFieldValues } from '../custom-fields/task-values.js';
import { FavoritesRepo } from '../favorites/repo.js';
import type { NotificationEvents } from '../notifications/events.js';
import { RemindersRepo } from '../reminders/repo.js';
import { specOf, writeReminders } from '../reminders/service.js';
import type { ProjectAccess } from '../rights/project-access.js';
import type { RightsService } from '../rights/service.js';
import { type SerializedSubscription, withSubscription } from '../subscriptions/serialize.js';
import type { TaskDetails } from './details.js';
import { readTaskFields, type TaskInput } from './input.js';
import type { PreparedTaskParts, TaskParts } from './parts.js';
import { TaskPlacement } from './placement.js';
import { type TasksRepo, withIndexRetry } from './repo.js';
import { baseTask, type SerializedTask } from './serialize.js';
import { taskVersion, versionMatches } from './version.js';
import { revisesVtodo } from './vtodo-revision.js';

/** The caller's nearest subscription covering a task (modules/subscriptions). */
export type TaskSubscriptionLookup = (
  userId: number,
  task: TaskRow,
) => Promise<SerializedSubscription | undefined>;

export interface UpdatePlan {
  title: string;
  targetProject: number | null;
  parts: PreparedTaskParts;
  fields: ReturnType<typeof completeRepeating>;
  /** The body's custom field values (none when it has no `custom_fields`). */
  customValues: PreparedFieldValue[];
  /** When the task was done, where the writer knows (a CalDAV client's COMPLETED); else now. */
  doneAt?: string;
}

export interface TaskWithRight {
  task: TaskRow;
  right: Right;
}

/** A task as written or read, with its version (the `ETag`, modules/tasks/version.ts). */
export interface VersionedTask {
  task: SerializedTask;
  version: string;
}

/**
 * Keeps a task being deleted so it can be restored (modules/trash): called inside the delete's
 * transaction before the task's rows go. The task's stored files are kept with it.
 */
export interface TaskKeeper {
  keep(trx: Kysely<Database>, userId: number, tasks: readonly TaskRow[]): Promise<void>;
}

/** Thrown inside an update's transaction when its `If-Match` no longer holds, to roll it back. */
class StaleVersion extends Error {}

export class TasksService {
  /** The tasks' custom field values (modules/custom-fields). */
  readonly fieldValues: TaskFieldValues;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly tasks: TasksRepo,
    private readonly rights: RightsService,
    private readonly access: ProjectAccess,
    private readonly details: TaskDetails,
    private readonly parts: TaskParts,
    /** The change listeners (notifications, webhooks), told after a change commits. */
    private readonly events: NotificationEvents,
    /** Reading one task shows the caller's nearest subscription (reference §3.3, §4.14). */
    private readonly subscriptionOf: TaskSubscriptionLookup,
    /** Where a deleted task goes (the trash); without one it is gone at once. */
    private readonly keeper?: TaskKeeper,
  ) {
    this.fieldValues = new TaskFieldValues(db, rights);
  }

  /**
   * The task and the caller's right on it (its project's right): 4002 when missing, 403 without
   * access, 3008 for writes into an archived project, 403 when the right is too low.
   */
  async demand(userId: number, taskId: number, needed: Right): Promise<TaskWithRight> {
    const task = await this.tasks.find(taskId);
    if (!task) throw fail('taskDoesNotExist');
    const { right } = await this.access.demand(userId, task.project_id, needed);
    return { task, right };
  }

  /**
   * `alsoWrite` adds rows that belong to the new task (a template's labels) in its transaction;
   * `doneAt` is when a task made done was done, where the writer knows (else now).
   */
  async create(
    userId: number,
    projectId: number,
    input: TaskInput,
    alsoWrite?: (trx: Kysely<Database>, taskId: number) => Promise<void>,
    doneAt?: string,
  ): Promise<SerializedTask> {
    if (projectId < 0) throw fail('projectDoesNotExist');
    await this.access.demand(userId, projectId, Right.write);
    const title = (input.title ?? '').trim();
    if (!title) throw fail('taskCannotBeEmpty');
    const fields = readTaskFields(input);
    const parts = await this.parts.prepare(projectId, input, null);
    const customValues = await this.fieldValues.prepare([projectId], input.custom_fields);
    const id = await withIndexRetry(() =>
      this.db.transaction().execute(async (trx) => {
        const repo = this.tasks.with(trx);
        const wanted = input.index ?? 0;
        const index =
          wanted > 0 && !(await repo.indexTaken(projectId, wanted))
            ? wanted
            : await repo.nextIndex(projectId);
        const now = nowIso();
        const row = await repo.insert({
          ...fields,
          title,
          project_id: projectId,
          index,
          uid: randomUUID(),
          created_by_id: userId,
          done_at: fields.done ? (doneAt ?? now) : null,
        });
        const markedDone = await new TaskPlacement(trx).place(
          { id: row.id, index, project_id: projectId, done: fields.done },
          input.bucket_id ?? 0,
        );
        if (markedDone) await repo.update(row.id, { done: true, done_at: now });
        if (input.is_favorite && !isLinkShareId(userId))
          await new FavoritesRepo(trx).set(userId, 'task', row.id, true);
        await this.parts.write(trx, row.id, parts, fields);
        await this.fieldValues.write(trx, { id: row.id, project_id: projectId }, customValues);
        await alsoWrite?.(trx, row.id);
        await recordTaskCreated(trx, { id: row.id, project_id: projectId }, userId);
        return row.id;
      }),
    );
    await this.events.taskCreated(userId, id);
    await this.events.taskAssigned(userId, id, parts.assigneeIds);
    if (fields.description) await this.events.taskDescribed(userId, id, null, fields.description);
    return this.serializeOne(userId, id);
  }

  async read(userId: number, taskId: number, expand: ReadonlySet<string>) {
    const { task, right } = await this.demand(userId, taskId, Right.read);
    return { task: await this.serializeRead(userId, task, expand), right, version: taskVersion(task) };
  }

  /** A task by its project (id or identifier) and its index in that project, read as `read` does. */
  async readByIndex(userId: number, projectRef: string, index: number, expand: ReadonlySet<string>) {
    const projectId = await this.access.resolve(userId, projectRef);
    const { right } = await this.access.demand(userId, projectId, Right.read);
    const task = await this.tasks.findByIndex(projectId, index);
    if (!task) throw fail('taskDoesNotExist');
    return { task: await this.serializeRead(userId, task, expand), right, version: taskVersion(task) };
  }

  /** A task as a single read answers it: its details as asked, and the caller's subscription. */
  private async serializeRead(userId: number, task: TaskRow, expand: ReadonlySet<string>) {
    const [serialized] = await this.details.serialize(userId, [task], { expand });
    const subscription = await this.subscriptionOf(userId, task);
    return withSubscription(serialized, subscription);
  }

  /**
   * A full-replace update. With `ifMatch` (the tags of an `If-Match` header) the write happens only
   * while the task is still at one of those versions: the row is locked and compared in the write's
   * own transaction, so two conditional writers of one version never both succeed. A stale one gets
   * 412 (30070) with the current task; without `ifMatch` the last write wins, as in Vikunja.
   */
  async update(
    userId: number,
    taskId: number,
    input: TaskInput,
    ifMatch?: readonly string[],
    doneAt?: string,
  ): Promise<VersionedTask> {
    const { task } = await this.demand(userId, taskId, Right.write);
    if (ifMatch && !versionMatches(ifMatch, taskVersion(task)))
      throw await this.changedMeanwhile(userId, taskId);
    const plan = { ...(await this.planUpdate(userId, task, input)), ...(doneAt ? { doneAt } : {}) };
    const assignedBefore = new Set(await new AssigneesRepo(this.db).userIdsOfTask(taskId));
    let version: string;
    try {
      version = await withIndexRetry(() =>
        this.db.transaction().execute(async (trx) => {
          const repo = this.tasks.with(trx);
          if (ifMatch) {
            const current = await repo.findForUpdate(taskId);
            // The plan was made from `task`: it must still be the stored row, not only match the tag.
            const stored = current ? taskVersion(current) : '';
            if (!versionMatches(ifMatch, stored) || stored !== taskVersion(task)) throw new StaleVersion();
          }
          await this.applyUpdate(trx, userId, task, input, plan);
          const written = await repo.find(taskId);
          return written ? taskVersion(written) : '';
        }),
      );
    } catch (error) {
      if (error instanceof StaleVersion) throw await this.changedMeanwhile(userId, taskId);
      throw error;
    }
    await this.notifyUpdated(userId, task, assignedBefore, plan);
    return { task: await this.serializeOne(userId, taskId), version };
  }

  /** 412 (30070) carrying the task as it is now and its version, for the client to show. */
  private async changedMeanwhile(userId: number, taskId: number) {
    const row = await this.tasks.find(taskId);
    if (!row) return fail('taskDoesNotExist');
    const [current] = await this.details.serialize(userId, [row]);
    return fail('taskChangedMeanwhile', [], { task: current, version: taskVersion(row) });
  }

  /** After an update committed (one task, or each of a bulk edit): the update, assignee changes, @mentions. */
  async notifyUpdated(
    userId: number,
    before: TaskRow,
    assignedBefore: ReadonlySet<number>,
    plan: UpdatePlan,
  ): Promise<void> {
    const added = plan.parts.assigneeIds.filter((id) => !assignedBefore.has(id));
    const removed = [...assignedBefore].filter((id) => !plan.parts.assigneeIds.includes(id));
    await this.events.taskUpdated(userId, before.id);
    // The project the task left shows it no more.
    if (plan.targetProject !== null)
      await this.events.changed({
        change: 'task.deleted',
        projectId: before.project_id,
        actorId: userId,
        taskId: before.id,
      });
    await this.events.taskAssigned(userId, before.id, added);
    if (removed.length > 0) await this.events.taskUnassigned(userId, before.id, removed);
    await this.events.taskDescribed(userId, before.id, before.description, plan.fields.description);
  }

  /** Checks an update before anything is written: the move target, the body's parts, the fields. */
  async planUpdate(userId: number, task: TaskRow, input: TaskInput): Promise<UpdatePlan> {
    const title = (input.title ?? '').trim() || task.title;
    const targetProject = input.project_id && input.project_id !== task.project_id ? input.project_id : null;
    if (targetProject !== null) await this.demandMoveTarget(userId, targetProject);
    const parts = await this.parts.prepare(targetProject ?? task.project_id, input, task);
    const asked = withStoredRepeat(readTaskFields(input), input, task);
    const fields = completeRepeating(
      asked,
      !!task.done,
      parts.reminders,
      asked.done && !task.done ? await this.repeatCalendarOf(userId) : undefined,
    );
    // A moving task's body may name fields of either project (a client sends back what it read).
    const customValues = await this.fieldValues.prepare(
      targetProject === null ? [task.project_id] : [task.project_id, targetProject],
      input.custom_fields,
    );
    return { title, targetProject, parts, fields, customValues };
  }

  /** Writes a planned update inside the caller's transaction (one task, or each of a bulk edit). */
  async applyUpdate(
    trx: Kysely<Database>,
    userId: number,
    task: TaskRow,
    input: TaskInput,
    { title, targetProject, parts, fields, customValues, doneAt: knownDoneAt }: UpdatePlan,
  ): Promise<void> {
    const taskId = task.id;
    const repo = this.tasks.with(trx);
    const placement = new TaskPlacement(trx);
    const wasDone = !!task.done;
    const doneAt = fields.repeated
      ? (knownDoneAt ?? nowIso())
      : fields.done
        ? (knownDoneAt ?? (wasDone ? task.done_at : nowIso()))
        : null;
    const projectId = targetProject ?? task.project_id;
    // A task moving to another project takes a new index there; the old one is not given again.
    if (targetProject !== null) await repo.retireIndexes([taskId]);
    const index = targetProject !== null ? await repo.nextIndex(targetProject) : task.index;
    const { repeated: _, reminders, ...columns } = fields;
    // A client's RRULE stays only while the repeat it runs as is left as it is.
    const repeatKept =
      input.repeat_rule !== '' &&
      columns.repeat_after === Number(task.repeat_after) &&
      columns.repeat_mode === task.repeat_mode;
    const history = await TaskHistory.before(trx, task);
    const written = {
      ...columns,
      title,
      done_at: doneAt,
      project_id: projectId,
      index,
      repeat_rule: repeatKept ? task.repeat_rule : '',
    };
    // The parts first: whether the reminders changed decides, with the columns, whether the task's
    // own UPDATE raises its VTODO's SEQUENCE.
    const remindersChanged = await this.parts.write(trx, taskId, { ...parts, reminders }, columns);
    await repo.update(taskId, written, { revision: remindersChanged || revisesVtodo(task, written) });
    // Values of the fields of the project the task was in, then moved along, then the new project's.
    await this.fieldValues.write(trx, task, customValues, userId);
    if (targetProject !== null) {
      await this.fieldValues.move(trx, taskId, task.project_id, targetProject);
      await this.fieldValues.write(trx, { id: taskId, project_id: targetProject }, customValues, userId);
      await placement.clear(taskId);
      await placement.place({ id: taskId, index, project_id: projectId, done: fields.done });
    } else if (fields.done !== wasDone) {
      await placement.doneChanged({ id: taskId, index, project_id: projectId, done: fields.done });
    }
    // Favourites are per user; link shares have none.
    if (!isLinkShareId(userId))
      await new FavoritesRepo(trx).set(userId, 'task', taskId, input.is_favorite === true);
    await history.record(trx, userId, written, parts.assigneeIds);
  }

  /**
   * A done change that comes from outside a task update (a kanban move into or out of a done
   * bucket), inside the caller's transaction and by the update's rules: `done_at` follows, and a
   * repeating task advances to its next occurrence and stays undone. Answers whether it repeated.
   * Buckets are left to the caller.
   */
  async setDoneIn(trx: Kysely<Database>, userId: number, task: TaskRow, done: boolean): Promise<boolean> {
    const reminders = (await new RemindersRepo(trx).ofTasks([task.id])).map(specOf);
    // Inside the transaction: on SQLite a read beside it would wait for it to end.
    const zone = done && !task.done ? await this.repeatCalendarOf(userId, trx) : undefined;
    const fields = completeRepeating({ ...storedFields(task), done }, !!task.done, reminders, zone);
    const doneAt = fields.repeated ? nowIso() : fields.done ? (task.done ? task.done_at : nowIso()) : null;
    const { repeated, reminders: moved, ...columns } = fields;
    const written = { ...columns, done_at: doneAt };
    await this.tasks.with(trx).update(task.id, written, { revision: revisesVtodo(task, written) });
    if (repeated) await writeReminders(trx, task.id, moved, columns);
    return repeated;
  }

  /**
   * Inside a write to tasks' labels or parent and subtask relations, which their VTODOs show as
   * CATEGORIES and RELATED-TO: each one's SEQUENCE goes up by one.
   */
  reviseVtodos(trx: Kysely<Database>, taskIds: readonly number[]): Promise<void> {
    return this.tasks.with(trx).reviseVtodos(taskIds);
  }

  async delete(userId: number, taskId: number): Promise<void> {
    const { task } = await this.demand(userId, taskId, Right.write);
    await this.deleteRows(userId, [task]);
  }

  /**
   * Deletes these tasks in one transaction, the caller having checked write on them; each task's
   * deletion is told (live updates, webhooks, notifications) as a single delete tells it.
   */
  async deleteRows(userId: number, tasks: readonly TaskRow[]): Promise<void> {
    const ids = tasks.map((t) => t.id);
    const notifiers: (() => Promise<void>)[] = [];
    for (const task of tasks) notifiers.push(await this.events.beforeTaskDeleted(userId, task));
    const files = await this.db.transaction().execute(async (trx) => {
      // With a trash, each task goes there whole, the files of its attachments kept with it.
      await this.keeper?.keep(trx, userId, tasks);
      await new FavoritesRepo(trx).removeAll('task', ids);
      const owned = await this.parts.beforeDelete(trx, ids, { keepFiles: this.keeper !== undefined });
      await this.tasks.with(trx).deleteMany(ids);
      return owned;
    });
    await this.parts.afterDelete(files);
    for (const notifyDeleted of notifiers) await notifyDeleted();
  }

  /**
   * The calendar the user's repeating tasks step in: their time zone, so that a task repeating
   * every day or week keeps its time of day (an all-day one its day) when the clocks change.
   */
  private async repeatCalendarOf(userId: number, trx?: Kysely<Database>): Promise<string | undefined> {
    if (isLinkShareId(userId)) return undefined;
    const zone = await (trx ? this.tasks.with(trx) : this.tasks).timeZoneOf(userId);
    return isTimeZone(zone) ? zone : undefined;
  }

  /** Users who may be assigned to tasks of the project: existing (1005), with read on it (7003). */
  demandAssignable(projectId: number, userIds: readonly number[]): Promise<void> {
    return demandAssignable(this.db, this.rights, projectId, userIds);
  }

  /** Task rows by id (any project; the caller checks rights). */
  rows(ids: readonly number[]): Promise<TaskRow[]> {
    return this.tasks.findMany(ids);
  }

  async serializeOne(userId: number, taskId: number): Promise<SerializedTask> {
    const row = await this.tasks.find(taskId);
    if (!row) throw fail('taskDoesNotExist');
    const [serialized] = await this.details.serialize(userId, [row]);
    return serialized;
  }

  /** Moving needs write on the target project; without it the answer is 403 code 1. */
  private async demandMoveTarget(userId: number, projectId: number): Promise<void> {
    if (projectId < 0) throw fail('notAllowed');
    const right = await this.rights.projectRight(userId, projectId);
    if (right === null || right < Right.write) {
      if (!(await this.tasks.projectExists(projectId))) throw fail('projectDoesNotExist');
      throw fail('notAllowed');
    }
    await this.access.demand(userId, projectId, Right.write);
  }
}

type TaskFields = ReturnType<typeof readTaskFields>;

/**
 * The stored row in the shape of the fields an update writes: the task's own wire shape read back
 * as a full-replace body, so a new field needs no line here. The stored description is already
 * sanitised: it is kept verbatim, not cleaned again.
 */
function storedFields(task: TaskRow): TaskFields {
  const fields = readTaskFields({ ...baseTask(task), description: '' });
  return { ...fields, description: task.description };
}

/**
 * The repeat a body marking a task done runs by. A body that says nothing of the repeat (`{"done":
 * true}`, reference §5.8) completes the stored repeating task's occurrence, as Vikunja reads the
 * repeat and the dates from the stored task: the repeat stays, and the dates the body leaves out
 * move on from their stored values (rather than the series ending, undated, as done).
 */
function withStoredRepeat(fields: TaskFields, input: TaskInput, task: TaskRow): TaskFields {
  const silent = input.repeat_after === undefined && input.repeat_mode === undefined;
  const stored = { repeatAfter: Number(task.repeat_after), repeatMode: task.repeat_mode as RepeatMode };
  if (!silent || !fields.done || !isRepeating(stored)) return fields;
  return {
    ...fields,
    repeat_after: stored.repeatAfter,
    repeat_mode: stored.repeatMode,
    due_date: input.due_date === undefined ? task.due_date : fields.due_date,
    start_date: input.start_date === undefined ? task.start_date : fields.start_date,
    end_date: input.end_date === undefined ? task.end_date : fields.end_date,
  };
}

/**
 * Marking a repeating task done does not leave it done (reference §4.5): its dates move to the
 * next occurrence, it stays undone, and its checklist is unchecked. `done_at` records the time.
 * Absolute reminders move with the dates; relative ones are recomputed from the moved dates.
 */
function completeRepeating(
  fields: TaskFields,
  wasDone: boolean,
  reminders: ReminderSpec[],
  timeZone?: string,
): TaskFields & { repeated: boolean; reminders: ReminderSpec[] } {
  const settings = { repeatAfter: fields.repeat_after, repeatMode: fields.repeat_mode as RepeatMode };
  if (!fields.done || wasDone || !isRepeating(settings)) return { ...fields, repeated: false, reminders };
  const absolute = reminders.filter((r) => r.relativeTo === null && r.reminder !== null);
  const asDate = (value: string | null) => (value ? new Date(value) : null);
  const asText = (value: Date | null) => (value ? toIsoSeconds(value) : null);
  const moved = advanceRepeatingDates(
    {
      dueDate: asDate(fields.due_date),
      startDate: asDate(fields.start_date),
      endDate: asDate(fields.end_date),
      reminders: absolute.map((r) => new Date(r.reminder!)),
    },
    { ...settings, now: new Date(), timeZone },
  );
  return {
    ...fields,
    done: false,
    due_date: asText(moved.dueDate),
    start_date: asText(moved.startDate),
    end_date: asText(moved.endDate),
    description: uncheckChecklistItems(fields.description),
    repeated: true,
    reminders: [
      ...absolute.map((r, i) => ({ ...r, reminder: toIsoSeconds(moved.reminders[i]) })),
      ...reminders.filter((r) => r.relativeTo !== null),
    ],
  };
}
