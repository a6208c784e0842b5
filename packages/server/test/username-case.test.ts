/**
 * Migration 0037: accounts made before usernames were unique regardless of case keep working;
 * the oldest keeps its name and each later one gets "-<id>".
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { migrateTo, migrateToLatest } from '../src/db/migrate.js';
import { createEmptyDatabase, testDialect } from './support/test-app.js';

describe('migration 0037 (usernames regardless of case)', () => {
  it('renames the later of names that differ only in case, then refuses a new clash', async () => {
    const empty = await createEmptyDatabase(testDialect);
    const db = openDatabase(loadConfig({ DATABASE_URL: empty.url, ORDO_DATA_DIR: empty.dataDir }).database);
    try {
      await migrateTo(db, '0034-sqlite-search-postings');
      const now = new Date().toISOString();
      for (const username of ['Case1048', 'case1048', 'CASE1048', 'case1048-3', 'solo']) {
        await sql`INSERT INTO users (username, email, name, password_hash, created, updated)
          VALUES (${username}, ${`${username}@example.com`}, '', '', ${now}, ${now})`.execute(db.kysely);
      }
      await migrateToLatest(db);
      const { rows } = await sql<{ id: number; username: string }>`SELECT id, username FROM users
        ORDER BY id`.execute(db.kysely);
      // case1048-3 was taken already, so the third account gets a further suffix.
      expect(rows.map((r) => r.username)).toEqual([
        'Case1048',
        'case1048-2',
        'CASE1048-3-1',
        'case1048-3',
        'solo',
      ]);
      await expect(
        sql`INSERT INTO users (username, email, name, password_hash, created, updated)
          VALUES ('SOLO', 'x@example.com', '', '', ${now}, ${now})`.execute(db.kysely),
      ).rejects.toThrow(/unique/i);
    } finally {
      await db.close();
      await empty.drop();
    }
  });
});
