/**
 * Kysely's SQLite driver prepares every query again on each call; compiling the SQL is a large
 * share of a cheap query's cost (a kanban board runs about twenty). This hands the driver
 * better-sqlite3 statements kept by SQL text, the most recently used few hundred of them.
 * Reusing a statement is safe because the driver runs one query at a time to completion; nothing
 * here streams (a statement being iterated could not run again until the iteration ends).
 *
 * The statements handed out also do two things cheaper than the layers above would:
 * - better-sqlite3 cannot bind JavaScript booleans; they become 1/0 as they are bound, so services
 *   write `done: true` on both databases. (A Kysely plugin rebuilt every query's tree to find them:
 *   about 5% of a board request's CPU.)
 * - better-sqlite3 builds each result row one property at a time, which was the largest single cost
 *   of a task list (about 3.7 µs per 20-column task row). Rows are read as arrays instead and turned
 *   into objects by a function made once per statement from its column names: half the cost.
 * - Kysely opens a transaction with a plain `begin`, which takes the write lock only at the first
 *   write. Another process (ORDO_WORKERS) may have written in between; SQLite then refuses the
 *   upgrade at once with SQLITE_BUSY, without waiting. `begin immediate` takes the lock up front
 *   and waits for it (busy_timeout) instead. Our transactions are there to write.
 */
import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

const DEFAULT_SIZE = 500;

/** Statements that change the schema: cached statements may then name other columns. */
const SCHEMA_CHANGE = /^\s*(create|alter|drop)\s/i;

type Row = Record<string, unknown>;

function bindable(params: readonly unknown[]): readonly unknown[] {
  for (const p of params) {
    if (typeof p === 'boolean') return params.map((v) => (typeof v === 'boolean' ? (v ? 1 : 0) : v));
  }
  return params;
}

/**
 * `(values) => ({ name0: values[0], … })` for these column names: the same object better-sqlite3
 * would build (a later column of the same name wins), made with a literal so V8 builds it at once.
 * Names are quoted with JSON.stringify. A `__proto__` key in a literal would set the prototype, so
 * such rows are built property by property instead.
 */
function rowMaker(names: string[]): (values: unknown[]) => Row {
  if (names.includes('__proto__')) {
    return (values) => {
      const row: Row = {};
      names.forEach((name, i) => {
        Object.defineProperty(row, name, {
          value: values[i],
          enumerable: true,
          writable: true,
          configurable: true,
        });
      });
      return row;
    };
  }
  const fields = names.map((name, i) => `${JSON.stringify(name)}: values[${i}]`).join(', ');
  return new Function('values', `return { ${fields} };`) as (values: unknown[]) => Row;
}

function cachedStatement(statement: SQLite.Statement): SqliteStatement {
  const run = (params: readonly unknown[]) => statement.run(...bindable(params));
  const iterate = (params: readonly unknown[]) => statement.iterate(...bindable(params));
  if (!statement.reader) {
    return { reader: false, all: (params) => statement.all(...bindable(params)), run, iterate };
  }
  let width = -1;
  let make: (values: unknown[]) => Row = () => ({});
  const readColumns = () => {
    const names = statement.columns().map((c) => c.name);
    width = names.length;
    make = rowMaker(names);
  };
  return {
    reader: true,
    run,
    iterate,
    all(params) {
      if (width < 0) readColumns();
      statement.raw(true);
      let rows: unknown[][];
      try {
        rows = statement.all(...bindable(params)) as unknown[][];
      } finally {
        statement.raw(false);
      }
      // SQLite re-prepares a statement whose tables changed: its columns are read again.
      if (rows.length > 0 && rows[0].length !== width) readColumns();
      const objects: Row[] = new Array(rows.length);
      for (let i = 0; i < rows.length; i++) objects[i] = make(rows[i]);
      return objects;
    },
  };
}

export function withStatementCache(sqlite: SQLite.Database, size = DEFAULT_SIZE): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => {
      statements.clear();
      sqlite.close();
    },
    prepare(sqlText: string) {
      const text = sqlText === 'begin' ? 'begin immediate' : sqlText;
      if (SCHEMA_CHANGE.test(text)) statements.clear();
      let statement = statements.get(text);
      if (statement) {
        // Map keeps insertion order: re-inserting marks it as the most recently used.
        statements.delete(text);
      } else {
        statement = cachedStatement(sqlite.prepare(text));
        if (statements.size >= size) statements.delete(statements.keys().next().value as string);
      }
      statements.set(text, statement);
      return statement;
    },
  };
}
