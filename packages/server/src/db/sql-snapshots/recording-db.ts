/**
 * A database that runs nothing: every statement a repository sends is compiled by Kysely's own
 * compiler for the dialect (SQLite or PostgreSQL) and recorded, and answers the rows queued for
 * it, else none. The SQL snapshots (scripts/sql-snapshots.mjs) call each repository method on one.
 */
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  type Dialect as KyselyDialect,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import type { Db, Dialect } from '../database.js';
import { postgresPlaceholders } from '../prepared.js';
import { readOneByOne } from '../read-batch.js';
import type { Database } from '../schema.js';

/** One statement as it would reach the database. */
export interface RecordedStatement {
  sql: string;
}

export class StatementRecorder {
  readonly statements: RecordedStatement[] = [];
  private readonly queued: Record<string, unknown>[][] = [];

  /** The rows the next statements answer, one list per statement, in order. */
  answer(results: readonly Record<string, unknown>[][]): void {
    this.queued.push(...results.map((rows) => [...rows]));
  }

  record(sql: string): QueryResult<unknown> {
    this.statements.push({ sql });
    return { rows: this.queued.shift() ?? [], numAffectedRows: 0n };
  }

  /** A transaction's begin or end: recorded, answering no rows (queued rows wait for statements). */
  mark(sql: string): void {
    this.statements.push({ sql });
  }

  /** Forgets what was recorded and queued. */
  reset(): void {
    this.statements.length = 0;
    this.queued.length = 0;
  }
}

class RecordingDriver implements Driver {
  constructor(private readonly recorder: StatementRecorder) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const recorder = this.recorder;
    return {
      async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
        return recorder.record(query.sql) as QueryResult<R>;
      },
      // biome-ignore lint/correctness/useYield: no rows to stream
      async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
        return;
      },
    };
  }

  async beginTransaction(): Promise<void> {
    this.recorder.mark('begin');
  }

  async commitTransaction(): Promise<void> {
    this.recorder.mark('commit');
  }

  async rollbackTransaction(): Promise<void> {
    this.recorder.mark('rollback');
  }

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {}
}

function recordingDialect(dialect: Dialect, recorder: StatementRecorder): KyselyDialect {
  const sqlite = dialect === 'sqlite';
  return {
    createAdapter: () => (sqlite ? new SqliteAdapter() : new PostgresAdapter()),
    createDriver: () => new RecordingDriver(recorder),
    createQueryCompiler: () => (sqlite ? new SqliteQueryCompiler() : new PostgresQueryCompiler()),
    createIntrospector: (db) => (sqlite ? new SqliteIntrospector(db) : new PostgresIntrospector(db)),
  };
}

/** A `Db` whose Kysely instance and prepared statements record instead of running. */
export function recordingDb(dialect: Dialect, recorder: StatementRecorder): Db {
  const kysely = new Kysely<Database>({ dialect: recordingDialect(dialect, recorder) });
  const unused = () => {
    throw new Error('not available on the recording database');
  };
  return {
    kysely,
    dialect,
    readTogether: readOneByOne,
    poolStats: () => null,
    prepare: <Row>(text: string) => {
      const sent = dialect === 'postgres' ? postgresPlaceholders(text) : text;
      return async () => recorder.record(sent).rows[0] as Row | undefined;
    },
    keepStatistics: unused,
    refreshStatistics: unused,
    waitingForConnection: () => 0,
    longestConnectionWaitMs: () => 0,
    close: async () => kysely.destroy(),
  };
}
