/**
 * The daily overdue-tasks mail (user settings `overdue_tasks_reminders_enabled` and `_time`;
 * Vikunja's overdue reminder): who gets it and when is decided in overdue/overdue-notices.ts, with
 * the day's claims in `overdue_digests` (migration 0027). Every server process sweeps once a
 * minute. Without an SMTP server nothing is mailed.
 */
import type { Mailer } from '../mail/mailer.js';
import type { OverdueNotices } from '../overdue/overdue-notices.js';
import { type MailLog, reason } from './mail-log.js';
import { overdueMail } from './task-mails.js';

export class OverdueDigests {
  constructor(
    private readonly notices: OverdueNotices,
    private readonly mailer: Mailer,
    private readonly publicUrl: string,
    private readonly log: MailLog,
  ) {}

  /** Sends the overdue mails due at `now` that no process has claimed yet; answers how many. */
  async sweep(now: Date = new Date()): Promise<number> {
    if (!this.mailer.enabled) return 0;
    return this.notices.sweep(
      'mail',
      now,
      async ({ user, tasks, localDate }) => {
        await this.mailer.send(overdueMail(user, tasks, this.publicUrl, now.getTime()));
        this.log.info(`the overdue tasks of ${localDate} were mailed to user ${user.id}`);
      },
      ({ user }, error) =>
        this.log.warn(`the overdue tasks could not be mailed to user ${user.id}: ${reason(error)}`),
    );
  }
}
