/**
 * Due reminders become `task.reminder` notifications (reference §4.14). Every server process
 * sweeps; each reminder is claimed by exactly one of them (see reminder-deliveries-repo.ts), so
 * nobody is notified twice however many processes run. Reminders that fell due while no process
 * ran are still sent if they are at most an hour old; older ones are skipped rather than
 * arriving in a burst after a long outage.
 */
import { toIsoSeconds } from '@ordo/core';
import type { NotificationEvents } from './events.js';
import type { NotificationFanOut } from './fan-out.js';
import type { ReminderDeliveriesRepo } from './reminder-deliveries-repo.js';

export const REMINDER_LOOKBACK_MS = 60 * 60 * 1000;

export class ReminderNotifier {
  constructor(
    private readonly deliveries: ReminderDeliveriesRepo,
    private readonly fanOut: NotificationFanOut,
    /** Webhooks hear `task.reminder.fired` for each person reminded. */
    private readonly events: NotificationEvents,
  ) {}

  /** Notifies the reminders due by `now` that no process has claimed yet; answers how many. */
  async sweep(now: Date = new Date()): Promise<number> {
    const since = toIsoSeconds(new Date(now.getTime() - REMINDER_LOOKBACK_MS));
    const claimed = await this.deliveries.claimDue(since, toIsoSeconds(now));
    for (const { task_id } of claimed) {
      const people = await this.deliveries.peopleOf(task_id);
      await this.fanOut.taskReminder(task_id, people);
      await this.events.taskReminderFired(task_id, people);
    }
    await this.deliveries.forgetBefore(since);
    return claimed.length;
  }
}
