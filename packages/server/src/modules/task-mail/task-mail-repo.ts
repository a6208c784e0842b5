/**
 * SQL behind the reminder mails: who may be mailed and the task a mail is about. The overdue
 * mail's tasks and claims are in overdue/overdue-repo.ts.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** A user a mail can go to: an address they confirmed, on an account that is not disabled. */
export interface MailRecipient {
  id: number;
  username: string;
  name: string;
  email: string;
  timezone: string;
}

export interface MailedTask {
  id: number;
  title: string;
  due_date: string | null;
  project_id: number;
  project_title: string;
}

/** Active (0) and locked (3) accounts; unconfirmed (1) and disabled (2) ones are not mailed. */
const MAILED_STATUSES = [0, 3];

export class TaskMailRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Those of `userIds` who want reminder mails and can get mail. */
  reminderRecipients(userIds: readonly number[]): Promise<MailRecipient[]> {
    if (userIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('users')
      .select(['id', 'username', 'name', 'email', 'timezone'])
      .where('id', 'in', [...userIds])
      .where('email_reminders_enabled', '=', true)
      .where('status', 'in', MAILED_STATUSES)
      .where('email', '<>', '')
      .orderBy('id')
      .execute();
  }

  task(taskId: number): Promise<MailedTask | undefined> {
    return this.db
      .selectFrom('tasks')
      .innerJoin('projects', 'projects.id', 'tasks.project_id')
      .select([
        'tasks.id',
        'tasks.title',
        'tasks.due_date',
        'tasks.project_id',
        'projects.title as project_title',
      ])
      .where('tasks.id', '=', taskId)
      .executeTakeFirst();
  }
}
