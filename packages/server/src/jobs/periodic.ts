import { ALWAYS_LEADS, type Leadership } from './leadership.js';

/**
 * A job that runs a round at once and then every `intervalMs`, one round at a time: a round that
 * is due while the last still runs waits for it. The timer never keeps the process alive. With
 * several servers on one PostgreSQL database, a round runs only in the process leading the job
 * (jobs/leadership.ts).
 */
export interface Periodic {
  /** One round now, after any under way; resolves when it is done (tests call it). */
  runOnce(): Promise<void>;
  /** Stops the timer and waits for a round under way. */
  stop(): Promise<void>;
}

export interface PeriodicOptions {
  intervalMs: number;
  /** The job's name for its lock; the processes leading it run its rounds. */
  job: string;
  leadership?: Leadership;
}

/** How often a process that does not lead a job asks whether it may (its leader may be gone). */
export const FOLLOW_MS = 5_000;

export function runPeriodically(round: () => Promise<void>, options: PeriodicOptions): Periodic {
  const { intervalMs, job, leadership = ALWAYS_LEADS } = options;
  let current: Promise<void> = Promise.resolve();
  let leading = false;
  const leadingRound = async () => {
    leading = await leadership.leads(job);
    if (leading) await round();
  };
  const runOnce = () => {
    current = current.then(leadingRound);
    return current;
  };
  void runOnce();
  const timer = setInterval(runOnce, intervalMs);
  timer.unref();
  // A process taking over from a leader that went away runs a round at once: the leader may have
  // died before its round was due.
  const follow =
    leadership === ALWAYS_LEADS
      ? null
      : setInterval(
          () => {
            if (!leading) void runOnce();
          },
          Math.min(FOLLOW_MS, intervalMs),
        );
  follow?.unref();
  return {
    runOnce,
    async stop() {
      clearInterval(timer);
      if (follow) clearInterval(follow);
      await current;
    },
  };
}
