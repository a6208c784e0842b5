/**
 * A search for `#12` looks tasks up by their per-project index across every project in scope.
 * The unique (project_id, index) index cannot answer that without a project, so searches read
 * the whole index; this one answers it directly (on both databases).
 */
import type { Kysely } from 'kysely';

export function taskIndexLookup() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('tasks_index').on('tasks').column('index').execute();
    },
  };
}
