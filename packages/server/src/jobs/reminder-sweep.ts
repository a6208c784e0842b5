/**
 * Sweeps due reminders into notifications once a minute, in every server process: claiming is
 * atomic (modules/notifications/reminder-sweep.ts), so processes never notify a reminder twice.
 */
import type { ReminderNotifier } from '../modules/notifications/reminder-sweep.js';

const INTERVAL_MS = 60 * 1000;

export interface ReminderSweep {
  stop(): Promise<void>;
}

export function startReminderSweep(
  notifier: ReminderNotifier,
  log: { warn(message: string): void },
  intervalMs = INTERVAL_MS,
): ReminderSweep {
  let current: Promise<unknown> = Promise.resolve();
  const round = () => {
    current = current
      .then(() => notifier.sweep())
      .catch((error: unknown) =>
        log.warn(`due reminders were not notified this time: ${(error as Error).message}`),
      );
  };
  round();
  const timer = setInterval(round, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await current;
    },
  };
}
