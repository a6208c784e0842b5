/** SQL for the uids of tasks, which CalDAV and the CSV export name related tasks by. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The uid of each of these tasks, by task id; no query for an empty list. */
export async function taskUidsById(
  db: Kysely<Database>,
  taskIds: readonly number[],
): Promise<Map<number, string>> {
  if (taskIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('tasks')
    .select(['id', 'uid'])
    .where('id', 'in', [...taskIds])
    .execute();
  return new Map(rows.map((r) => [r.id, r.uid]));
}
