/** SQL for how many tasks sit in a bucket, which bucket limits are checked against. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Tasks in the bucket, from the trigger-kept counter (migration 0010). */
export async function bucketTaskCount(db: Kysely<Database>, bucketId: number): Promise<number> {
  const row = await db
    .selectFrom('bucket_task_counts')
    .select('task_count')
    .where('bucket_id', '=', bucketId)
    .executeTakeFirst();
  return Number(row?.task_count ?? 0);
}
