/**
 * A Kysely dialect around SQLite's or PostgreSQL's that (1) counts the queries waiting for a
 * connection and how long the oldest has waited, which the load shedding reads (http/load-shedding.ts): on SQLite the one connection
 * is taken in turn (Kysely's mutex; a transaction holds it throughout), on PostgreSQL it is the
 * pool's queue; and (2) refuses a connection to a request whose client has gone (see
 * request-work.ts), up to the request's first write: what it already wrote stays written and the
 * rest of its work goes on, so a change is never left half done.
 */
import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  QueryResult,
  TransactionSettings,
} from 'kysely';
import { ConnectionWaits } from './connection-waits.js';
import { ClientGoneError, type RequestWork, requestWork } from './request-work.js';

const WRITE_NODES = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode']);
// Raw SQL that may write. A read taken for a write only ends the checks early, which is harmless.
const RAW_WRITE = /^\s*(insert|update|delete|with|create|drop|alter|merge|replace|lock)\b/i;

function writes(query: CompiledQuery): boolean {
  const kind = query.query.kind;
  return WRITE_NODES.has(kind) || (kind === 'RawNode' && RAW_WRITE.test(query.sql));
}

/** A raw statement that reads: a SELECT, or a WITH whose parts only read (no data-changing CTE). */
const RAW_READ = /^\s*(select|with)\b/i;
const CHANGES_DATA =
  /\b(insert|update|delete|merge|truncate|create|drop|alter|lock|pg_notify|nextval|setval|pg_advisory\w*)\b/i;

/**
 * Whether the query may change anything, for the wait before a request's first write (a session
 * check still on its way): only a plain read is let through; anything in doubt waits.
 */
function mayChange(query: CompiledQuery): boolean {
  const kind = query.query.kind;
  if (kind === 'SelectQueryNode') return false;
  if (kind !== 'RawNode') return true;
  return !RAW_READ.test(query.sql) || CHANGES_DATA.test(query.sql);
}

export interface ConnectionQueue {
  /** Queries waiting for a database connection in this process now. */
  waiting(): number;
  /** How long, in ms, the query that has waited longest for a connection has waited (0: none). */
  oldestWaitMs(): number;
}

class WatchedConnection implements DatabaseConnection {
  constructor(readonly inner: DatabaseConnection) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const work = requestWork.getStore();
    if (work?.beforeWrite && mayChange(query)) return this.runAfter(work.beforeWrite(), work, query);
    if (work && writes(query)) work.wrote = true;
    return this.inner.executeQuery<R>(query);
  }

  private async runAfter<R>(
    allowed: Promise<void>,
    work: RequestWork,
    query: CompiledQuery,
  ): Promise<QueryResult<R>> {
    await allowed;
    if (writes(query)) work.wrote = true;
    return this.inner.executeQuery<R>(query);
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

const unwrap = (connection: DatabaseConnection) =>
  connection instanceof WatchedConnection ? connection.inner : connection;

class GuardedDriver implements Driver {
  readonly waits = new ConnectionWaits();
  constructor(private readonly inner: Driver) {
    if (inner.savepoint)
      this.savepoint = (c, name, compile) => inner.savepoint?.(unwrap(c), name, compile) as Promise<void>;
    if (inner.rollbackToSavepoint) {
      this.rollbackToSavepoint = (c, name, compile) =>
        inner.rollbackToSavepoint?.(unwrap(c), name, compile) as Promise<void>;
    }
    if (inner.releaseSavepoint) {
      this.releaseSavepoint = (c, name, compile) =>
        inner.releaseSavepoint?.(unwrap(c), name, compile) as Promise<void>;
    }
  }

  savepoint?: Driver['savepoint'];
  rollbackToSavepoint?: Driver['rollbackToSavepoint'];
  releaseSavepoint?: Driver['releaseSavepoint'];

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const work = requestWork.getStore();
    // Before this query's own connection: a read riding with it joins the same batch.
    work?.readWithFirstQuery?.();
    const served = this.waits.start();
    let connection: DatabaseConnection;
    try {
      connection = await this.inner.acquireConnection();
    } finally {
      served();
    }
    // Checked once the connection is ours: the wait is where a client gives up.
    if (work && !work.wrote && work.clientGone()) {
      await this.inner.releaseConnection(connection);
      throw new ClientGoneError();
    }
    return new WatchedConnection(connection);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await requestWork.getStore()?.beforeWrite?.();
    return this.inner.beginTransaction(unwrap(connection), settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(unwrap(connection));
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(unwrap(connection));
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(unwrap(connection));
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** `dialect` with its driver guarded; `queue` tells how many queries wait for a connection, and how long. */
export function guardedDialect(dialect: Dialect): { dialect: Dialect; queue: ConnectionQueue } {
  let driver: GuardedDriver | null = null;
  return {
    dialect: {
      createAdapter: () => dialect.createAdapter(),
      createDriver: () => {
        driver = new GuardedDriver(dialect.createDriver());
        return driver;
      },
      createQueryCompiler: () => dialect.createQueryCompiler(),
      createIntrospector: (db) => dialect.createIntrospector(db),
    },
    queue: { waiting: () => driver?.waits.count ?? 0, oldestWaitMs: () => driver?.waits.oldestMs() ?? 0 },
  };
}
