/**
 * Reads that start together go to PostgreSQL together: one connection, one write.
 *
 * A page of tasks fills its labels, assignees, reminders and the rest with about eight small
 * queries that start at the same moment (tasks/details.ts). Each on its own pooled connection cost
 * a write to the socket and a wake-up of a PostgreSQL process: on the 2-core benchmark machine a
 * third of the server's CPU time for a search page went to those writes alone (`writev`, about
 * 40 µs each). `together` gathers the queries its work sends before its first `await` onto one
 * connection in pipeline mode, and holds the socket corked until they are all written.
 *
 * How the queries are found without a context store: Kysely goes from `execute()` down to the
 * pool's `connect()` without an `await` once it is initialised, so every query the work starts
 * synchronously asks for its connection inside `together`'s synchronous part. Queries sent later
 * (a loader's second query, after the first answered) take pooled connections as usual. No other
 * request's code can run inside a synchronous stretch, so nothing else joins a batch.
 *
 * Every pooled client runs in pipeline mode; one query at a time, as Kysely sends them otherwise
 * (transactions included), behaves exactly as without it. A batch must hold reads only.
 *
 * The batch gives its connection back as soon as its own queries are answered, not when the whole
 * work settles: the work's later queries (a loader's second query, a right's grants) wait for a
 * pooled connection, and a batch holding its own meanwhile could, with every connection held by
 * such a batch, leave them all waiting.
 */
import type { Writable } from 'node:stream';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/** Runs `start`; the queries it sends before its first `await` go to the database together. */
export type ReadTogether = <T>(start: () => Promise<T>) => Promise<T>;

/** SQLite answers in this process: there is nothing to gather. */
export const readOneByOne: ReadTogether = (start) => start();

/** Makes Kysely's client from a pg client; `release` hands the connection back. */
export type ClientFor = (client: pg.PoolClient, release: () => void) => PostgresPoolClient;

/** Kysely's PostgreSQL pool, with `together` for reads that belong to one answer. */
export class GatheringPool implements PostgresPool {
  private gathering: ReadBatch | null = null;
  // Kysely keeps one connection object per client it is handed: hand it the same one each time.
  private readonly clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly clientFor: ClientFor,
  ) {}

  async connect(): Promise<PostgresPoolClient> {
    // Read before any await: only the synchronous part of `together` sees a batch.
    const batch = this.gathering;
    if (batch) return batch.join();
    const client = await this.pool.connect();
    let wrapped = this.clients.get(client);
    if (!wrapped) {
      wrapped = this.clientFor(client, () => client.release());
      this.clients.set(client, wrapped);
    }
    return wrapped;
  }

  end(): Promise<void> {
    return this.pool.end();
  }

  readonly together: ReadTogether = async (start) => {
    if (this.gathering) return start();
    const batch = new ReadBatch(this.pool, this.clientFor);
    this.gathering = batch;
    let work: ReturnType<typeof start>;
    try {
      work = start();
    } finally {
      this.gathering = null;
      batch.seal();
    }
    try {
      return await work;
    } finally {
      batch.end();
    }
  };
}

class ReadBatch {
  private client: Promise<PostgresPoolClient> | null = null;
  private taken: pg.PoolClient | null = null;
  /** The batch's queries not answered yet (Kysely releases the connection after each). */
  private pending = 0;
  /** Set once the work's synchronous part has run: no query joins after that. */
  private sealed = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly clientFor: ClientFor,
  ) {}

  join(): Promise<PostgresPoolClient> {
    this.pending++;
    this.client ??= this.pool.connect().then((client) => {
      this.taken = client;
      // Every member resumes in this same run of promise jobs and writes its query; the tick
      // after it sends them all in one write.
      const socket = (client as unknown as { connection: { stream: Writable } }).connection.stream;
      socket.cork();
      process.nextTick(() => socket.uncork());
      // Kysely releases after each query; the batch gives the connection back once, after the last.
      return this.clientFor(client, () => {
        this.pending--;
        this.giveBackWhenAnswered();
      });
    });
    return this.client;
  }

  seal(): void {
    this.sealed = true;
    this.giveBackWhenAnswered();
  }

  private giveBackWhenAnswered(): void {
    if (!this.sealed || this.pending > 0 || !this.taken) return;
    this.taken.release();
    this.taken = null;
  }

  /**
   * After the work settled; the connection may still be on its way (the work failed before a
   * query ran). A query the work started without awaiting may still be on the wire; in pipeline
   * mode the next user's queries simply queue behind it.
   */
  end(): void {
    this.client?.then(
      () => {
        this.taken?.release();
        this.taken = null;
      },
      () => {},
    );
  }
}
