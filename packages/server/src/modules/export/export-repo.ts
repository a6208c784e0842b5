/** The `user_exports` rows (migration 0021): a user's finished export file and a build under way. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface FinishedExport {
  fileId: number;
  size: number;
  created: string;
}

export class ExportRepo {
  constructor(private readonly db: Kysely<Database>) {}

  with(trx: Kysely<Database>): ExportRepo {
    return new ExportRepo(trx);
  }

  /**
   * Marks a build as started unless one started after `staleBefore` is still under way (a build
   * older than that died with its process). Answers whether this caller should build.
   */
  async startBuild(userId: number, now: string, staleBefore: string): Promise<boolean> {
    const updated = await this.db
      .updateTable('user_exports')
      .set({ build_started: now })
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('build_started', 'is', null), eb('build_started', '<', staleBefore)]))
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 1) return true;
    const inserted = await this.db
      .insertInto('user_exports')
      .values({ user_id: userId, file_id: null, build_started: now })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  /** Makes the new file the user's export and ends the build; answers the file it replaced. */
  async finishBuild(userId: number, fileId: number): Promise<number | null> {
    const before = await this.db
      .selectFrom('user_exports')
      .select('file_id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    // The account was deleted while its export was being built.
    if (!before) throw new Error(`user ${userId} has no export row any more`);
    await this.db
      .updateTable('user_exports')
      .set({ file_id: fileId, build_started: null })
      .where('user_id', '=', userId)
      .execute();
    return before?.file_id ?? null;
  }

  /** The export's zip file row (its bytes are stored under its id). */
  insertFile(name: string, size: number, userId: number, created: string): Promise<{ id: number }> {
    return this.db
      .insertInto('files')
      .values({ name, mime: 'application/zip', size, created_by_id: userId, created })
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  async deleteFile(fileId: number): Promise<void> {
    await this.db.deleteFrom('files').where('id', '=', fileId).execute();
  }

  async abandonBuild(userId: number): Promise<void> {
    await this.db
      .updateTable('user_exports')
      .set({ build_started: null })
      .where('user_id', '=', userId)
      .execute();
  }

  /**
   * The finished export and the build under way, read in one statement: read apart, a build
   * finishing in between showed neither (the file not yet, the build no more), and the settings
   * page stopped waiting for an export that was there a moment later.
   */
  async state(userId: number): Promise<{ finished: FinishedExport | null; buildStarted: string | null }> {
    const row = await this.db
      .selectFrom('user_exports')
      .leftJoin('files', 'files.id', 'user_exports.file_id')
      .select(['user_exports.build_started', 'files.id', 'files.size', 'files.created'])
      .where('user_exports.user_id', '=', userId)
      .executeTakeFirst();
    if (!row) return { finished: null, buildStarted: null };
    const finished =
      row.id === null ? null : { fileId: row.id, size: Number(row.size), created: row.created ?? '' };
    return { finished, buildStarted: row.build_started };
  }

  /** Exports created before `createdBefore`: their rows let go of the file, whose row is deleted. */
  async removeCreatedBefore(createdBefore: string): Promise<number[]> {
    return this.db.transaction().execute(async (trx) => {
      const expired = await trx
        .selectFrom('user_exports')
        .innerJoin('files', 'files.id', 'user_exports.file_id')
        .select(['user_exports.id as exportId', 'files.id as fileId'])
        .where('files.created', '<', createdBefore)
        .execute();
      if (expired.length === 0) return [];
      const fileIds = expired.map((e) => e.fileId);
      await trx
        .updateTable('user_exports')
        .set({ file_id: null })
        .where(
          'id',
          'in',
          expired.map((e) => e.exportId),
        )
        .execute();
      await trx.deleteFrom('files').where('id', 'in', fileIds).execute();
      return fileIds;
    });
  }

  /** Builds that started before `staleBefore` died with their process; they may start again. */
  async clearStaleBuilds(staleBefore: string): Promise<void> {
    await this.db
      .updateTable('user_exports')
      .set({ build_started: null })
      .where('build_started', '<', staleBefore)
      .execute();
  }
}
