/** The reminder and overdue mails, on the one mailer and the rights that decide who may read a task. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Mailer } from '../mail/mailer.js';
import { OverdueNotices } from '../overdue/overdue-notices.js';
import { OverdueRepo } from '../overdue/overdue-repo.js';
import type { RightsService } from '../rights/service.js';
import { type MailLog, SwitchableMailLog } from './mail-log.js';
import { OverdueDigests } from './overdue-digests.js';
import { ReminderMails } from './reminder-mails.js';
import { TaskMailRepo } from './task-mail-repo.js';

export interface TaskMail {
  /** Listens for fired reminders (notifications' `taskReminderFired`) and mails them. */
  reminderMails: ReminderMails;
  /** Swept once a minute with the reminders (jobs/reminder-sweep.ts). */
  overdueDigests: OverdueDigests;
  /** Where both log what they mailed and what failed: the server's logger, once it exists. */
  useLog(log: MailLog): void;
}

export function wireTaskMail(deps: {
  db: Kysely<Database>;
  rights: RightsService;
  mailer: Mailer;
  publicUrl: string;
}): TaskMail {
  const repo = new TaskMailRepo(deps.db);
  const log = new SwitchableMailLog();
  return {
    reminderMails: new ReminderMails(repo, deps.rights, deps.mailer, deps.publicUrl, log),
    overdueDigests: new OverdueDigests(
      new OverdueNotices(new OverdueRepo(deps.db), deps.rights),
      deps.mailer,
      deps.publicUrl,
      log,
    ),
    useLog: (target) => log.useLog(target),
  };
}
