/** SQL for task reminders. */
import { nowIso, type ResolvedReminder } from '@ordo/core';
import type { Kysely } from 'kysely';
import { reusedQuery } from '../../db/reused-query.js';
import type { Database, TaskReminderRow } from '../../db/schema.js';

export class RemindersRepo {
  private readonly remindersOf;

  constructor(private readonly db: Kysely<Database>) {
    this.remindersOf = reusedQuery(db, (taskIds: readonly number[]) =>
      db
        .selectFrom('task_reminders')
        .selectAll()
        .where('task_id', 'in', taskIds)
        .orderBy((eb) => eb('reminder', 'is', null))
        .orderBy('reminder')
        .orderBy('id'),
    );
  }

  with(db: Kysely<Database>): RemindersRepo {
    return new RemindersRepo(db);
  }

  /** Reminders of these tasks, by instant (unset last), then by id. */
  ofTasks(taskIds: readonly number[]): Promise<TaskReminderRow[]> {
    if (taskIds.length === 0) return Promise.resolve([]);
    return this.remindersOf(taskIds);
  }

  /** Answers the reminders the task had (read by the delete itself: no query more). */
  async replace(taskId: number, reminders: readonly ResolvedReminder[]): Promise<TaskReminderRow[]> {
    const replaced = await this.db
      .deleteFrom('task_reminders')
      .where('task_id', '=', taskId)
      .returningAll()
      .execute();
    if (reminders.length === 0) return replaced;
    const created = nowIso();
    await this.db
      .insertInto('task_reminders')
      .values(
        reminders.map((r) => ({
          task_id: taskId,
          reminder: r.reminder,
          relative_period: r.relativePeriod,
          relative_to: r.relativeTo ?? '',
          created,
        })),
      )
      .execute();
    return replaced;
  }
}
