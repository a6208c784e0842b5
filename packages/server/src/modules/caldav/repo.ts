/**
 * SQL CalDAV needs beyond the other modules' repos: projects as calendars, tasks by the name
 * they have in a collection, and what clients PUT (migration 0040).
 */
import { type Expression, type Kysely, type Selectable, sql } from 'kysely';
import type { CaldavObjectsTable, Database, ProjectRow, TaskRow } from '../../db/schema.js';

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
    if (tasks.length === 0) return [];
    const stored = await this.db
      .selectFrom('caldav_objects')
      .selectAll()
      .where(
        'task_id',
        'in',
        tasks.map((t) => t.id),
      )
      .execute();
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
   * sent, in one transaction. A name or UID left behind in the project by a task since moved away
   * is freed; one held by another object fails on the unique indexes.
   */
  async store(object: StoredObject, repeatRule: string | undefined): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('caldav_objects')
        .where((eb) =>
          eb.or([
            eb('task_id', '=', object.task_id),
            eb.and([
              eb('project_id', '=', object.project_id),
              eb.or([eb('href', '=', object.href), eb('uid', '=', object.uid)]),
              eb(
                'task_id',
                'not in',
                trx.selectFrom('tasks').select('id').where('project_id', '=', object.project_id),
              ),
            ]),
          ]),
        )
        .execute();
      await trx.insertInto('caldav_objects').values(object).execute();
      await trx
        .updateTable('tasks')
        .set({ uid: object.uid, ...(repeatRule !== undefined ? { repeat_rule: repeatRule } : {}) })
        .where('id', '=', object.task_id)
        .execute();
    });
  }

  /** The uids of these tasks, by id. */
  async uidsOf(taskIds: readonly number[]): Promise<Map<number, string>> {
    if (taskIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('tasks')
      .select(['id', 'uid'])
      .where('id', 'in', [...taskIds])
      .execute();
    return new Map(rows.map((r) => [r.id, r.uid]));
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
