/**
 * Migration 0063: the List views of saved filters made before it lose the `done = false` filter
 * a project's List view has, so a filter's done tasks show there; other views are left alone.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { migrateTo, migrateToLatest } from '../src/db/migrate.js';
import { createEmptyDatabase, testDialect } from './support/test-app.js';

const AS_MADE =
  '{"s":"","sort_by":null,"order_by":null,"filter":"done = false","filter_include_nulls":false}';
const SET_BY_HAND =
  '{"s":"","sort_by":null,"order_by":null,"filter":"done = false && priority >= 3","filter_include_nulls":false}';

describe('migration 0063 (a saved filter’s List view shows done tasks)', () => {
  it('clears the made-with filter of saved filters’ List views only', async () => {
    const empty = await createEmptyDatabase(testDialect);
    const db = openDatabase(loadConfig({ DATABASE_URL: empty.url, ORDO_DATA_DIR: empty.dataDir }).database);
    try {
      await migrateTo(db, '0062-project-list-versions');
      const now = new Date().toISOString();
      const k = db.kysely;
      await sql`INSERT INTO users (id, username, email, name, password_hash, created, updated)
        VALUES (1, 'owner', 'owner@example.com', '', '', ${now}, ${now})`.execute(k);
      await sql`INSERT INTO projects (id, title, owner_id, created, updated)
        VALUES (1, 'Project', 1, ${now}, ${now})`.execute(k);
      // View id → [project, kind, filter]: a project's List view, two saved filters' List
      // views (one as made, one set by hand) and a saved filter's Table view.
      const views: [number, number, string, string | null][] = [
        [1, 1, 'list', AS_MADE],
        [2, -2, 'list', AS_MADE],
        [3, -3, 'list', SET_BY_HAND],
        [4, -2, 'table', AS_MADE],
      ];
      for (const [id, project, kind, filter] of views) {
        await sql`INSERT INTO project_views (id, project_id, title, view_kind, filter, position, created, updated)
          VALUES (${id}, ${project}, ${kind}, ${kind}, ${filter}, 100, ${now}, ${now})`.execute(k);
      }

      await migrateToLatest(db);
      const { rows } = await sql<{ id: number; filter: string | null }>`SELECT id, filter
        FROM project_views ORDER BY id`.execute(k);
      expect(rows.map((r) => [Number(r.id), r.filter])).toEqual([
        [1, AS_MADE],
        [2, null],
        [3, SET_BY_HAND],
        [4, AS_MADE],
      ]);
    } finally {
      await db.close();
      await empty.drop();
    }
  });
});
