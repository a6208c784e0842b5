/**
 * SQL behind the daily overdue notices (user settings `overdue_tasks_reminders_*`): whose time it
 * is, their undone overdue tasks, and the per-day claims that keep a notice from going out twice.
 * Two audiences share the rules: the mail (claims in `overdue_digests`, migration 0027; only users
 * with an address) and the webhook events (claims in `overdue_webhook_days`, migration 0032).
 */
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/schema.js';

export type OverdueAudience = 'mail' | 'webhooks';

/** The user an overdue notice is about. */
export interface OverdueUser {
  id: number;
  username: string;
  name: string;
  email: string;
  timezone: string;
}

export interface OverdueTask {
  id: number;
  title: string;
  due_date: string | null;
  project_id: number;
  project_title: string;
}

/** An overdue task of a user (as its creator or an assignee), with that user. */
export interface OverdueTaskOfUser extends OverdueTask {
  user: OverdueUser;
}

/** Users with the same overdue time and time zone setting get their notice at the same moment. */
export interface OverdueGroup {
  timezone: string;
  time: string;
}

/** Active (0) and locked (3) accounts; unconfirmed (1) and disabled (2) ones get no notice. */
const NOTIFIED_STATUSES = [0, 3];

const CLAIMS = { mail: 'overdue_digests', webhooks: 'overdue_webhook_days' } as const;

type UsersQuery = SelectQueryBuilder<Database, 'tasks' | 'projects' | 'users', object>;

export class OverdueRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** The (time zone, time) settings of the users who want overdue notices. */
  groups(audience: OverdueAudience): Promise<OverdueGroup[]> {
    let query = this.db
      .selectFrom('users')
      .select(['timezone', 'overdue_tasks_reminders_time as time'])
      .distinct()
      .where('overdue_tasks_reminders_enabled', '=', true)
      .where('status', 'in', NOTIFIED_STATUSES);
    if (audience === 'mail') query = query.where('email', '<>', '');
    return query.execute();
  }

  /**
   * The undone tasks due before `before`, in projects that are not archived, of the users in
   * `group` who created them or are assigned to them and whose `localDate` is not yet claimed for
   * the audience. A task both created by and assigned to a user comes twice.
   */
  async tasks(
    audience: OverdueAudience,
    group: OverdueGroup,
    localDate: string,
    before: string,
  ): Promise<OverdueTaskOfUser[]> {
    const base = () =>
      this.db
        .selectFrom('tasks')
        .innerJoin('projects', 'projects.id', 'tasks.project_id')
        .where('tasks.done', '=', false)
        .where('tasks.due_date', 'is not', null)
        .where('tasks.due_date', '<', before)
        .where('projects.is_archived', '=', false);
    const ofGroup = (query: UsersQuery) => this.ofGroupUsers(query, audience, group, localDate).execute();
    const [created, assigned] = await Promise.all([
      ofGroup(base().innerJoin('users', 'users.id', 'tasks.created_by_id')),
      ofGroup(
        base()
          .innerJoin('task_assignees', 'task_assignees.task_id', 'tasks.id')
          .innerJoin('users', 'users.id', 'task_assignees.user_id'),
      ),
    ]);
    return [...created, ...assigned].map(({ user_id, username, name, email, timezone, ...task }) => ({
      ...task,
      user: { id: user_id, username, name, email, timezone },
    }));
  }

  private ofGroupUsers(query: UsersQuery, audience: OverdueAudience, group: OverdueGroup, localDate: string) {
    const claims = CLAIMS[audience];
    let users = query
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
      .where('users.status', 'in', NOTIFIED_STATUSES);
    if (audience === 'mail') users = users.where('users.email', '<>', '');
    return users.where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom(claims)
            .select(`${claims}.id`)
            .whereRef(`${claims}.user_id`, '=', 'users.id')
            .where(`${claims}.local_date`, '=', localDate),
        ),
      ),
    );
  }

  /** Claims the user's notice of the day: true for exactly one caller, however many race. */
  async claim(audience: OverdueAudience, userId: number, localDate: string, now: string): Promise<boolean> {
    const claimed = await this.db
      .insertInto(CLAIMS[audience])
      .values({ user_id: userId, local_date: localDate, created: now })
      .onConflict((oc) => oc.columns(['user_id', 'local_date']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return claimed !== undefined;
  }

  /** Gives a claim back when the notice could not go out, so a later sweep of the window tries again. */
  async release(audience: OverdueAudience, userId: number, localDate: string): Promise<void> {
    await this.db
      .deleteFrom(CLAIMS[audience])
      .where('user_id', '=', userId)
      .where('local_date', '=', localDate)
      .execute();
  }

  /** Claims older than `before` can never be claimed again (their window has passed): dropped. */
  async forgetBefore(audience: OverdueAudience, before: string): Promise<void> {
    await this.db.deleteFrom(CLAIMS[audience]).where('created', '<', before).execute();
  }
}
