/**
 * A fired reminder is also mailed (reference §4.14: "plus email when the user has email
 * reminders enabled") to the task's creator and assignees, as Vikunja's reminder job does; the
 * task's other subscribers get the in-app notification only. The reminder sweep claims each
 * reminder once across processes and then tells its listeners, this one among them
 * (`taskReminderFired`, notifications/reminder-sweep.ts), so the mail goes out once too. Without
 * an SMTP server nothing is mailed. A failure is logged, never thrown: the other listeners and
 * the other reminders of the sweep go on.
 */
import type { Mailer } from '../mail/mailer.js';
import type { RightsService } from '../rights/service.js';
import { type MailLog, reason } from './mail-log.js';
import type { TaskMailRepo } from './task-mail-repo.js';
import { reminderMail } from './task-mails.js';

export class ReminderMails {
  constructor(
    private readonly repo: TaskMailRepo,
    private readonly rights: RightsService,
    private readonly mailer: Mailer,
    private readonly publicUrl: string,
    private readonly log: MailLog,
  ) {}

  /** Mails the reminder of a task to those of `people` who can still read it and want reminder mails. */
  async taskReminderFired(taskId: number, people: readonly number[]): Promise<void> {
    if (!this.mailer.enabled) return;
    try {
      await this.remind(taskId, people);
    } catch (error) {
      this.log.warn(`the reminder of task ${taskId} was not mailed: ${reason(error)}`);
    }
  }

  private async remind(taskId: number, people: readonly number[]): Promise<void> {
    const task = await this.repo.task(taskId);
    if (!task) return;
    const unique = [...new Set(people)];
    const rights = await Promise.all(unique.map((id) => this.rights.projectRight(id, task.project_id)));
    const recipients = await this.repo.reminderRecipients(unique.filter((_, i) => rights[i] !== null));
    for (const to of recipients) {
      try {
        await this.mailer.send(reminderMail(to, task, this.publicUrl));
        this.log.info(`the reminder of task ${task.id} was mailed to user ${to.id}`);
      } catch (error) {
        this.log.warn(
          `the reminder of task ${task.id} could not be mailed to user ${to.id}: ${reason(error)}`,
        );
      }
    }
  }
}
