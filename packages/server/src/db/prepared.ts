/**
 * Prepared statements for the few queries on every request's hot path (session check). Kysely
 * re-prepares each statement per call; here SQLite keeps one compiled better-sqlite3 statement and
 * PostgreSQL gets a named statement whose plan each connection keeps. Write SQL with `?`
 * placeholders; they become `$1…` on PostgreSQL. Bound parameters only.
 */
import type SQLite from 'better-sqlite3';
import type pg from 'pg';
import { ShapedQuery } from './shaped-query.js';

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
  // pool.query takes a Submittable as it takes a query's configuration, and answers its result
  // (pg's types say it answers the query): a ShapedQuery builds the row as shaped-query.ts says.
  return async (params) => {
    const result = (await (pool.query(new ShapedQuery(pgText, params, name)) as unknown)) as pg.QueryResult;
    return result.rows[0] as Row | undefined;
  };
}
