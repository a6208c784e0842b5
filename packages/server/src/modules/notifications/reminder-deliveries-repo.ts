/**
 * Claims due reminders. One statement inserts a delivery for every due reminder not yet
 * delivered and answers the ones it inserted; the unique (task, time) index makes a second
 * process's insert of the same reminder do nothing, so each reminder is claimed exactly once.
 * INSERT … ON CONFLICT DO NOTHING RETURNING works alike on SQLite and PostgreSQL.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface ClaimedReminder {
  task_id: number;
  reminder: string;
}

export class ReminderDeliveriesRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Reminders due in (since, now] on undone tasks, claimed by this call. */
  claimDue(since: string, now: string): Promise<ClaimedReminder[]> {
    return this.db
      .insertInto('reminder_deliveries')
      .columns(['task_id', 'reminder', 'created'])
      .expression((eb) =>
        eb
          .selectFrom('task_reminders')
          .innerJoin('tasks', 'tasks.id', 'task_reminders.task_id')
          .select((s) => [
            'task_reminders.task_id',
            s.ref('task_reminders.reminder').$notNull().as('reminder'),
            s.val(now).as('created'),
          ])
          .distinct()
          .where('task_reminders.reminder', 'is not', null)
          .where('task_reminders.reminder', '<=', now)
          .where('task_reminders.reminder', '>', since)
          .where('tasks.done', '=', false),
      )
      .onConflict((oc) => oc.columns(['task_id', 'reminder']).doNothing())
      .returning(['task_id', 'reminder'])
      .execute();
  }

  /** Deliveries older than the look-back can never be claimed again: they are dropped. */
  async forgetBefore(since: string): Promise<void> {
    await this.db.deleteFrom('reminder_deliveries').where('reminder', '<=', since).execute();
  }

  /** The creator and assignees of a task: the people a reminder is for besides its subscribers. */
  async peopleOf(taskId: number): Promise<number[]> {
    const [task, assignees] = await Promise.all([
      this.db.selectFrom('tasks').select('created_by_id').where('id', '=', taskId).executeTakeFirst(),
      this.db.selectFrom('task_assignees').select('user_id').where('task_id', '=', taskId).execute(),
    ]);
    return [...(task ? [task.created_by_id] : []), ...assignees.map((a) => a.user_id)];
  }
}
