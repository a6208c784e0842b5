/** SQL CalDAV needs beyond the other modules' repos: projects as calendars, tasks by uid. */
import type { Expression, ExpressionBuilder, Kysely } from 'kysely';
import type { Database, ProjectRow, TaskRow } from '../../db/schema.js';
import type { QueryHints } from './calendar-query.js';

/** Unset dates are NULL or Vikunja's year 1 (`0001-01-01…`). */
const UNSET_BELOW = '0002';

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

  tasksOfProjects(projectIds: readonly number[]): Promise<TaskRow[]> {
    if (projectIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('tasks')
      .selectAll()
      .where('project_id', 'in', [...projectIds])
      .orderBy('id')
      .execute();
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
    if (after !== undefined)
      query = query.where((eb) =>
        eb.or([
          ...dates.map((d) => eb(d, '>=', after)),
          eb.and([
            unset('start_date')(eb),
            unset('due_date')(eb),
            eb.or([eb('done', '=', false), unset('done_at')(eb)]),
          ]),
        ]),
      );
    if (before !== undefined) query = query.where((eb) => eb.or(dates.map((d) => eb(d, '<=', before))));
    return (await query.orderBy('id').execute()).map((r) => r.id);
  }

  tasksByUid(projectId: number, uids: readonly string[]): Promise<TaskRow[]> {
    if (uids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('tasks')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('uid', 'in', [...uids])
      .orderBy('id')
      .execute();
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

  tasksById(projectId: number, taskIds: readonly number[]): Promise<TaskRow[]> {
    if (taskIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('tasks')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('id', 'in', [...taskIds])
      .orderBy('id')
      .execute();
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

  async setUid(taskId: number, uid: string): Promise<void> {
    await this.db.updateTable('tasks').set({ uid }).where('id', '=', taskId).execute();
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
