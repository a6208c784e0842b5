/**
 * SQL CalDAV needs beyond the other modules' repos: projects as calendars, tasks by the name
 * they have in a collection, and what clients PUT (migration 0040).
 */
import { repeatModes } from '@ordo/core';
import { type Expression, type ExpressionBuilder, type Kysely, type Selectable, sql } from 'kysely';
import type { CaldavObjectsTable, Database, ProjectRow, TaskRow } from '../../db/schema.js';
import { taskUidsById } from '../tasks/task-uids.js';
import type { QueryHints } from './calendar-query.js';

/** Unset dates are NULL or Vikunja's year 1 (`0001-01-01…`). */
const UNSET_BELOW = '0002';

export type StoredObject = Selectable<CaldavObjectsTable>;

/** A task and what a client last PUT for it, if one did. */
export interface ObjectRow {
  task: TaskRow;
  stored: StoredObject | null;
}

/** The name a task has in its project's collection: the client's, or `<uid>.ics`. */
export function resourceName({ task, stored }: ObjectRow): string {
  return stored && stored.project_id === task.project_id ? stored.href : `${task.uid}.ics`;
}

function withStored(tasks: TaskRow[], stored: StoredObject[]): ObjectRow[] {
  const byTask = new Map(stored.map((s) => [s.task_id, s]));
  return tasks.map((task) => ({ task, stored: byTask.get(task.id) ?? null }));
}

export class CaldavRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** The projects a user sees, unarchived, in a stable order. */
  visibleProjects(visibleIds: Expression<number>): Promise<ProjectRow[]> {
    return this.db
      .selectFrom('projects')
      .selectAll()
      .where('id', 'in', visibleIds)
      .where('is_archived', '=', false)
      .orderBy('position')
      .orderBy('id')
      .execute();
  }

  /** The tasks of these projects with what clients stored for them. */
  async tasksOfProjects(projectIds: readonly number[]): Promise<ObjectRow[]> {
    if (projectIds.length === 0) return [];
    const tasks = await this.db
      .selectFrom('tasks')
      .selectAll()
      .where('project_id', 'in', [...projectIds])
      .orderBy('id')
      .execute();
    const stored = await this.db
      .selectFrom('caldav_objects as co')
      .innerJoin('tasks as t', 't.id', 'co.task_id')
      .selectAll('co')
      .where('t.project_id', 'in', [...projectIds])
      .execute();
    return withStored(tasks, stored);
  }

  /** A project's task ids narrowed by a calendar-query's hints (a superset of its answer). */
  async taskIdsForQuery(projectId: number, hints: QueryHints): Promise<number[]> {
    const dates = ['start_date', 'due_date', 'end_date', 'done_at', 'created'] as const;
    let query = this.db.selectFrom('tasks').select('id').where('project_id', '=', projectId);
    if (hints.open) query = query.where('done', '=', false);
    const { after, before } = hints;
    // A task with only its creation time (no DTSTART, DUE or COMPLETED) is in every range that
    // ends after it was made (RFC 4791 §9.9), however long ago that was.
    const unset = (d: 'start_date' | 'due_date' | 'done_at') => (eb: ExpressionBuilder<Database, 'tasks'>) =>
      eb.or([eb(d, 'is', null), eb(d, '<', UNSET_BELOW)]);
    // An object its client sent without DTSTART or DUE is placed by the CREATED and COMPLETED it
    // sent, or by none: Ordo's own creation and completion times say nothing about it.
    const clientUndated = (eb: ExpressionBuilder<Database, 'tasks'>) =>
      eb.and([
        unset('start_date')(eb),
        unset('due_date')(eb),
        eb('id', 'in', eb.selectFrom('caldav_objects').select('task_id').where('project_id', '=', projectId)),
      ]);
    if (after !== undefined)
      query = query.where((eb) =>
        eb.or([
          ...dates.map((d) => eb(d, '>=', after)),
          eb.and([
            unset('start_date')(eb),
            unset('due_date')(eb),
            eb.or([eb('done', '=', false), unset('done_at')(eb)]),
          ]),
          clientUndated(eb),
          // A repeating task may have instances in the range however long ago its dates are.
          eb('repeat_after', '>', 0),
          eb('repeat_mode', '=', repeatModes.monthly),
          eb('repeat_rule', '<>', ''),
          eb('repeat_dates', '=', true),
        ]),
      );
    // RFC 5545 does not keep an RDATE from coming before DTSTART.
    if (before !== undefined)
      query = query.where((eb) =>
        eb.or([...dates.map((d) => eb(d, '<=', before)), clientUndated(eb), eb('repeat_dates', '=', true)]),
      );
    return (await query.orderBy('id').execute()).map((r) => r.id);
  }

  /**
   * The tasks of a project at these resource names (as in its URL, decoded): the name a client
   * chose, or `<uid>.ics` for a task no client named in this project.
   */
  async tasksByName(projectId: number, names: readonly string[]): Promise<ObjectRow[]> {
    if (names.length === 0) return [];
    const named = this.db
      .selectFrom('caldav_objects')
      .select('task_id')
      .where('project_id', '=', projectId)
      .where('href', 'in', [...names]);
    const uids = names.filter((n) => n.endsWith('.ics')).map((n) => n.slice(0, -'.ics'.length));
    const tasks = await this.db
      .selectFrom('tasks')
      .selectAll()
      .where('project_id', '=', projectId)
      .where((eb) =>
        uids.length > 0 ? eb.or([eb('id', 'in', named), eb('uid', 'in', uids)]) : eb('id', 'in', named),
      )
      .orderBy('id')
      .execute();
    const stored = await this.storedOfTasks(tasks.map((t) => t.id));
    const wanted = new Set(names);
    return withStored(tasks, stored).filter((row) => wanted.has(resourceName(row)));
  }

  async storedOf(taskId: number): Promise<StoredObject | null> {
    return (
      (await this.db
        .selectFrom('caldav_objects')
        .selectAll()
        .where('task_id', '=', taskId)
        .executeTakeFirst()) ?? null
    );
  }

  /** Stored objects in projects the user sees whose text names this UID (RELATED-TO candidates). */
  storedMentioning(uid: string, visibleIds: Expression<number>): Promise<StoredObject[]> {
    const pattern = `%${uid.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return this.db
      .selectFrom('caldav_objects as co')
      .innerJoin('tasks as t', 't.id', 'co.task_id')
      .selectAll('co')
      .where('t.project_id', 'in', visibleIds)
      .where(sql<boolean>`co.ics like ${pattern} escape '\\'`)
      .orderBy('co.task_id')
      .execute();
  }

  /** The task of a project with this UID, wherever it lives in the collection. */
  taskByUid(projectId: number, uid: string): Promise<TaskRow | undefined> {
    return this.db
      .selectFrom('tasks')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('uid', '=', uid)
      .orderBy('id')
      .executeTakeFirst();
  }

  /**
   * Keeps what a client PUT for a task, at the name it chose, with the task's UID and RRULE as
   * sent, whether it lists dates it repeats on (RDATE), and the SEQUENCE the PUT leaves it with,
   * in one transaction. A name or UID left behind in the project by a task since moved away
   * is freed; one held by another object fails on the unique indexes.
   */
  async store(
    object: StoredObject,
    {
      repeatRule,
      repeatDates,
      sequence,
    }: { repeatRule: string | undefined; repeatDates: boolean; sequence: number },
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('caldav_objects')
        .where('project_id', '=', object.project_id)
        .where('task_id', '<>', object.task_id)
        .where((eb) => eb.or([eb('href', '=', object.href), eb('uid', '=', object.uid)]))
        .where(
          'task_id',
          'not in',
          trx.selectFrom('tasks').select('id').where('project_id', '=', object.project_id),
        )
        .execute();
      // The task's own row is updated in place: the sync triggers (0041) then see one rename, or
      // none, rather than a removal and a new object.
      const { task_id: _, ...rest } = object;
      await trx
        .insertInto('caldav_objects')
        .values(object)
        .onConflict((oc) => oc.column('task_id').doUpdateSet(rest))
        .execute();
      await trx
        .updateTable('tasks')
        .set({
          uid: object.uid,
          ...(repeatRule !== undefined ? { repeat_rule: repeatRule } : {}),
          repeat_dates: repeatDates,
          caldav_sequence: sequence,
        })
        .where('id', '=', object.task_id)
        .execute();
    });
  }

  async taskIdsOf(projectId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('tasks')
      .select('id')
      .where('project_id', '=', projectId)
      .orderBy('id')
      .execute();
    return rows.map((r) => r.id);
  }

  /** These tasks of a project (others are left out) with what clients stored for them. */
  async tasksById(projectId: number, taskIds: readonly number[]): Promise<ObjectRow[]> {
    if (taskIds.length === 0) return [];
    const tasks = await this.db
      .selectFrom('tasks')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('id', 'in', [...taskIds])
      .orderBy('id')
      .execute();
    return withStored(tasks, await this.storedOfTasks(tasks.map((t) => t.id)));
  }

  private storedOfTasks(taskIds: readonly number[]): Promise<StoredObject[]> {
    if (taskIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('caldav_objects')
      .selectAll()
      .where('task_id', 'in', [...taskIds])
      .execute();
  }

  /** The uids of these tasks, by id. */
  uidsOf(taskIds: readonly number[]): Promise<Map<number, string>> {
    return taskUidsById(this.db, taskIds);
  }

  /** Tasks with these uids in any project the user sees (relations may cross projects). */
  visibleTaskIdsByUid(uids: readonly string[], visibleIds: Expression<number>) {
    if (uids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('tasks')
      .select(['id', 'uid'])
      .where('uid', 'in', [...uids])
      .where('project_id', 'in', visibleIds)
      .orderBy('id')
      .execute();
  }

  /** Is two-factor login on for the user? Then their password does not open /dav. */
  async hasTotp(userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('totp')
      .select('enabled')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return !!row?.enabled;
  }
}
