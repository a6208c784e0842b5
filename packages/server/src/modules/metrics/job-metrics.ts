/**
 * Counts the runs of background work: `ordo_job_runs_total`, `ordo_job_failures_total` and
 * `ordo_job_duration_seconds`, labelled by the job's name. A run fails when it throws; the error
 * goes on to the caller, which logs it as before.
 */
import { jobDuration, jobFailures, jobRuns } from './registry.js';

/** Every job that is counted, so the label's values stay a known, short list. */
export type JobName =
  | 'mail'
  | 'due_reminders'
  | 'overdue_task_mails'
  | 'overdue_webhook_events'
  | 'webhook_delivery'
  | 'import'
  | 'housekeeping'
  | 'search_postings_compaction';

export interface JobRun {
  /** The run failed (call before `end`). */
  failed(): void;
  /** The run is over: its duration is observed. */
  end(): void;
}

/** A run of `job` starts now; for jobs that catch their own failures (imports). */
export function startJob(job: JobName): JobRun {
  const end = jobDuration.startTimer({ job });
  jobRuns.inc({ job });
  return { failed: () => jobFailures.inc({ job }), end: () => end() };
}

/** A run counted before (startJob) failed later, after it ended (a webhook's last retry). */
export function jobFailedLater(job: JobName): void {
  jobFailures.inc({ job });
}

/** Runs `run` as one run of `job`: it failed if it throws. */
export async function trackJob<T>(job: JobName, run: () => Promise<T>): Promise<T> {
  const counted = startJob(job);
  try {
    return await run();
  } catch (error) {
    counted.failed();
    throw error;
  } finally {
    counted.end();
  }
}
