/**
 * How the server processes take new connections. Node's default (round-robin) has the primary
 * accept every connection and hand it to a worker over IPC, one handle at a time, each waiting
 * for the worker to acknowledge the previous one from its event loop. On SQLite every query runs
 * on that event loop, so under load each hand-over waits a turn of a busy loop: measured with 200
 * clients connecting at once on 2 cores, the last connection was taken 12.8 s after the first and
 * 17 requests timed out after 10 s without ever reaching a worker. With the shared socket
 * ("none") each worker accepts for itself; a busy worker simply takes fewer connections: all 200
 * were taken within about a second and no request timed out, with connections split 90/112 and
 * 136/66 between the two workers.
 *
 * An operator who sets NODE_CLUSTER_SCHED_POLICY ("rr" or "none") keeps their choice.
 */
export type ConnectionScheduling = 'none' | 'rr';

export function connectionScheduling(env: NodeJS.ProcessEnv): ConnectionScheduling {
  const chosen = env.NODE_CLUSTER_SCHED_POLICY;
  return chosen === 'rr' || chosen === 'none' ? chosen : 'none';
}
