/**
 * Migration 0061: on PostgreSQL every date column compares byte by byte (collation "C"), keeping
 * its rows, and filters and orders on dates answer as before. Always on PostgreSQL: on SQLite
 * the migration does nothing (its text already compares bytewise).
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { migrateTo, migrateToLatest } from '../src/db/migrate.js';
import { createEmptyDatabase } from './support/test-app.js';

describe('migration 0061 (dates compare bytewise on PostgreSQL)', () => {
  it('moves every date column to collation "C", keeps the tasks and answers date filters as before', async () => {
    const empty = await createEmptyDatabase('postgres');
    const db = openDatabase(loadConfig({ DATABASE_URL: empty.url, ORDO_DATA_DIR: empty.dataDir }).database);
    try {
      await migrateTo(db, '0060-bulk-task-triggers');
      const k = db.kysely;
      const now = '2026-12-01T10:00:00Z';
      await sql`INSERT INTO users (id, username, email, name, password_hash, created, updated)
        VALUES (1, 'owner', 'owner@example.com', '', '', ${now}, ${now})`.execute(k);
      await sql`INSERT INTO projects (id, title, owner_id, created, updated)
        VALUES (1, 'P', 1, ${now}, ${now})`.execute(k);
      const due: [number, string | null][] = [
        [1, '2026-12-03T09:00:00Z'],
        [2, '2026-11-30T23:59:59Z'],
        [3, null],
        [4, '2027-01-15T00:00:00Z'],
        [5, '2026-12-03T08:59:59.5Z'],
      ];
      for (const [id, date] of due) {
        await sql`INSERT INTO tasks (id, project_id, title, ${sql.ref('index')}, uid, created_by_id, due_date, created, updated)
          VALUES (${id}, 1, ${`T${id}`}, ${id}, ${`uid-${id}`}, 1, ${date}, ${now}, ${now})`.execute(k);
      }
      const dueWithinAMonth = async () =>
        (
          await sql<{ id: number }>`SELECT id FROM tasks
            WHERE due_date >= ${'2026-12-01T00:00:00Z'} AND due_date < ${'2027-01-01T00:00:00Z'}
            ORDER BY due_date`.execute(k)
        ).rows.map((r) => r.id);
      expect(await dueWithinAMonth()).toEqual([5, 1]);

      await migrateToLatest(db);

      const dateColumns = await sql<{ column: string; collation: string | null }>`
        SELECT table_name || '.' || column_name AS column, collation_name AS collation
        FROM information_schema.columns
        WHERE table_schema = current_schema() AND data_type = 'character varying'
          AND character_maximum_length = 30`.execute(k);
      expect(dateColumns.rows.length).toBeGreaterThanOrEqual(68);
      // A date column a later migration adds must say COLLATE "C" too.
      expect(dateColumns.rows.filter((c) => c.collation !== 'C')).toEqual([]);

      const tasks = await sql<{ id: number; due_date: string | null }>`
        SELECT id, due_date FROM tasks ORDER BY id`.execute(k);
      expect(tasks.rows).toEqual(due.map(([id, date]) => ({ id, due_date: date })));
      expect(await dueWithinAMonth()).toEqual([5, 1]);
      // The date index is rebuilt for the new collation, so a range on it can still use it.
      const indexCollations = await sql<{ collation: string }>`
        SELECT coll.collname AS collation
        FROM pg_index i
        JOIN pg_class ix ON ix.oid = i.indexrelid
        JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]
        JOIN pg_collation coll ON coll.oid = i.indcollation[0]
        WHERE i.indrelid = 'tasks'::regclass AND a.attname = 'due_date'`.execute(k);
      expect(indexCollations.rows.length).toBeGreaterThan(0);
      expect(new Set(indexCollations.rows.map((r) => r.collation))).toEqual(new Set(['C']));
    } finally {
      await db.close();
      await empty.drop();
    }
  });
});
