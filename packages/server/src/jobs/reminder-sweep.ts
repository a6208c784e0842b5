/**
 * Once a minute, in every server process: due reminders become notifications and mails
 * (modules/notifications/reminder-sweep.ts), and the overdue-tasks mails and webhook events due at
 * this minute go out (modules/task-mail/overdue-digests.ts, modules/webhooks/overdue-events.ts). Both claim what they send in the database, so
 * processes never send anything twice; on PostgreSQL one process of all the servers sweeps
 * (jobs/leadership.ts). One sweep failing does not keep the other from running.
 */
import { type JobName, trackJob } from '../modules/metrics/job-metrics.js';
import type { Leadership } from './leadership.js';
import { runPeriodically } from './periodic.js';

const INTERVAL_MS = 60 * 1000;

export interface MinuteSweep {
  /** What is sent, for the warning when a round fails ("due reminders"). */
  readonly sends: string;
  /** Its name in the job metrics (modules/metrics). */
  readonly job: JobName;
  sweep(): Promise<unknown>;
}

export interface ReminderSweep {
  stop(): Promise<void>;
}

export function startReminderSweep(
  sweeps: readonly MinuteSweep[],
  log: { warn(message: string): void },
  { intervalMs = INTERVAL_MS, leadership }: { intervalMs?: number; leadership?: Leadership } = {},
): ReminderSweep {
  return runPeriodically(
    async () => {
      for (const s of sweeps) {
        await trackJob(s.job, () => s.sweep()).catch((error: unknown) =>
          log.warn(`${s.sends} were not sent this time: ${(error as Error).message}`),
        );
      }
    },
    { intervalMs, job: 'minute_sweeps', leadership },
  );
}
