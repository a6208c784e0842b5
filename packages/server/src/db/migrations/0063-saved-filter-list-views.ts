/**
 * A saved filter's List view shows done tasks too (reference §4.13): its own filter says which
 * tasks it holds. Saved filters were made with a project's List view, which hides done tasks
 * (`done = false`), so a filter for `done = true` listed nothing there. This takes that filter off
 * the List views of saved filters (their pseudo projects have ids from -2 down) that still have
 * it exactly as made; a view filter someone set themselves is left as it is.
 */
import { type Kysely, sql } from 'kysely';

/** The List view filter as every view was made with it (views/defaults.ts at this migration). */
const AS_MADE = JSON.stringify({
  s: '',
  sort_by: null,
  order_by: null,
  filter: 'done = false',
  filter_include_nulls: false,
});

export function savedFilterListViews() {
  return {
    async up(db: Kysely<unknown>) {
      await sql`UPDATE project_views SET filter = NULL
        WHERE project_id <= -2 AND view_kind = 'list' AND filter = ${AS_MADE}`.execute(db);
    },
  };
}
