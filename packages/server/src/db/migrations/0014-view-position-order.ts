/**
 * A view's list is ordered by position, then task id. The (view, position) index gave the first
 * key only, so SQLite sorted every run of the page's rows by id in a temporary B-tree. With the
 * task id in the index the whole order comes from it, and the index covers the position lookup.
 */
import type { Kysely } from 'kysely';

export function viewPositionOrder() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('task_positions_view_order')
        .on('task_positions')
        .columns(['project_view_id', 'position', 'task_id'])
        .execute();
      await db.schema.dropIndex('task_positions_view').execute();
    },
  };
}
