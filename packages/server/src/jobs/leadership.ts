/**
 * Which process runs each background job (the minute sweeps of reminders and overdue mails and
 * webhook events, housekeeping, search postings compaction) when several Ordo servers share one
 * PostgreSQL database: the one that holds the job's session advisory lock, on a connection of its
 * own kept for that. The others skip their rounds and try to take the lock at each one, so when
 * the holder stops or dies (its connection closes, and PostgreSQL lets the lock go) another
 * carries on within a round. Every round thus runs once across the servers, not once per server.
 *
 * On SQLite there is one host and the jobs run as they always have: in the process that prepares
 * the database, and the minute sweeps in each process, their claims in the database keeping
 * anything from being sent twice.
 */
import { hostname } from 'node:os';
import pg from 'pg';
import type { DatabaseConfig } from '../config.js';

/** The first half of every job's advisory lock key ("ordo"); the second is the job name's hash. */
export const JOBS_LOCK_KEY = 0x6f72646f;

export interface Leadership {
  /** True when this process should run a round of `job` now (takes the lead when nobody holds it). */
  leads(job: string): Promise<boolean>;
  /** Lets the lead go, for another server to take. */
  close(): Promise<void>;
}

/** The lock connection's application_name: "ordo jobs <host> <pid>". */
export function leaderName(): string {
  return `ordo jobs ${hostname()} ${process.pid}`;
}

export const ALWAYS_LEADS: Leadership = {
  leads: async () => true,
  close: async () => {},
};

class PostgresLeadership implements Leadership {
  #client: pg.Client | null = null;
  readonly #held = new Set<string>();
  #closed = false;
  constructor(
    private readonly url: string,
    private readonly log: { warn(message: string): void },
  ) {}

  async leads(job: string): Promise<boolean> {
    if (this.#closed) return false;
    if (this.#held.has(job)) return true;
    try {
      const client = this.#client ?? (await this.#connect());
      const { rows } = await client.query<{ taken: boolean }>(
        'SELECT pg_try_advisory_lock($1, hashtext($2)) AS taken',
        [JOBS_LOCK_KEY, job],
      );
      if (rows[0]?.taken === true) this.#held.add(job);
    } catch (error) {
      this.log.warn(`the lock of the ${job} job was not taken: ${(error as Error).message}`);
      this.#drop();
    }
    return this.#held.has(job);
  }

  async #connect(): Promise<pg.Client> {
    // Named so that an operator sees who leads what: pg_locks joined with pg_stat_activity.
    const client = new pg.Client({ connectionString: this.url, application_name: leaderName() });
    // A lost connection is a lost lock: the next round asks again on a new one.
    client.on('error', () => this.#drop());
    client.on('end', () => this.#drop());
    this.#client = client;
    await client.connect();
    return client;
  }

  #drop(): void {
    const client = this.#client;
    this.#client = null;
    this.#held.clear();
    if (!client) return;
    client.removeAllListeners();
    client.on('error', () => {});
    void client.end().catch(() => {});
  }

  async close(): Promise<void> {
    this.#closed = true;
    const client = this.#client;
    this.#client = null;
    this.#held.clear();
    if (!client) return;
    client.removeAllListeners();
    client.on('error', () => {});
    // Ending the session lets the lock go.
    await client.end().catch(() => {});
  }
}

export function jobLeadership(database: DatabaseConfig, log: { warn(message: string): void }): Leadership {
  return database.kind === 'postgres' ? new PostgresLeadership(database.url, log) : ALWAYS_LEADS;
}
