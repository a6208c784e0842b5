/** SQL for unread marks: which tasks have comments a user has not read (migration 0064). */
import { type Expression, type Kysely, sql } from 'kysely';
import { reusedQuery } from '../../db/reused-query.js';
import type { Database } from '../../db/schema.js';

/** A sub-query of (project_id, user_id): who can read each project `projectIds` selects. */
export type ReadersOf = (projectIds: Expression<unknown>) => Expression<unknown>;

export class UnreadRepo {
  private readonly unreadRows;

  constructor(private readonly db: Kysely<Database>) {
    this.unreadRows = reusedQuery(db, (userId: number, taskIds: readonly number[]) =>
      db
        .selectFrom('task_unread_markers')
        .select('task_id')
        .where('user_id', '=', userId)
        .where('task_id', 'in', taskIds),
    );
  }

  with(db: Kysely<Database>): UnreadRepo {
    return new UnreadRepo(db);
  }

  /** Which of these tasks are unread for the user. */
  async unreadIds(userId: number, taskIds: readonly number[]): Promise<Set<number>> {
    if (taskIds.length === 0) return new Set();
    const rows = await this.unreadRows(userId, taskIds);
    return new Set(rows.map((r) => r.task_id));
  }

  /** Marks the task unread for every user who can read it (`readersOf`) except `authorId`. */
  async markUnread(taskId: number, authorId: number, readersOf: ReadersOf): Promise<void> {
    const readers = readersOf(sql`SELECT project_id FROM tasks WHERE id = ${taskId}`);
    await this.db
      .insertInto('task_unread_markers')
      .columns(['user_id', 'task_id'])
      .expression(
        sql`SELECT r.user_id, CAST(${taskId} AS integer) FROM ${readers} r WHERE r.user_id <> ${authorId}`,
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  async markRead(userId: number, taskId: number): Promise<void> {
    await this.db
      .deleteFrom('task_unread_markers')
      .where('user_id', '=', userId)
      .where('task_id', '=', taskId)
      .execute();
  }

  /** Removes the marks on tasks of these projects that their users can no longer read. */
  async forgetUnreadableIn(projectIds: readonly number[], readersOf: ReadersOf): Promise<void> {
    if (projectIds.length === 0) return;
    const ids = [...projectIds];
    const readers = readersOf(sql.join(ids));
    await this.db
      .deleteFrom('task_unread_markers')
      .where('task_id', 'in', (qb) =>
        qb.selectFrom('tasks').select('tasks.id').where('tasks.project_id', 'in', ids),
      )
      .where(
        sql<boolean>`NOT EXISTS (SELECT 1 FROM tasks t INNER JOIN ${readers} r ON r.project_id = t.project_id
          WHERE t.id = task_unread_markers.task_id AND r.user_id = task_unread_markers.user_id)`,
      )
      .execute();
  }

  /** Removes the users' marks on tasks they can no longer read (a share or a team left them). */
  async forgetUnreadable(userIds: readonly number[], readersOf: ReadersOf): Promise<void> {
    if (userIds.length === 0) return;
    const ids = [...userIds];
    const readers = readersOf(
      sql`SELECT t.project_id FROM task_unread_markers m
        INNER JOIN tasks t ON t.id = m.task_id WHERE m.user_id IN (${sql.join(ids)})`,
    );
    await this.db
      .deleteFrom('task_unread_markers')
      .where('user_id', 'in', ids)
      .where(
        sql<boolean>`NOT EXISTS (SELECT 1 FROM tasks t INNER JOIN ${readers} r ON r.project_id = t.project_id
          WHERE t.id = task_unread_markers.task_id AND r.user_id = task_unread_markers.user_id)`,
      )
      .execute();
  }
}
