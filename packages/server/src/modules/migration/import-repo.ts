/** The SQL an import needs beyond the other areas' repos. */
import { type Insertable, type Kysely, sql } from 'kysely';
// The trigger's own rule for cutting text into words (migration 0028), so both cut alike.
import { MAX_TERM_LENGTH, postgresTerms } from '../../db/migrations/0028-search-terms.js';
import type { Database, TaskCommentsTable, TasksTable } from '../../db/schema.js';

const COMMENTS_PER_INSERT = 500;

export class ImportRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** A page of a project's task ids (a rollback deletes them a page at a time). */
  async taskIdsOfProject(projectId: number, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('tasks')
      .select('id')
      .where('project_id', '=', projectId)
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }

  async projectExists(projectId: number): Promise<boolean> {
    return (
      (await this.db.selectFrom('projects').select('id').where('id', '=', projectId).executeTakeFirst()) !==
      undefined
    );
  }

  async deleteTasks(ids: readonly number[]): Promise<void> {
    await this.db.deleteFrom('tasks').where('id', 'in', ids).execute();
  }

  async deleteBuckets(ids: readonly number[]): Promise<void> {
    await this.db.deleteFrom('buckets').where('id', 'in', ids).execute();
  }

  /** These labels, those the user made. */
  async deleteLabels(userId: number, ids: readonly number[]): Promise<void> {
    await this.db.deleteFrom('labels').where('id', 'in', ids).where('created_by_id', '=', userId).execute();
  }

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

  /**
   * PostgreSQL: the words of these texts into the search vocabulary, as the tasks' trigger cuts
   * them (migrations 0028, 0052), in one statement committed on its own. Words already there are left.
   */
  async addSearchTerms(texts: readonly string[]): Promise<void> {
    if (texts.length === 0) return;
    await sql`INSERT INTO search_terms(term)
      SELECT DISTINCT t FROM unnest(${[...texts]}::text[]) AS s(text), ${sql.raw(postgresTerms('s.text'))} AS t
      WHERE t <> '' AND length(t) <= ${sql.raw(String(MAX_TERM_LENGTH))} ORDER BY 1
      ON CONFLICT (term) DO NOTHING`.execute(this.db);
  }

  /** Inserts tasks in one statement; answers each one's new id by its uid. */
  async insertTasks(rows: Insertable<TasksTable>[]): Promise<Map<string, number>> {
    if (rows.length === 0) return new Map();
    const out = await this.db.insertInto('tasks').values(rows).returning(['id', 'uid']).execute();
    return new Map(out.map((r) => [r.uid, r.id]));
  }

  /** Comments with the dates they were written, a few hundred a statement (bound parameters are limited). */
  async insertComments(rows: Insertable<TaskCommentsTable>[]): Promise<void> {
    for (let i = 0; i < rows.length; i += COMMENTS_PER_INSERT) {
      await this.db
        .insertInto('task_comments')
        .values(rows.slice(i, i + COMMENTS_PER_INSERT))
        .execute();
    }
  }

  async insertPositions(rows: { task_id: number; project_view_id: number; position: number }[]) {
    if (rows.length > 0) await this.db.insertInto('task_positions').values(rows).execute();
  }

  async insertTaskBuckets(rows: { task_id: number; project_view_id: number; bucket_id: number }[]) {
    if (rows.length > 0) await this.db.insertInto('task_buckets').values(rows).execute();
  }

  /** Tasks put into a done bucket become done, as a task moved there in the app does. */
  async markDone(taskIds: number[], at: string): Promise<void> {
    if (taskIds.length === 0) return;
    await this.db.updateTable('tasks').set({ done: true, done_at: at }).where('id', 'in', taskIds).execute();
  }
}
