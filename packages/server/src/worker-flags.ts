/**
 * The Node options a server process (cluster.ts) runs with.
 */

/**
 * V8 settings the workers run with, unless the operator gave their own. A young generation of
 * 64 MB semi-spaces instead of V8's 16 MB: a search page allocates about 0.9 MB, so with 16 MB the
 * worker stopped for a 3 ms scavenge every 40 ms under load, copying the live data of every request
 * in flight each time, and what survived two scavenges filled the old generation towards a full
 * collection every 3 s. Measured on 2 cores over 100,000 tasks on PostgreSQL, alternately: the
 * worker's CPU per search request 13–18 % lower, p99 10–30 % lower, for about 60 MB more memory
 * under load (V8 grows the semi-spaces only while allocation is heavy).
 */
export const WORKER_V8_FLAGS = ['--max-semi-space-size=64'];

/** This process's Node options for a worker, with our V8 settings where the operator set none. */
export function workerExecArgv(execArgv: readonly string[], nodeOptions = ''): string[] {
  const flagName = (flag: string) => flag.split('=')[0].replaceAll('_', '-');
  const given = new Set([...execArgv, ...nodeOptions.split(/\s+/)].map(flagName));
  return [...execArgv, ...WORKER_V8_FLAGS.filter((flag) => !given.has(flagName(flag)))];
}
