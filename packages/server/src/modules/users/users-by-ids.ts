/** SQL for the users behind a list of ids (share creators, team members, project owners). */
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.js';

/** The users with these ids, each once; no query for an empty list. */
export function selectUsersByIds(db: Kysely<Database>, ids: readonly number[]): Promise<UserRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute();
}
