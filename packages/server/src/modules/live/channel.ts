/**
 * How a new notification or a change (live-changes.ts) reaches the live sockets of every server
 * process, not only the one that wrote it: a user's sockets may sit in any process (ORDO_WORKERS
 * deals connections out in turn), or, on PostgreSQL, in another server sharing the database.
 *
 * The process that writes hands what it wrote to its own sockets directly and announces it to
 * the others; what travels is only ids — (notification id, user id) pairs, and changes as a name
 * with the ids it names — so a process without interested sockets reads nothing, and the one
 * that has reads the rows and checks the rights itself at the moment of pushing.
 *
 * - PostgreSQL: LISTEN/NOTIFY on one channel. Every server on the database hears it, on this
 *   host or another; the database already connects them, so nothing else has to, and a NOTIFY is
 *   only delivered once the row it names has committed. Each process listens on a dedicated
 *   connection (a pooled one would be handed to queries) and reconnects with backoff if the
 *   database drops it.
 * - SQLite: the database is one file on one host, so every server process is a worker of one
 *   primary (cluster.ts). A worker sends the announcement to the primary over the IPC channel
 *   Node's cluster module already keeps open, and the primary relays it to every other worker.
 *   That needs no polling of the database (which would add a delay and a query per process each
 *   tick) and no file or socket of our own; a replaced worker is reached as soon as it starts,
 *   because the primary relays to the workers alive at that moment. A single process (no
 *   cluster) has nobody to tell.
 *
 * A process that is down or reconnecting misses the announcements meanwhile; the web app still
 * polls /notifications, more slowly, so nothing is lost for good.
 */
import cluster from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../../config.js';
import type { Database } from '../../db/schema.js';
import type { CreatedNotification } from '../notifications/repo.js';
import { type ChangeEvent, fromWire, toWire, type WireChange } from './change-event.js';

export const PG_CHANNEL = 'ordo_live_notifications';
/** The IPC message's `type`; cluster.ts relays messages of this type between workers. */
export const IPC_TYPE = 'ordo.live.notifications';
/** Pairs per NOTIFY, well under PostgreSQL's 8000-byte payload limit. */
const PAIRS_PER_NOTIFY = 300;
/** Changes per NOTIFY: a change is a name and a few ids, its affected users capped (change-event.ts). */
const CHANGES_PER_NOTIFY = 20;
const RECONNECT_MS = { first: 500, max: 30_000 };
/** Presence reports per NOTIFY, and the users one report names (more are not shown anyway). */
const REPORTS_PER_NOTIFY = 10;
const USERS_PER_REPORT = 100;

type Pair = [id: number, userId: number];

/** A place's user ids in one process (presence.ts), as the channel carries it. */
export interface PresenceReport {
  projectId: number;
  place: string;
  origin: string;
  userIds: number[];
}

/** What one process tells the others. */
export interface LiveAnnouncement {
  notifications?: readonly CreatedNotification[];
  changes?: readonly ChangeEvent[];
  presence?: readonly PresenceReport[];
}

type Hear = (heard: {
  notifications: CreatedNotification[];
  changes: ChangeEvent[];
  presence: PresenceReport[];
}) => void;

export interface LiveChannel {
  /** Tells the other processes; the caller delivers to its own sockets itself. */
  announce(announcement: LiveAnnouncement): void;
  /** Starts hearing the other processes' announcements. */
  start(hear: Hear): Promise<void>;
  stop(): Promise<void>;
}

type WireReport = [projectId: number, place: string, origin: string, userIds: number[]];

/** The frames that travel: `n` notification pairs, `c` changes, `p` presence reports. */
interface Wire {
  n?: Pair[];
  c?: WireChange[];
  p?: WireReport[];
}

function wireFrames(announcement: LiveAnnouncement): Wire[] {
  const frames: Wire[] = [];
  const pairs = toPairs(announcement.notifications ?? []);
  for (let i = 0; i < pairs.length; i += PAIRS_PER_NOTIFY)
    frames.push({ n: pairs.slice(i, i + PAIRS_PER_NOTIFY) });
  const changes = (announcement.changes ?? []).map(toWire);
  for (let i = 0; i < changes.length; i += CHANGES_PER_NOTIFY)
    frames.push({ c: changes.slice(i, i + CHANGES_PER_NOTIFY) });
  const reports = (announcement.presence ?? []).map(
    (r): WireReport => [r.projectId, r.place, r.origin, r.userIds.slice(0, USERS_PER_REPORT)],
  );
  for (let i = 0; i < reports.length; i += REPORTS_PER_NOTIFY)
    frames.push({ p: reports.slice(i, i + REPORTS_PER_NOTIFY) });
  return frames;
}

function fromWireFrame(frame: { n?: unknown; c?: unknown; p?: unknown }) {
  return {
    notifications: fromPairs(frame.n),
    changes: Array.isArray(frame.c) ? frame.c.flatMap((c) => fromWire(c) ?? []) : [],
    presence: fromReports(frame.p),
  };
}

function fromReports(value: unknown): PresenceReport[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(
      (r): r is WireReport =>
        Array.isArray(r) &&
        Number.isInteger(r[0]) &&
        typeof r[1] === 'string' &&
        typeof r[2] === 'string' &&
        Array.isArray(r[3]) &&
        r[3].every(Number.isInteger),
    )
    .map(([projectId, place, origin, userIds]) => ({ projectId, place, origin, userIds }));
}

const toPairs = (created: readonly CreatedNotification[]): Pair[] => created.map((c) => [c.id, c.userId]);

function fromPairs(value: unknown): CreatedNotification[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((p): p is Pair => Array.isArray(p) && Number.isInteger(p[0]) && Number.isInteger(p[1]))
    .map(([id, userId]) => ({ id, userId }));
}

export function createLiveChannel(
  database: DatabaseConfig,
  db: Kysely<Database>,
  warn: (message: string) => void,
): LiveChannel {
  if (database.kind === 'postgres') return new PostgresChannel(database.url, db, warn);
  if (cluster.isWorker) return new ClusterChannel();
  return { announce() {}, start: async () => {}, stop: async () => {} };
}

class PostgresChannel implements LiveChannel {
  /** Our own NOTIFYs come back to us too; this tells them apart. */
  readonly #origin = randomUUID();
  #listener: pg.Client | null = null;
  #stopped = false;
  #retry: NodeJS.Timeout | null = null;
  #backoff = RECONNECT_MS.first;

  constructor(
    private readonly url: string,
    /** NOTIFY goes through the app's pool; only LISTEN needs a connection of its own. */
    private readonly db: Kysely<Database>,
    private readonly warn: (message: string) => void,
  ) {}

  announce(announcement: LiveAnnouncement): void {
    if (this.#stopped) return;
    for (const frame of wireFrames(announcement)) {
      const payload = JSON.stringify({ from: this.#origin, ...frame });
      sql`SELECT pg_notify(${PG_CHANNEL}, ${payload})`
        .execute(this.db)
        .catch((error: Error) => this.warn(`live updates could not be announced: ${error.message}`));
    }
  }

  async start(hear: Hear): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    const lost = (error?: Error) => {
      if (this.#listener !== client) return;
      this.#listener = null;
      client.removeAllListeners();
      client.on('error', () => {});
      void client.end().catch(() => {});
      if (this.#stopped) return;
      this.warn(`live notifications listener lost (${error?.message ?? 'connection ended'}); reconnecting`);
      this.#scheduleReconnect(hear);
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (message) => {
      if (message.channel !== PG_CHANNEL || !message.payload) return;
      try {
        const frame = JSON.parse(message.payload) as { from?: string; n?: unknown; c?: unknown; p?: unknown };
        if (frame.from !== this.#origin) hear(fromWireFrame(frame));
      } catch {
        // Not ours: ignored.
      }
    });
    this.#listener = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${PG_CHANNEL}`);
      this.#backoff = RECONNECT_MS.first;
    } catch (error) {
      lost(error as Error);
    }
  }

  #scheduleReconnect(hear: Hear): void {
    const wait = this.#backoff;
    this.#backoff = Math.min(this.#backoff * 2, RECONNECT_MS.max);
    this.#retry = setTimeout(() => {
      this.#retry = null;
      if (!this.#stopped) void this.start(hear);
    }, wait);
    this.#retry.unref();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#retry) clearTimeout(this.#retry);
    const listener = this.#listener;
    this.#listener = null;
    listener?.removeAllListeners();
    listener?.on('error', () => {});
    await listener?.end().catch(() => {});
  }
}

class ClusterChannel implements LiveChannel {
  #onMessage: ((message: unknown) => void) | null = null;

  announce(announcement: LiveAnnouncement): void {
    if (!process.connected) return;
    for (const frame of wireFrames(announcement)) process.send?.({ type: IPC_TYPE, ...frame });
  }

  async start(hear: Hear): Promise<void> {
    this.#onMessage = (message) => {
      const m = message as { type?: unknown; n?: unknown; c?: unknown; p?: unknown } | null;
      if (m && typeof m === 'object' && m.type === IPC_TYPE) hear(fromWireFrame(m));
    };
    process.on('message', this.#onMessage);
  }

  async stop(): Promise<void> {
    if (this.#onMessage) process.off('message', this.#onMessage);
    this.#onMessage = null;
  }
}

/**
 * In the primary: relays every worker's announcement to all the other workers alive now (see the
 * top of this file). Called once by cluster.ts.
 */
export function relayLiveAnnouncements(): void {
  cluster.on('message', (from, message: unknown) => {
    if (!message || typeof message !== 'object' || (message as { type?: unknown }).type !== IPC_TYPE) return;
    for (const worker of Object.values(cluster.workers ?? {})) {
      if (worker && worker !== from && worker.isConnected()) worker.send(message as object);
    }
  });
}
