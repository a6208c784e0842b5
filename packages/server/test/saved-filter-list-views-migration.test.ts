/**
 * Migration 0063: the List views of saved filters made before it lose the `done = false` filter
 * a project's List view has, so a filter's done tasks show there; other views are left alone.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.js';
import { beforeMigration } from './support/before-migration.js';

const AS_MADE =
  '{"s":"","sort_by":null,"order_by":null,"filter":"done = false","filter_include_nulls":false}';
const SET_BY_HAND =
  '{"s":"","sort_by":null,"order_by":null,"filter":"done = false && priority >= 3","filter_include_nulls":false}';

describe('migration 0063 (a saved filter’s List view shows done tasks)', () => {
  it('clears the made-with filter of saved filters’ List views only', async () => {
    await beforeMigration('0062-project-list-versions', async (db, now) => {
      const k = db.kysely;
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
    });
  });
});
