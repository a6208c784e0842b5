import type pg from 'pg';
/**
 * The queries of this process waiting for a database connection, and since when: the load
 * shedding reads how many wait and how long the longest-waiting one has (http/load-shedding.ts).
 */
export class ConnectionWaits {
  // Insertion order is arrival order, so the first entry is the oldest waiter. Waiters are
  // numbered: a Symbol per wait cost about 1 µs, and PostgreSQL queries wait twice (the Kysely
  // driver's and the pool's).
  #since = new Map<number, number>();
  #lastWaiter = 0;

  /** Marks a query as waiting; the returned function marks it served (call it exactly once). */
  start(): () => void {
    const waiter = ++this.#lastWaiter;
    this.#since.set(waiter, Date.now());
    return () => {
      this.#since.delete(waiter);
    };
  }

  get count(): number {
    return this.#since.size;
  }

  oldestMs(now = Date.now()): number {
    for (const since of this.#since.values()) return now - since;
    return 0;
  }
}

/**
 * Times every wait for one of the pool's clients: Kysely's queries and the prepared hot reads
 * (which call the pool directly) alike. pg's `Pool.query` takes its client through
 * `this.connect`, so replacing `connect` on the instance covers both.
 */
export function timePoolWaits(pool: pg.Pool): ConnectionWaits {
  const waits = new ConnectionWaits();
  const connect = pool.connect.bind(pool) as (
    callback?: (
      error: Error | undefined,
      client: pg.PoolClient | undefined,
      done: (release?: unknown) => void,
    ) => void,
  ) => Promise<pg.PoolClient> | undefined;
  pool.connect = ((callback?: Parameters<typeof connect>[0]) => {
    const served = waits.start();
    if (callback) {
      return connect((error, client, done) => {
        served();
        callback(error, client, done);
      });
    }
    return (connect() as Promise<pg.PoolClient>).finally(served);
  }) as typeof pool.connect;
  return waits;
}
