/**
 * A job that runs a round at once and then every `intervalMs`, one round at a time: a round that
 * is due while the last still runs waits for it. The timer never keeps the process alive.
 */
export interface Periodic {
  /** One round now, after any under way; resolves when it is done (tests call it). */
  runOnce(): Promise<void>;
  /** Stops the timer and waits for a round under way. */
  stop(): Promise<void>;
}

export function runPeriodically(round: () => Promise<void>, intervalMs: number): Periodic {
  let current: Promise<void> = Promise.resolve();
  const runOnce = () => {
    current = current.then(round);
    return current;
  };
  void runOnce();
  const timer = setInterval(runOnce, intervalMs);
  timer.unref();
  return {
    runOnce,
    async stop() {
      clearInterval(timer);
      await current;
    },
  };
}
