/**
 * The daily overdue webhook events (reference §3.12: `task.overdue`, `tasks.overdue`), fired for
 * each user at their overdue-reminder time with the tasks their overdue mail lists, whether or not
 * mail is set up: overdue/overdue-notices.ts decides who and when, with the day's claims in
 * `overdue_webhook_days` (migration 0032). Swept once a minute in every server process; nothing
 * is read while no webhook names either event.
 */
import type { OverdueNotices } from '../overdue/overdue-notices.js';
import type { WebhookListener } from './listener.js';
import type { WebhooksRepo } from './repo.js';

export class OverdueEvents {
  constructor(
    private readonly notices: OverdueNotices,
    private readonly repo: WebhooksRepo,
    private readonly listener: WebhookListener,
    private readonly log: { warn(message: string): void },
  ) {}

  /** Fires the overdue events due at `now`; answers for how many users. */
  async sweep(now: Date = new Date()): Promise<number> {
    const named = await Promise.all([
      this.repo.anyNaming('task.overdue'),
      this.repo.anyNaming('tasks.overdue'),
    ]);
    if (!named.includes(true)) return 0;
    return this.notices.sweep(
      'webhooks',
      now,
      async ({ user, tasks }) => {
        await this.listener.tasksOverdue(
          user.id,
          tasks.map((task) => task.id),
        );
      },
      ({ user }, error) =>
        this.log.warn(
          `the overdue webhook events of user ${user.id} could not be prepared: ${error instanceof Error ? error.message : String(error)}`,
        ),
    );
  }
}
