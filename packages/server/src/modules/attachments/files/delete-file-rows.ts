/** SQL removing stored files' rows; what points at them follows the foreign keys. */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';

/** Deletes the file rows with these ids; no query for an empty list. */
export async function deleteFileRows(db: Kysely<Database>, fileIds: readonly number[]): Promise<void> {
  if (fileIds.length === 0) return;
  await db
    .deleteFrom('files')
    .where('id', 'in', [...fileIds])
    .execute();
}
