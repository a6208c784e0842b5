/**
 * SQL behind the reminder and overdue mails: who may be mailed, the tasks a mail is about, and the
 * per-day claims of the overdue mail (migration 0027).
 */
import type { Kysely, SelectQueryBuilder } from 'kysely';
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

/** An overdue task of a user (as its creator or an assignee), with that user. */
export interface OverdueTaskOfUser extends MailedTask {
  user: MailRecipient;
}

/** Users with the same overdue-mail time and time zone setting get their mail at the same moment. */
export interface DigestGroup {
  timezone: string;
  time: string;
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

  /** The (time zone, time) settings of the users who want the overdue mail. */
  digestGroups(): Promise<DigestGroup[]> {
    return this.db
      .selectFrom('users')
      .select(['timezone', 'overdue_tasks_reminders_time as time'])
      .distinct()
      .where('overdue_tasks_reminders_enabled', '=', true)
      .where('status', 'in', MAILED_STATUSES)
      .where('email', '<>', '')
      .execute();
  }

  /**
   * The undone tasks due before `before`, in projects that are not archived, of the users in
   * `group` who created them or are assigned to them and have no overdue mail for `localDate` yet.
   * A task both created by and assigned to a user comes twice.
   */
  async overdueTasks(group: DigestGroup, localDate: string, before: string): Promise<OverdueTaskOfUser[]> {
    const base = () =>
      this.db
        .selectFrom('tasks')
        .innerJoin('projects', 'projects.id', 'tasks.project_id')
        .where('tasks.done', '=', false)
        .where('tasks.due_date', 'is not', null)
        .where('tasks.due_date', '<', before)
        .where('projects.is_archived', '=', false);
    const [created, assigned] = await Promise.all([
      this.ofGroupUsers(
        base().innerJoin('users', 'users.id', 'tasks.created_by_id'),
        group,
        localDate,
      ).execute(),
      this.ofGroupUsers(
        base()
          .innerJoin('task_assignees', 'task_assignees.task_id', 'tasks.id')
          .innerJoin('users', 'users.id', 'task_assignees.user_id'),
        group,
        localDate,
      ).execute(),
    ]);
    return [...created, ...assigned].map(({ user_id, username, name, email, timezone, ...task }) => ({
      ...task,
      user: { id: user_id, username, name, email, timezone },
    }));
  }

  private ofGroupUsers(
    query: SelectQueryBuilder<Database, 'tasks' | 'projects' | 'users', object>,
    group: DigestGroup,
    localDate: string,
  ) {
    return query
      .select([
        'tasks.id',
        'tasks.title',
        'tasks.due_date',
        'tasks.project_id',
        'projects.title as project_title',
        'users.id as user_id',
        'users.username',
        'users.name',
        'users.email',
        'users.timezone',
      ])
      .where('users.overdue_tasks_reminders_enabled', '=', true)
      .where('users.timezone', '=', group.timezone)
      .where('users.overdue_tasks_reminders_time', '=', group.time)
      .where('users.status', 'in', MAILED_STATUSES)
      .where('users.email', '<>', '')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('overdue_digests')
              .select('overdue_digests.id')
              .whereRef('overdue_digests.user_id', '=', 'users.id')
              .where('overdue_digests.local_date', '=', localDate),
          ),
        ),
      );
  }

  /** Claims the user's overdue mail of the day: true for exactly one caller, however many race. */
  async claimDigest(userId: number, localDate: string, now: string): Promise<boolean> {
    const claimed = await this.db
      .insertInto('overdue_digests')
      .values({ user_id: userId, local_date: localDate, created: now })
      .onConflict((oc) => oc.columns(['user_id', 'local_date']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return claimed !== undefined;
  }

  /** Gives a claim back when the mail could not be sent, so a later sweep of the window tries again. */
  async releaseDigest(userId: number, localDate: string): Promise<void> {
    await this.db
      .deleteFrom('overdue_digests')
      .where('user_id', '=', userId)
      .where('local_date', '=', localDate)
      .execute();
  }

  /** Claims older than `before` can never be claimed again (their window has passed): dropped. */
  async forgetDigestsBefore(before: string): Promise<void> {
    await this.db.deleteFrom('overdue_digests').where('created', '<', before).execute();
  }
}
