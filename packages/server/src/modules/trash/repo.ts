/** SQL for trash entries (migrations 0053–0054) and the stored files they hold. */
import type { Expression, Insertable, Kysely } from 'kysely';
import { idChunks } from '../../db/id-chunks.js';
import type { Database, TrashTable } from '../../db/schema.js';

export class TrashRepo {
  constructor(private readonly db: Kysely<Database>) {}

  with(db: Kysely<Database>): TrashRepo {
    return new TrashRepo(db);
  }

  /**
   * Entries of distinct items (one deleted comment or project, or a bulk delete's tasks), a few
   * rows per statement, with the files each holds; the entries are found by their item later.
   */
  async insert(
    entries: readonly { entry: Insertable<TrashTable>; fileIds: readonly number[] }[],
  ): Promise<void> {
    for (const chunk of idChunks(entries, 50)) {
      const rows = await this.db
        .insertInto('trash')
        .values(chunk.map((c) => c.entry))
        .returning(['id', 'kind', 'item_id'])
        .execute();
      const idOf = new Map(rows.map((r) => [`${r.kind}:${r.item_id}`, r.id]));
      const files = chunk.flatMap((c) => {
        const trashId = idOf.get(`${c.entry.kind}:${c.entry.item_id}`);
        return trashId === undefined ? [] : c.fileIds.map((file_id) => ({ trash_id: trashId, file_id }));
      });
      for (const part of idChunks(files, 200)) await this.db.insertInto('trash_files').values(part).execute();
    }
  }

  find(id: number) {
    return this.db.selectFrom('trash').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Entries of the given projects and the deleted projects the user owned or deleted, newest
   * first, without their payloads.
   */
  listFor(userId: number, projectIds: Expression<unknown>, limit: number) {
    return (
      this.db
        .selectFrom('trash')
        .leftJoin('projects', 'projects.id', 'trash.project_id')
        // A comment's task, while it exists.
        .leftJoin('tasks', 'tasks.id', 'trash.task_id')
        .select([
          'trash.id',
          'trash.kind',
          'trash.item_id',
          'trash.task_id',
          'tasks.title as task_title',
          'trash.project_id',
          'projects.title as project_title',
          'trash.title',
          'trash.deleted_by_id',
          'trash.deleted_at',
        ])
        .where((eb) =>
          eb.or([
            eb('trash.project_id', 'in', projectIds as Expression<number>),
            eb.and([
              eb('trash.kind', '=', 'project'),
              eb.or([eb('trash.owner_id', '=', userId), eb('trash.deleted_by_id', '=', userId)]),
            ]),
          ]),
        )
        .orderBy('trash.deleted_at', 'desc')
        .orderBy('trash.id', 'desc')
        .limit(limit)
        .execute()
    );
  }

  /** The stored files held by the entries of these projects. */
  async fileIdsInProjects(projectIds: readonly number[]): Promise<number[]> {
    if (projectIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('trash_files')
      .innerJoin('trash', 'trash.id', 'trash_files.trash_id')
      .select('trash_files.file_id')
      .where('trash.project_id', 'in', [...projectIds])
      .execute();
    return rows.map((r) => r.file_id);
  }

  /** Removes the entry (its file list goes with it; the files are then the sweep's); false when gone. */
  async remove(id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('trash').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** The stored files the entry holds. */
  async fileIdsOf(id: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('trash_files')
      .select('file_id')
      .where('trash_id', '=', id)
      .execute();
    return rows.map((r) => r.file_id);
  }

  /**
   * Removes the entries deleted before `before`; answers how many, and the files they held (read
   * first: their list goes with them). No entry deleted before `before` can arrive in between.
   */
  async removeBefore(before: string): Promise<{ removed: number; fileIds: number[] }> {
    const files = await this.db
      .selectFrom('trash_files')
      .innerJoin('trash', 'trash.id', 'trash_files.trash_id')
      .select('trash_files.file_id')
      .where('trash.deleted_at', '<', before)
      .execute();
    const result = await this.db.deleteFrom('trash').where('deleted_at', '<', before).executeTakeFirst();
    return { removed: Number(result.numDeletedRows), fileIds: files.map((r) => r.file_id) };
  }
}
