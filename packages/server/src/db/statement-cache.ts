/**
 * Kysely's SQLite driver prepares every query again on each call; compiling the SQL is a large
 * share of a cheap query's cost (a kanban board runs about twenty). This hands the driver
 * better-sqlite3 statements kept by SQL text, the most recently used few hundred of them.
 * Reusing a statement is safe because the driver runs one query at a time to completion; nothing
 * here streams (a statement being iterated could not run again until the iteration ends).
 */
import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

const DEFAULT_SIZE = 500;

export function withStatementCache(sqlite: SQLite.Database, size = DEFAULT_SIZE): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      statements.clear();
      sqlite.close();
    },
    prepare(text: string) {
      let statement = statements.get(text);
      if (statement) {
        // Map keeps insertion order: re-inserting marks it as the most recently used.
        statements.delete(text);
      } else {
        statement = sqlite.prepare(text);
        if (statements.size >= size) statements.delete(statements.keys().next().value as string);
      }
      statements.set(text, statement);
      return statement;
    },
  };
}
