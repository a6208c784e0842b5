/** SQL for task comments. */
import { nowIso } from '@ordo/core';
import { type Kysely, sql } from 'kysely';
import { pageWithTotal } from '../../db/page-with-total.js';
import type { Database, TaskCommentRow } from '../../db/schema.js';
import { containsIgnoringCase } from '../input/like.js';

export class CommentsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  with(db: Kysely<Database>): CommentsRepo {
    return new CommentsRepo(db);
  }

  find(id: number): Promise<TaskCommentRow | undefined> {
    return this.db.selectFrom('task_comments').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async pageOfTask(q: {
    taskId: number;
    search: string;
    newestFirst: boolean;
    limit: number | null;
    offset: number;
  }): Promise<{ rows: TaskCommentRow[]; total: number }> {
    let base = this.db.selectFrom('task_comments').where('task_id', '=', q.taskId);
    const search = q.search;
    if (search) base = base.where((eb) => containsIgnoringCase(eb.ref('comment'), search));
    const order = q.newestFirst ? 'desc' : 'asc';
    return pageWithTotal(base, base.selectAll().orderBy('created', order).orderBy('id', order), q);
  }

  /** The first `perTask` comments of each task, oldest first, in one query. */
  async firstOfTasks(taskIds: readonly number[], perTask: number): Promise<TaskCommentRow[]> {
    if (taskIds.length === 0) return [];
    const ranked = this.db
      .selectFrom('task_comments')
      .selectAll()
      .select(sql<number>`row_number() over (partition by task_id order by created, id)`.as('n'))
      .where('task_id', 'in', [...taskIds])
      .as('ranked');
    const rows = await this.db
      .selectFrom(ranked)
      .selectAll()
      .where('ranked.n', '<=', perTask)
      .orderBy('ranked.task_id')
      .orderBy('ranked.n')
      .execute();
    return rows.map(({ n: _, ...row }) => row);
  }

  async countOfTasks(taskIds: readonly number[]): Promise<Map<number, number>> {
    if (taskIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('task_comments')
      .select(['task_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('task_id', 'in', [...taskIds])
      .groupBy('task_id')
      .execute();
    return new Map(rows.map((r) => [r.task_id, Number(r.n)]));
  }

  async insert(taskId: number, authorId: number, comment: string): Promise<TaskCommentRow> {
    const now = nowIso();
    return this.db
      .insertInto('task_comments')
      .values({ task_id: taskId, author_id: authorId, comment, created: now, updated: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async update(id: number, comment: string): Promise<void> {
    await this.db
      .updateTable('task_comments')
      .set({ comment, updated: nowIso() })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('task_comments').where('id', '=', id).execute();
  }
}
