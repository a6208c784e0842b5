/** The SQL an import needs beyond the other areas' repos. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export class ImportRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** The user's own label of that title and colour, to reuse instead of making a twin. */
  async ownLabel(userId: number, title: string, hexColor: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('labels')
      .select('id')
      .where('created_by_id', '=', userId)
      .where('title', '=', title)
      .where('hex_color', '=', hexColor)
      .orderBy('id')
      .executeTakeFirst();
    return row?.id;
  }

  /** Removes a new kanban view's seeded buckets (still empty) before the imported ones go in. */
  async deleteBucketsOfView(viewId: number): Promise<void> {
    await this.db.deleteFrom('buckets').where('project_view_id', '=', viewId).execute();
  }

  /** Bucket limits are set once the tasks are in, so placing them never hits a limit. */
  async setBucketLimit(bucketId: number, limit: number): Promise<void> {
    await this.db.updateTable('buckets').set({ limit }).where('id', '=', bucketId).execute();
  }
}
