/** SQL for reading a project's tasks a page at a time, so exports of large projects stream. */
import type { Kysely } from 'kysely';
import type { Database, TaskRow } from '../../db/schema.js';

/** Up to `limit` of the project's tasks with an id above `afterId`, by id (keyset paging). */
export function projectTasksAfter(
  db: Kysely<Database>,
  projectId: number,
  afterId: number,
  limit: number,
): Promise<TaskRow[]> {
  return db
    .selectFrom('tasks')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}
