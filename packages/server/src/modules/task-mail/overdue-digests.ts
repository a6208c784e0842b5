/**
 * The daily overdue-tasks mail (user settings `overdue_tasks_reminders_enabled` and `_time`): at
 * their time on their wall clock, users get one mail listing the undone tasks they created or are
 * assigned to that were due before that time, in projects that are not archived and that they
 * can still read (Vikunja's overdue reminder). Every server process sweeps once a minute; a user's
 * mail of a day is claimed by inserting its row (migration 0027), so it is sent once whatever the
 * number of processes. A mail that fails gives its claim back and is tried again by a later sweep
 * while its window lasts. Without an SMTP server nothing is mailed.
 */
import { dueOverdueDigestSlot, toIsoSeconds, userTimeZone } from '@ordo/core';
import type { Mailer } from '../mail/mailer.js';
import type { RightsService } from '../rights/service.js';
import { type MailLog, reason } from './mail-log.js';
import type { MailedTask, MailRecipient, OverdueTaskOfUser, TaskMailRepo } from './task-mail-repo.js';
import { overdueMail } from './task-mails.js';

/** How long after the user's time the mail may still go out (a late sweep, a short outage). */
export const OVERDUE_MAIL_WINDOW_MS = 60 * 60 * 1000;
/** Claims are kept a few days, past any window, so a change of time zone cannot repeat a day. */
const CLAIMS_KEPT_MS = 3 * 24 * 60 * 60 * 1000;

export class OverdueDigests {
  constructor(
    private readonly repo: TaskMailRepo,
    private readonly rights: RightsService,
    private readonly mailer: Mailer,
    private readonly publicUrl: string,
    private readonly log: MailLog,
  ) {}

  /** Sends the overdue mails due at `now` that no process has claimed yet; answers how many. */
  async sweep(now: Date = new Date()): Promise<number> {
    if (!this.mailer.enabled) return 0;
    let sent = 0;
    for (const group of await this.repo.digestGroups()) {
      const zone = userTimeZone(group.timezone);
      const slot = dueOverdueDigestSlot(now.getTime(), group.time, zone, OVERDUE_MAIL_WINDOW_MS);
      if (!slot) continue;
      const rows = await this.repo.overdueTasks(group, slot.localDate, toIsoSeconds(new Date(slot.at)));
      for (const { user, tasks } of byUser(rows)) {
        const readable = await this.readable(user.id, tasks);
        if (readable.length === 0) continue;
        if (!(await this.repo.claimDigest(user.id, slot.localDate, toIsoSeconds(now)))) continue;
        try {
          await this.mailer.send(overdueMail(user, readable, this.publicUrl, now.getTime()));
          sent++;
          this.log.info(`the overdue tasks of ${slot.localDate} were mailed to user ${user.id}`);
        } catch (error) {
          await this.repo.releaseDigest(user.id, slot.localDate);
          this.log.warn(`the overdue tasks could not be mailed to user ${user.id}: ${reason(error)}`);
        }
      }
    }
    await this.repo.forgetDigestsBefore(toIsoSeconds(new Date(now.getTime() - CLAIMS_KEPT_MS)));
    return sent;
  }

  private async readable(userId: number, tasks: readonly MailedTask[]): Promise<MailedTask[]> {
    const rights = await this.rights.projectRights(userId, [...new Set(tasks.map((t) => t.project_id))]);
    return tasks.filter((task) => (rights.get(task.project_id) ?? null) !== null);
  }
}

/** Each user with their tasks, each task once (a user may have created and be assigned to it). */
function byUser(rows: readonly OverdueTaskOfUser[]): { user: MailRecipient; tasks: MailedTask[] }[] {
  const users = new Map<number, { user: MailRecipient; tasks: Map<number, MailedTask> }>();
  for (const { user, ...task } of rows) {
    const entry = users.get(user.id) ?? { user, tasks: new Map() };
    entry.tasks.set(task.id, task);
    users.set(user.id, entry);
  }
  return [...users.values()].map(({ user, tasks }) => ({ user, tasks: [...tasks.values()] }));
}
