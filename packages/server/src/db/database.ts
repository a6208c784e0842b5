/**
 * Opens the database named by the configuration: SQLite through better-sqlite3 (WAL, foreign
 * keys on) or PostgreSQL through pg. Everything above this file speaks Kysely only.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import { queryMetricsLog, timedPrepared } from '../modules/metrics/db-metrics.js';
import { timePoolWaits } from './connection-waits.js';
import { guardedDialect } from './guarded-dialect.js';
import { registerLowerCase } from './lower-case.js';
import {
  keepSqliteStatistics,
  refreshSqliteStatistics,
  type StatisticsUpkeep,
} from './planner-statistics.js';
import { type PreparedQuery, preparePostgres, prepareSqlite } from './prepared.js';
import { GatheringPool, type ReadTogether, readOneByOne } from './read-batch.js';
import type { Database } from './schema.js';
import { withStatementCache } from './statement-cache.js';
import { namingClient, StatementNames } from './statement-names.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** Reads that start together go to the database together; see read-batch.ts. */
  readTogether: ReadTogether;
  /** A prepared statement for a hot read path; see prepared.ts. */
  prepare<Row>(text: string): PreparedQuery<Row>;
  /** Starts keeping the query planner's statistics (after migrations; see planner-statistics.ts). */
  keepStatistics(): void;
  /** Brings the planner's statistics (and PostgreSQL's visibility map) up to date now, after a bulk load. */
  refreshStatistics(): Promise<void>;
  /** Queries of this process waiting for a database connection now (the load shedding reads it). */
  waitingForConnection(): number;
  /** How long the longest-waiting of them has waited, in ms (the load shedding reads it). */
  longestConnectionWaitMs(): number;
  /** PostgreSQL's pool: its clients, the idle ones and the requests waiting for one (null on SQLite). */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  close(): Promise<void>;
}

// COUNT(*) and BIGINT come back as strings from pg by default; our ids and counts fit in a double.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

/**
 * `queryMetrics` counts and times every query for /metrics (modules/metrics/db-metrics.ts); it
 * is left off when no one may read the metrics, as it costs every query a little. `poolSize` is
 * PostgreSQL's most connections (a worker thread with one job needs few).
 */
export function openDatabase(config: DatabaseConfig, { queryMetrics = false, poolSize = 10 } = {}): Db {
  if (config.kind === 'sqlite') {
    if (config.file !== ':memory:') mkdirSync(dirname(config.file), { recursive: true });
    const sqlite = new SQLite(config.file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('busy_timeout = 5000');
    registerLowerCase(sqlite);
    // The statement cache also binds booleans as 1/0 (better-sqlite3 cannot bind them).
    const guarded = guardedDialect(new SqliteDialect({ database: withStatementCache(sqlite) }));
    const kysely = new Kysely<Database>({
      dialect: guarded.dialect,
      ...(queryMetrics ? { log: queryMetricsLog('sqlite') } : {}),
    });
    let statistics: StatisticsUpkeep | null = null;
    return {
      kysely,
      dialect: 'sqlite',
      readTogether: readOneByOne,
      prepare: <Row>(text: string) => {
        const query = prepareSqlite<Row>(sqlite, text);
        return queryMetrics ? timedPrepared('sqlite', query) : query;
      },
      keepStatistics() {
        statistics ??= keepSqliteStatistics(sqlite);
      },
      async refreshStatistics() {
        refreshSqliteStatistics(sqlite);
      },
      waitingForConnection: guarded.queue.waiting,
      longestConnectionWaitMs: guarded.queue.oldestWaitMs,
      poolStats: () => null,
      close: async () => {
        statistics?.stop();
        await kysely.destroy();
      },
    };
  }
  // Pipeline mode lets a read batch send its queries at once (read-batch.ts); pg's types lag it.
  const pool = new pg.Pool({ connectionString: config.url, max: poolSize, pipeline: true } as pg.PoolConfig);
  // An idle client can be cut off by the server (restart, failover, a dropped database). pg emits
  // that on the pool; without a listener it would crash the process. The pool replaces the client.
  pool.on('error', (error) => {
    process.emitWarning(`PostgreSQL idle client error: ${error.message}`);
  });
  const poolWaits = timePoolWaits(pool);
  const gathering = new GatheringPool(pool, namingClient(new StatementNames()));
  const guarded = guardedDialect(new PostgresDialect({ pool: gathering }));
  const kysely = new Kysely<Database>({
    dialect: guarded.dialect,
    ...(queryMetrics ? { log: queryMetricsLog('postgres') } : {}),
  });
  return {
    kysely,
    dialect: 'postgres',
    readTogether: gathering.together,
    prepare: <Row>(text: string) => {
      const query = preparePostgres<Row>(pool, text);
      return queryMetrics ? timedPrepared('postgres', query) : query;
    },
    keepStatistics() {},
    async refreshStatistics() {
      // VACUUM too: it marks the loaded pages all-visible, so the search index is read index-only
      // at once instead of after autovacuum's turn (reading each match's heap page meanwhile).
      await sql`VACUUM ANALYZE`.execute(kysely);
    },
    // The prepared hot reads (prepared.ts) wait in the pool's own queue, beside Kysely's.
    waitingForConnection: () => Math.max(guarded.queue.waiting(), pool.waitingCount),
    longestConnectionWaitMs: () => Math.max(guarded.queue.oldestWaitMs(), poolWaits.oldestMs()),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => kysely.destroy(),
  };
}
