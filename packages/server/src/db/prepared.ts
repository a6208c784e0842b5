/**
 * Prepared statements for the few queries on every request's hot path (session check). Kysely
 * re-prepares each statement per call; here SQLite keeps one compiled better-sqlite3 statement and
 * PostgreSQL gets a named statement whose plan each connection keeps. Write SQL with `?`
 * placeholders; they become `$1…` on PostgreSQL. Bound parameters only.
 */
import type SQLite from 'better-sqlite3';
import type pg from 'pg';

/** Runs the statement and answers its first row, or undefined. */
export type PreparedQuery<Row> = (params: readonly unknown[]) => Promise<Row | undefined>;

let counter = 0;

export function prepareSqlite<Row>(sqlite: SQLite.Database, text: string): PreparedQuery<Row> {
  let statement: SQLite.Statement | null = null;
  return async (params) => {
    statement ??= sqlite.prepare(text);
    const bound = params.map((p) => (typeof p === 'boolean' ? (p ? 1 : 0) : p));
    return statement.get(...bound) as Row | undefined;
  };
}

/** The statement's `?` placeholders as PostgreSQL numbers them (`$1…`). */
export function postgresPlaceholders(text: string): string {
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
}

export function preparePostgres<Row>(pool: pg.Pool, text: string): PreparedQuery<Row> {
  const pgText = postgresPlaceholders(text);
  const name = `ordo_prepared_${++counter}`;
  return async (params) =>
    (await pool.query({ name, text: pgText, values: params as unknown[] })).rows[0] as Row | undefined;
}
