/**
 * Who gets their daily overdue notice now, shared by the mail (task-mail/overdue-digests.ts) and
 * the webhook events (webhooks/overdue-events.ts): at their overdue time on their wall clock,
 * users get one notice listing the undone tasks they created or are assigned to that were due
 * before that time, in projects that are not archived and that they can still read. Each audience
 * claims a user's day by inserting its row, so the notice goes out once whatever the number of
 * server processes; one that fails gives its claim back and a later sweep of the window retries.
 */
import { dueOverdueDigestSlot, toIsoSeconds, userTimeZone } from '@ordo/core';
import type { RightsService } from '../rights/service.js';
import type {
  OverdueAudience,
  OverdueRepo,
  OverdueTask,
  OverdueTaskOfUser,
  OverdueUser,
} from './overdue-repo.js';

/** How long after the user's time the notice may still go out (a late sweep, a short outage). */
export const OVERDUE_NOTICE_WINDOW_MS = 60 * 60 * 1000;
/** Claims are kept a few days, past any window, so a change of time zone cannot repeat a day. */
const CLAIMS_KEPT_MS = 3 * 24 * 60 * 60 * 1000;

/** One user's notice of one day. */
export interface OverdueNotice {
  user: OverdueUser;
  tasks: OverdueTask[];
  localDate: string;
}

export class OverdueNotices {
  constructor(
    private readonly repo: OverdueRepo,
    private readonly rights: RightsService,
  ) {}

  /**
   * Claims and hands to `send` each notice of the audience due at `now`; a notice whose `send`
   * throws is released for a later sweep and `failed` hears why. Answers how many went out.
   */
  async sweep(
    audience: OverdueAudience,
    now: Date,
    send: (notice: OverdueNotice) => Promise<void>,
    failed: (notice: OverdueNotice, error: unknown) => void,
  ): Promise<number> {
    let sent = 0;
    for (const group of await this.repo.groups(audience)) {
      const zone = userTimeZone(group.timezone);
      const slot = dueOverdueDigestSlot(now.getTime(), group.time, zone, OVERDUE_NOTICE_WINDOW_MS);
      if (!slot) continue;
      const rows = await this.repo.tasks(audience, group, slot.localDate, toIsoSeconds(new Date(slot.at)));
      for (const { user, tasks } of byUser(rows)) {
        const readable = await this.readable(user.id, tasks);
        if (readable.length === 0) continue;
        if (!(await this.repo.claim(audience, user.id, slot.localDate, toIsoSeconds(now)))) continue;
        const notice = { user, tasks: readable, localDate: slot.localDate };
        try {
          await send(notice);
          sent++;
        } catch (error) {
          await this.repo.release(audience, user.id, slot.localDate);
          failed(notice, error);
        }
      }
    }
    await this.repo.forgetBefore(audience, toIsoSeconds(new Date(now.getTime() - CLAIMS_KEPT_MS)));
    return sent;
  }

  private async readable(userId: number, tasks: readonly OverdueTask[]): Promise<OverdueTask[]> {
    const rights = await this.rights.projectRights(userId, [...new Set(tasks.map((t) => t.project_id))]);
    return tasks.filter((task) => (rights.get(task.project_id) ?? null) !== null);
  }
}

/** Each user with their tasks, each task once (a user may have created and be assigned to it). */
function byUser(rows: readonly OverdueTaskOfUser[]): { user: OverdueUser; tasks: OverdueTask[] }[] {
  const users = new Map<number, { user: OverdueUser; tasks: Map<number, OverdueTask> }>();
  for (const { user, ...task } of rows) {
    const entry = users.get(user.id) ?? { user, tasks: new Map() };
    entry.tasks.set(task.id, task);
    users.set(user.id, entry);
  }
  return [...users.values()].map(({ user, tasks }) => ({ user, tasks: [...tasks.values()] }));
}
