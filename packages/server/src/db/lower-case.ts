/**
 * Lower case for every letter on both databases. SQLite's built-in lower() folds ASCII only, so
 * `lower(title) LIKE '%ärger%'` would miss "Ärger" there while PostgreSQL (UTF-8) finds it. Queries
 * therefore lower text with `ordo_lower`: each SQLite connection registers it (database.ts), and on
 * PostgreSQL it is a SQL function over lower() (migration 0069), which the planner inlines.
 *
 * On SQLite, queries only, never the schema (SQLite refuses it there: `directOnly`): an index,
 * trigger or view over `ordo_lower` could not be read by a connection without it (the sqlite3
 * shell, a backup tool). SQLite's lower() stays the built-in one, so the expression indexes on
 * lower(email) and lower(username) keep their keys.
 */
import type SQLite from 'better-sqlite3';
import { type Expression, type RawBuilder, sql } from 'kysely';

/** The two letters JavaScript's (full) lower-case mapping writes otherwise than PostgreSQL's. */
const MAPPED_OTHERWISE = /[\u0130\u03a3]/;

/**
 * Lower case one character at a time, as PostgreSQL's lower() on a UTF-8 database: JavaScript
 * writes `İ` as `i` plus a combining dot and a word's last `Σ` as `ς`; PostgreSQL writes `i` and
 * `σ`. Compared with PostgreSQL 15 (C.UTF-8) over every code point, the two differ only on
 * letters newer than its Unicode tables.
 */
export function lowerAsPostgres(text: string): string {
  // Tested first: most text has neither letter, and replacing costs more than testing.
  const simple = MAPPED_OTHERWISE.test(text)
    ? text.replace(/\u0130/g, 'i').replace(/\u03a3/g, '\u03c3')
    : text;
  return simple.toLowerCase();
}

/**
 * Registers `ordo_lower` on a SQLite connection. Deterministic, so SQLite works out
 * `ordo_lower(?)` once per statement instead of once per row. NULL stays NULL; a number or blob
 * is left as it is (LIKE reads it as text, as it would read the built-in lower()'s answer).
 */
export function registerLowerCase(sqlite: SQLite.Database): void {
  sqlite.function('ordo_lower', { deterministic: true, directOnly: true }, (value: unknown) =>
    typeof value === 'string' ? lowerAsPostgres(value) : value,
  );
}

/** `expr` in lower case, every letter of it, on either database. */
export function lowerCase(expr: Expression<unknown>): RawBuilder<string> {
  return sql<string>`ordo_lower(${expr})`;
}
