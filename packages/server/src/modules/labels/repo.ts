/** SQL for labels and the label ↔ task links. */
import { nowIso } from '@ordo/core';
import type { Expression, Insertable, Kysely, Updateable } from 'kysely';
import { pageWithTotal } from '../../db/page-with-total.js';
import { reusedQuery } from '../../db/reused-query.js';
import type { Database, LabelRow, LabelsTable } from '../../db/schema.js';
import { containsIgnoringCase } from '../input/like.js';

export type NewLabel = Omit<Insertable<LabelsTable>, 'created' | 'updated'>;

export class LabelsRepo {
  /** Labels on these tasks, ordered by title, with the task they sit on. */
  readonly labelsOfTasks: (taskIds: readonly number[]) => Promise<(LabelRow & { task_id: number })[]>;

  constructor(private readonly db: Kysely<Database>) {
    const ofTasks = reusedQuery(db, (taskIds: readonly number[]) =>
      db
        .selectFrom('label_tasks')
        .innerJoin('labels', 'labels.id', 'label_tasks.label_id')
        .selectAll('labels')
        .select('label_tasks.task_id')
        .where('label_tasks.task_id', 'in', taskIds)
        .orderBy('labels.title')
        .orderBy('labels.id'),
    );
    this.labelsOfTasks = async (taskIds) => (taskIds.length === 0 ? [] : ofTasks(taskIds));
  }

  with(db: Kysely<Database>): LabelsRepo {
    return new LabelsRepo(db);
  }

  find(id: number): Promise<LabelRow | undefined> {
    return this.db.selectFrom('labels').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findMany(ids: readonly number[]): Promise<LabelRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('labels')
      .selectAll()
      .where('id', 'in', [...ids])
      .execute();
  }

  /**
   * Labels the user may use: their own, and labels attached to a task in a project they can see.
   * `labelIds` narrows the check to some labels; `search` matches the title.
   */
  async listVisible(q: {
    userId: number;
    visibleProjectIds: Expression<number>;
    labelIds?: readonly number[];
    search?: string;
    limit: number | null;
    offset: number;
  }): Promise<{ rows: LabelRow[]; total: number }> {
    let base = this.db
      .selectFrom('labels')
      .where((eb) =>
        eb.or([
          eb('labels.created_by_id', '=', q.userId),
          eb.exists(
            eb
              .selectFrom('label_tasks')
              .innerJoin('tasks', 'tasks.id', 'label_tasks.task_id')
              .select('label_tasks.id')
              .whereRef('label_tasks.label_id', '=', 'labels.id')
              .where('tasks.project_id', 'in', q.visibleProjectIds),
          ),
        ]),
      );
    if (q.labelIds) base = base.where('labels.id', 'in', q.labelIds.length > 0 ? [...q.labelIds] : [0]);
    const search = q.search;
    if (search) base = base.where((eb) => containsIgnoringCase(eb.ref('labels.title'), search));
    return pageWithTotal(base, base.selectAll('labels').orderBy('labels.title').orderBy('labels.id'), q);
  }

  async insert(label: NewLabel): Promise<LabelRow> {
    const now = nowIso();
    return this.db
      .insertInto('labels')
      .values({ ...label, created: now, updated: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async update(id: number, changes: Updateable<LabelsTable>): Promise<void> {
    await this.db
      .updateTable('labels')
      .set({ ...changes, updated: nowIso() })
      .where('id', '=', id)
      .execute();
  }

  /** Projects holding a task with this label: where a rename or delete shows. */
  async projectIdsOf(labelId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('label_tasks')
      .innerJoin('tasks', 'tasks.id', 'label_tasks.task_id')
      .select('tasks.project_id')
      .distinct()
      .where('label_tasks.label_id', '=', labelId)
      .execute();
    return rows.map((r) => r.project_id);
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('labels').where('id', '=', id).execute();
  }

  /**
   * The tasks wearing this label show it in their VTODO's CATEGORIES, so a rename or a delete is a
   * new revision of each: their SEQUENCE goes up by one (tasks/vtodo-revision.ts), in one statement.
   */
  async reviseVtodosOfLabel(labelId: number): Promise<void> {
    await this.db
      .updateTable('tasks')
      .set((eb) => ({ caldav_sequence: eb('caldav_sequence', '+', eb.lit(1)) }))
      .where('id', 'in', (eb) =>
        eb.selectFrom('label_tasks').select('task_id').where('label_id', '=', labelId),
      )
      .execute();
  }

  /** One page of a task's labels, optionally matching a title search. */
  async pageOfTask(
    taskId: number,
    search: string,
    limit: number | null,
    offset: number,
  ): Promise<{ rows: LabelRow[]; total: number }> {
    let base = this.db
      .selectFrom('label_tasks')
      .innerJoin('labels', 'labels.id', 'label_tasks.label_id')
      .where('label_tasks.task_id', '=', taskId);
    if (search) base = base.where((eb) => containsIgnoringCase(eb.ref('labels.title'), search));
    return pageWithTotal(base, base.selectAll('labels').orderBy('labels.title').orderBy('labels.id'), {
      limit,
      offset,
    });
  }

  async isOnTask(taskId: number, labelId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('label_tasks')
      .select('id')
      .where('task_id', '=', taskId)
      .where('label_id', '=', labelId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async attach(taskId: number, labelIds: readonly number[]): Promise<string> {
    const created = nowIso();
    if (labelIds.length > 0) {
      await this.db
        .insertInto('label_tasks')
        .values(labelIds.map((label_id) => ({ task_id: taskId, label_id, created })))
        .execute();
    }
    return created;
  }

  async detach(taskId: number, labelIds: readonly number[]): Promise<void> {
    if (labelIds.length === 0) return;
    await this.db
      .deleteFrom('label_tasks')
      .where('task_id', '=', taskId)
      .where('label_id', 'in', [...labelIds])
      .execute();
  }

  /** One insert for many (task, label) pairs: a bulk edit's additions. */
  async attachPairs(pairs: readonly { task_id: number; label_id: number }[]): Promise<void> {
    if (pairs.length === 0) return;
    const created = nowIso();
    // In parts, to stay under the databases' limits on bound values per statement.
    for (let start = 0; start < pairs.length; start += 1000) {
      await this.db
        .insertInto('label_tasks')
        .values(pairs.slice(start, start + 1000).map((pair) => ({ ...pair, created })))
        .execute();
    }
  }

  /** These labels off all these tasks, in one statement. */
  async detachFromTasks(taskIds: readonly number[], labelIds: readonly number[]): Promise<void> {
    if (taskIds.length === 0 || labelIds.length === 0) return;
    await this.db
      .deleteFrom('label_tasks')
      .where('task_id', 'in', [...taskIds])
      .where('label_id', 'in', [...labelIds])
      .execute();
  }
}
