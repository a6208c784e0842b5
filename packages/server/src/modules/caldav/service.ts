/**
 * CalDAV's view of projects and tasks (reference §2.18): every project a user sees is a VTODO
 * calendar, every task a calendar object at the name the client that made it chose, or at
 * `<uid>.ics`; a task keeps the UID its client gave it. Reads and writes go through the
 * project and task services, so rights, placement in views, reminders and notifications follow
 * the same rules as the JSON API; a read-only share reads and cannot write.
 */
import { createHash } from 'node:crypto';
import { isValidTimeZone, Right } from '@ordo/core';
import type { TaskRow } from '../../db/schema.js';
import { ApiError, fail, httpError } from '../../http/api-error.js';
import type { LabelsService } from '../labels/service.js';
import type { TaskLabelsService } from '../labels/task-labels.js';
import type { RelationsService } from '../relations/service.js';
import type { ProjectAccess } from '../rights/project-access.js';
import type { RightsService } from '../rights/service.js';
import { copyColumnFields } from '../tasks/column-fields.js';
import type { TaskDetails } from '../tasks/details.js';
import type { TaskInput } from '../tasks/input.js';
import { isUniqueViolation } from '../tasks/repo.js';
import type { SerializedTask } from '../tasks/serialize.js';
import type { TasksService } from '../tasks/service.js';
import type { Calendar, CalendarObject } from './calendar.js';
import type { QueryHints } from './calendar-query.js';
import { htmlToText, textToHtml } from './description-text.js';
import { CalendarPreconditionError, demandPreconditions, type PutPreconditions } from './preconditions.js';
import { calendarHref } from './properties.js';
import { putIntent } from './put-intent.js';
import { type CaldavRepo, type ObjectRow, resourceName } from './repo.js';
import { InvalidCalendarError, MAX_SEQUENCE, readVtodo, type VtodoFields } from './vtodo-input.js';
import { mergeClientObject, relatedUidsIn } from './vtodo-merge.js';
import { taskToICalendar, type VtodoTask } from './vtodo-output.js';

export type { PutPreconditions } from './preconditions.js';

/** Tasks rendered per batch (also under both databases' parameter limits). */
const RENDER_BATCH = 250;

const hash = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 27);

/** A collection's tag: changes whenever any of its objects changes, is added or goes away. */
export function collectionTag(salt: string, objects: readonly CalendarObject[]): string {
  return `"${hash(`${salt}\n${objects.map((o) => `${o.taskId}:${o.etag}`).join('\n')}`)}"`;
}

export class CaldavService {
  constructor(
    private readonly repo: CaldavRepo,
    private readonly rights: RightsService,
    private readonly access: ProjectAccess,
    private readonly tasks: TasksService,
    private readonly details: TaskDetails,
    private readonly labels: LabelsService,
    private readonly taskLabels: TaskLabelsService,
    private readonly relations: RelationsService,
  ) {}

  /** Every unarchived project the user sees, with their right on it. */
  async calendars(userId: number): Promise<Calendar[]> {
    const projects = await this.repo.visibleProjects(this.rights.visibleProjectIds(userId));
    const rights = await this.rights.projectRights(
      userId,
      projects.map((p) => p.id),
    );
    return projects.flatMap((project) => {
      const right = rights.get(project.id);
      return right === null || right === undefined ? [] : [{ project, right }];
    });
  }

  /** One project as a calendar: 404 when it does not exist, 403 without read access. */
  async calendar(userId: number, projectId: number): Promise<Calendar> {
    if (!Number.isSafeInteger(projectId) || projectId <= 0) throw fail('projectDoesNotExist');
    return this.access.demand(userId, projectId, Right.read);
  }

  /** The calendar objects of these projects, by project. */
  async objectsOf(userId: number, projectIds: readonly number[]): Promise<Map<number, CalendarObject[]>> {
    const rows = await this.repo.tasksOfProjects(projectIds);
    const objects = await this.render(userId, rows);
    const byProject = new Map<number, CalendarObject[]>(projectIds.map((id) => [id, []]));
    for (const [i, row] of rows.entries())
      byProject.get(row.task.project_id)?.push(objects[i] as CalendarObject);
    return byProject;
  }

  /**
   * Objects of one calendar by their resource names (the last path segment, decoded, e.g.
   * `client-abc.ics`); names not in it are left out. The one lookup from an address to a task.
   */
  async objectsByName(
    userId: number,
    projectId: number,
    names: readonly string[],
  ): Promise<CalendarObject[]> {
    return this.render(userId, await this.repo.tasksByName(projectId, names));
  }

  /** The ids of the tasks of one calendar a calendar-query's hints leave (the caller filters). */
  taskIdsForQuery(projectId: number, hints: QueryHints): Promise<number[]> {
    return this.repo.taskIdsForQuery(projectId, hints);
  }

  /**
   * The objects of these tasks of one calendar, rendered a batch at a time: between batches the
   * process answers other requests, so listing thousands of tasks does not stall everyone else's.
   */
  async objectsInBatches(
    userId: number,
    projectId: number,
    taskIds: readonly number[],
  ): Promise<CalendarObject[]> {
    const objects: CalendarObject[] = [];
    for (let i = 0; i < taskIds.length; i += RENDER_BATCH) {
      objects.push(...(await this.objectsByTaskId(userId, projectId, taskIds.slice(i, i + RENDER_BATCH))));
      await new Promise((resolve) => setImmediate(resolve));
    }
    return objects;
  }

  /** The ids of a calendar's tasks (the caller has checked the right to read it). */
  taskIdsOf(projectId: number): Promise<number[]> {
    return this.repo.taskIdsOf(projectId);
  }

  /** Objects of one calendar by task id; tasks no longer in it are left out. */
  async objectsByTaskId(
    userId: number,
    projectId: number,
    taskIds: readonly number[],
  ): Promise<CalendarObject[]> {
    return this.render(userId, await this.repo.tasksById(projectId, taskIds));
  }

  async object(userId: number, projectId: number, name: string): Promise<CalendarObject> {
    await this.calendar(userId, projectId);
    const [found] = await this.objectsByName(userId, projectId, [name]);
    if (!found) throw fail('taskDoesNotExist');
    return found;
  }

  /**
   * Creates or updates the task at `name` from a VTODO, keeping the client's text beside it;
   * answers whether it was created, the new object and whether it reads back as sent (only
   * then may its ETag be strong). 412 when If-Match / If-None-Match do not hold; a UID already in
   * the collection at another name is refused (no-uid-conflict). `timeZone` is the user's, for
   * floating times and all-day dates.
   */
  async put(
    userId: number,
    timeZone: string,
    projectId: number,
    name: string,
    body: string,
    preconditions: PutPreconditions,
  ): Promise<{ created: boolean; object: CalendarObject; asSent: boolean }> {
    await this.calendar(userId, projectId);
    const zone = isValidTimeZone(timeZone) ? timeZone : 'UTC';
    let fields: VtodoFields;
    try {
      fields = readVtodo(body, zone, { checkValues: true });
    } catch (error) {
      if (error instanceof InvalidCalendarError)
        throw new CalendarPreconditionError(error.precondition, error.message);
      throw error;
    }
    const [existing] = await this.objectsByName(userId, projectId, [name]);
    demandPreconditions(existing, preconditions);
    const uid = fields.uid ?? (existing ? existing.uid : name.replace(/\.ics$/i, ''));
    // An object keeps its UID; a UID lives at one name in a collection (RFC 4791 §5.3.2.1).
    if (existing && existing.uid !== uid)
      throw new CalendarPreconditionError(
        'no-uid-conflict',
        `The task at this address has the UID ${existing.uid}; a UID cannot change.`,
        existing.href,
      );
    if (!existing) {
      const holder = await this.repo.taskByUid(projectId, uid);
      if (holder) throw await this.uidConflict(holder, uid);
    }
    const served = existing ? readServed(existing, zone) : null;
    const intent = putIntent(fields, existing && replacesVersion(existing, preconditions) ? served : null);
    fields = intent.fields;
    let taskId: number;
    if (existing) {
      taskId = existing.taskId;
      const current = await this.tasks.serializeOne(userId, taskId);
      await this.tasks.update(
        userId,
        taskId,
        updateInput(current, fields),
        undefined,
        clientDoneAt(fields, current),
      );
    } else {
      // RFC 5545 lets a VTODO go without SUMMARY; an Ordo task has a title. Said as DAV says it.
      if (fields.title === '')
        throw new CalendarPreconditionError(
          'valid-calendar-object-resource',
          'A task needs a title: this VTODO has no SUMMARY.',
        );
      taskId = (
        await this.tasks.create(userId, projectId, createInput(fields), undefined, clientDoneAt(fields, null))
      ).id;
    }
    try {
      await this.repo.store(
        { task_id: taskId, project_id: projectId, href: name, uid, ics: body, time_zone: zone },
        {
          repeatRule: fields.rrule,
          repeatDates: fields.repeatsOnDates,
          sequence: sequenceAfterPut(body, existing, served, fields.sequence),
        },
      );
    } catch (error) {
      if (existing || !isUniqueViolation(error)) throw error;
      // Another PUT made an object of this name or UID meanwhile: this one is undone, as if it
      // had lost the race before it began.
      await this.tasks.delete(userId, taskId);
      throw httpError(412, 'The calendar object was created meanwhile.');
    }
    // The PUT's labels and relations are part of the version it stored; a task it links to or
    // unlinks from has a new version of its own.
    if (fields.categories !== undefined) await this.setLabels(userId, taskId, fields.categories);
    await this.unlinkParents(userId, taskId, intent.parentsRemoved);
    await this.link(userId, taskId, fields);
    if (!existing) await this.linkWaiting(userId, uid);
    const object = await this.object(userId, projectId, name);
    return { created: !existing, object, asSent: object.ics === body };
  }

  async delete(userId: number, projectId: number, name: string, ifMatch: string | undefined): Promise<void> {
    const object = await this.object(userId, projectId, name);
    demandPreconditions(object, { ifMatch });
    await this.tasks.delete(userId, object.taskId);
  }

  /** RFC 4791 §5.3.2.1: the answer names the object that already has the UID. */
  private async uidConflict(holder: TaskRow, uid: string): Promise<CalendarPreconditionError> {
    const name = resourceName({ task: holder, stored: await this.repo.storedOf(holder.id) });
    return new CalendarPreconditionError(
      'no-uid-conflict',
      `A task with the UID ${uid} is already in this calendar.`,
      `${calendarHref(holder.project_id)}${encodeURIComponent(name)}`,
    );
  }

  /** CATEGORIES name labels: a label of that title the user can use, or a new one of theirs. */
  private async setLabels(userId: number, taskId: number, titles: readonly string[]): Promise<void> {
    const page = { page: 0, perPage: 0, limit: null, offset: 0 };
    const { labels: usable } = await this.labels.list(userId, page, '');
    const ids: number[] = [];
    for (const title of titles) {
      const matches = usable.filter((l) => l.title.toLowerCase() === title.toLowerCase());
      const label =
        matches.find((l) => l.title === title && l.created_by?.id === userId) ??
        matches.find((l) => l.title === title) ??
        matches[0] ??
        (await this.labels.create(userId, { title }));
      ids.push(label.id);
    }
    await this.taskLabels.replace(userId, taskId, ids, { revise: false });
  }

  /**
   * RELATED-TO adds the parent and subtask relations it names to tasks the user can see, in any
   * project. It never removes one: clients often leave RELATED-TO out, and a relation that cannot
   * be made (a cycle, a task out of reach) does not fail the whole PUT.
   */
  private async link(userId: number, taskId: number, fields: VtodoFields): Promise<void> {
    const wanted = [
      ...fields.parents.map((uid) => ({ uid, kind: 'parenttask' })),
      ...fields.children.map((uid) => ({ uid, kind: 'subtask' })),
    ];
    if (wanted.length === 0) return;
    const found = await this.repo.visibleTaskIdsByUid(
      wanted.map((w) => w.uid),
      this.rights.visibleProjectIds(userId),
    );
    const current = (await this.tasks.serializeOne(userId, taskId)).related_tasks;
    for (const { uid, kind } of wanted) {
      const other = found.find((t) => t.uid === uid && t.id !== taskId);
      if (!other || (current[kind] as { id: number }[] | undefined)?.some((t) => t.id === other.id)) continue;
      try {
        // The task's own text names the relation: only the other task's VTODO is revised.
        await this.relations.create(userId, taskId, other.id, kind, { revise: [other.id] });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
      }
    }
  }

  /** Takes the task out from under the parents of these UIDs, where it is under them. */
  private async unlinkParents(userId: number, taskId: number, uids: readonly string[]): Promise<void> {
    if (uids.length === 0) return;
    const found = await this.repo.visibleTaskIdsByUid(uids, this.rights.visibleProjectIds(userId));
    const parents = (await this.tasks.serializeOne(userId, taskId)).related_tasks.parenttask as
      | { id: number }[]
      | undefined;
    for (const parent of found) {
      if (!parents?.some((t) => t.id === parent.id)) continue;
      await this.relations.delete(userId, taskId, 'parenttask', parent.id, { revise: [parent.id] });
    }
  }

  /**
   * Clients upload a list in any order, so a subtask may name its parent (or a parent its subtask)
   * before that task exists here: once a task with `uid` arrives, the relations other objects the
   * user can see named it in are made.
   */
  private async linkWaiting(userId: number, uid: string): Promise<void> {
    const waiting = await this.repo.storedMentioning(uid, this.rights.visibleProjectIds(userId));
    for (const object of waiting) {
      let fields: VtodoFields;
      try {
        fields = readVtodo(object.ics, object.time_zone);
      } catch {
        continue;
      }
      if (fields.parents.includes(uid) || fields.children.includes(uid))
        await this.link(userId, object.task_id, fields);
    }
  }

  private async render(userId: number, rows: ObjectRow[]): Promise<CalendarObject[]> {
    const serialized = await this.details.serialize(
      userId,
      rows.map((r) => r.task),
    );
    const relatedIds = serialized.flatMap((task) =>
      ['parenttask', 'subtask'].flatMap((kind) =>
        ((task.related_tasks[kind] ?? []) as { id: number }[]).map((t) => t.id),
      ),
    );
    const uids = await this.repo.uidsOf([...new Set(relatedIds)]);
    const named = [...new Set(rows.flatMap((r) => (r.stored ? relatedUidsIn(r.stored.ics) : [])))];
    const found = await this.repo.visibleTaskIdsByUid(named, this.rights.visibleProjectIds(userId));
    const knownUids = new Set(found.map((f) => f.uid));
    const known = (uid: string) => knownUids.has(uid);
    const uidsOf = (task: SerializedTask, kind: string) =>
      ((task.related_tasks[kind] ?? []) as { id: number }[]).flatMap((t) => uids.get(t.id) ?? []);
    return rows.map((row, i) => {
      const { task: taskRow, stored } = row;
      const serializedTask = serialized[i] as SerializedTask;
      const task = {
        ...vtodoTask(taskRow, serializedTask),
        parents: uidsOf(serializedTask, 'parenttask'),
        children: uidsOf(serializedTask, 'subtask'),
      };
      const ics = stored
        ? mergeClientObject({ ics: stored.ics, timeZone: stored.time_zone, known }, task)
        : taskToICalendar(task);
      return {
        taskId: taskRow.id,
        uid: taskRow.uid,
        href: `${calendarHref(taskRow.project_id)}${encodeURIComponent(resourceName(row))}`,
        ics,
        etag: `"${hash(ics)}"`,
        updated: taskRow.updated,
      };
    });
  }
}

/** A client's clock may run this far ahead of the server's: a COMPLETED no later is believed. */
const CLOCK_SKEW_MS = 5 * 60 * 1000;

/**
 * When a task the PUT leaves done was done, by the client's COMPLETED (a task ticked off on a
 * phone offline and synced later was done then, not at the upload): for a new task, one it marks
 * done, or one whose COMPLETED it changes. Undefined leaves it to the task service: now for a task
 * becoming done, its done_at for one already done. A COMPLETED in the future, or before 1970, is
 * not believed.
 */
function clientDoneAt(fields: VtodoFields, current: SerializedTask | null): string | undefined {
  if (!fields.done || fields.completed === undefined) return undefined;
  const at = Date.parse(fields.completed);
  if (!(at >= 0) || at > Date.now() + CLOCK_SKEW_MS) return undefined;
  if (current?.done && Date.parse(current.done_at) === at) return undefined;
  return fields.completed;
}

/**
 * The SEQUENCE a PUT leaves its task with: a new object's is the client's; a changed one's is one
 * above the SEQUENCE it was served with, or the client's where that is higher, so no app that kept
 * the version before finds the new one lower or level with it. The object sent back as served
 * changes nothing.
 */
function sequenceAfterPut(
  body: string,
  existing: CalendarObject | undefined,
  served: VtodoFields | null,
  sent: number,
): number {
  if (!existing) return sent;
  const was = served?.sequence ?? 0;
  return Math.min(Math.max(body === existing.ics ? was : was + 1, sent), MAX_SEQUENCE);
}

/** Does the PUT name the version it replaces (If-Match with its ETag, not `*`)? */
function replacesVersion(existing: CalendarObject, preconditions: PutPreconditions): boolean {
  const named = (preconditions.ifMatch ?? '').split(',').map((t) => t.trim().replace(/^W\//, ''));
  return named.includes(existing.etag);
}

/** The fields of the object as it is served now; null if it cannot be read (kept from before checks). */
function readServed(existing: CalendarObject, zone: string): VtodoFields | null {
  try {
    return readVtodo(existing.ics, zone);
  } catch {
    return null;
  }
}

function vtodoTask(row: TaskRow, task: SerializedTask): VtodoTask {
  return {
    ...task,
    uid: row.uid,
    repeat_rule: row.repeat_rule,
    sequence: Number(row.caldav_sequence),
    labels: task.labels as VtodoTask['labels'],
    reminders: task.reminders as VtodoTask['reminders'],
  };
}

function commonInput(fields: VtodoFields): TaskInput {
  return {
    title: fields.title,
    description: textToHtml(fields.description),
    done: fields.done,
    due_date: fields.due_date,
    start_date: fields.start_date,
    end_date: fields.end_date,
    priority: fields.priority,
  };
}

function createInput(fields: VtodoFields): TaskInput {
  return {
    ...commonInput(fields),
    ...(fields.percent_done !== undefined ? { percent_done: fields.percent_done } : {}),
    ...(fields.color !== undefined ? { hex_color: fields.color } : {}),
    ...(fields.repeat ?? {}),
    ...(fields.reminders ? { reminders: fields.reminders } : {}),
  };
}

/**
 * An update is a full replace in the task service, so what the VTODO leaves out is carried over
 * from the task (reference §2.18): the repeat, percent done, assignees, reminders, favourite,
 * colour, cover and the other column fields, unless put-intent.ts made leaving it out a removal.
 * A description sent back as the text it was given keeps its HTML.
 */
function updateInput(current: SerializedTask, fields: VtodoFields): TaskInput {
  const sameText = htmlToText(current.description) === fields.description.trim();
  return {
    ...copyColumnFields(current),
    ...commonInput(fields),
    title: fields.title || current.title,
    description: sameText ? current.description : textToHtml(fields.description),
    percent_done: fields.percent_done ?? current.percent_done,
    repeat_after: fields.repeat?.repeat_after ?? current.repeat_after,
    repeat_mode: fields.repeat?.repeat_mode ?? current.repeat_mode,
    hex_color: fields.color ?? current.hex_color,
    is_favorite: current.is_favorite,
    assignees: ((current.assignees ?? []) as { id: number }[]).map((a) => ({ id: a.id })),
    reminders: fields.reminders ?? ((current.reminders ?? []) as TaskInput['reminders']),
  };
}
