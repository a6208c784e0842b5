/** SQL for the users assigned to tasks. */
import { nowIso } from '@ordo/core';
import type { Kysely } from 'kysely';
import { pageWithTotal } from '../../db/page-with-total.js';
import { reusedQuery } from '../../db/reused-query.js';
import type { Database, UserRow } from '../../db/schema.js';
import { containsIgnoringCase } from '../input/like.js';

export class AssigneesRepo {
  private readonly assigneesOf;

  constructor(private readonly db: Kysely<Database>) {
    this.assigneesOf = reusedQuery(db, (taskIds: readonly number[]) =>
      db
        .selectFrom('task_assignees')
        .innerJoin('users', 'users.id', 'task_assignees.user_id')
        .selectAll('users')
        .select('task_assignees.task_id')
        .where('task_assignees.task_id', 'in', taskIds)
        .orderBy('task_assignees.id'),
    );
  }

  with(db: Kysely<Database>): AssigneesRepo {
    return new AssigneesRepo(db);
  }

  /** The assignees of these tasks in the order they were assigned, with the task they sit on. */
  usersOfTasks(taskIds: readonly number[]): Promise<(UserRow & { task_id: number })[]> {
    if (taskIds.length === 0) return Promise.resolve([]);
    return this.assigneesOf(taskIds);
  }

  /** One page of a task's assignees, optionally matching a username search. */
  async pageOfTask(
    taskId: number,
    search: string,
    limit: number | null,
    offset: number,
  ): Promise<{ rows: UserRow[]; total: number }> {
    let base = this.db
      .selectFrom('task_assignees')
      .innerJoin('users', 'users.id', 'task_assignees.user_id')
      .where('task_assignees.task_id', '=', taskId);
    if (search) base = base.where((eb) => containsIgnoringCase(eb.ref('users.username'), search));
    return pageWithTotal(base, base.selectAll('users').orderBy('task_assignees.id'), { limit, offset });
  }

  async userIdsOfTask(taskId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('task_assignees')
      .select('user_id')
      .where('task_id', '=', taskId)
      .orderBy('id')
      .execute();
    return rows.map((r) => r.user_id);
  }

  async add(taskId: number, userIds: readonly number[]): Promise<string> {
    const created = nowIso();
    if (userIds.length > 0) {
      await this.db
        .insertInto('task_assignees')
        .values(userIds.map((user_id) => ({ task_id: taskId, user_id, created })))
        .execute();
    }
    return created;
  }

  async remove(taskId: number, userIds: readonly number[]): Promise<void> {
    if (userIds.length === 0) return;
    await this.db
      .deleteFrom('task_assignees')
      .where('task_id', '=', taskId)
      .where('user_id', 'in', [...userIds])
      .execute();
  }

  /** Makes exactly these users the task's assignees, keeping the rows of those who stay. */
  async replace(taskId: number, userIds: readonly number[]): Promise<void> {
    const current = await this.userIdsOfTask(taskId);
    await this.remove(
      taskId,
      current.filter((id) => !userIds.includes(id)),
    );
    await this.add(
      taskId,
      userIds.filter((id) => !current.includes(id)),
    );
  }

  findUsers(ids: readonly number[]): Promise<UserRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('id', 'in', [...ids])
      .execute();
  }
}
