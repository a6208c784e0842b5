/** SQL for files nothing points at any more (see orphans.ts). */
import type { Kysely } from 'kysely';
import { selectInChunks } from '../../../db/id-chunks.js';
import type { Database } from '../../../db/schema.js';

export class OrphanFilesRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Deletes the file rows no attachment, background, export, avatar or trash entry points at;
   * answers their ids. `among` limits the look to those files: the ones an owner that went away
   * held, so letting go of one trash entry does not read every file there is.
   */
  async deleteOrphans(among?: readonly number[]): Promise<number[]> {
    if (among === undefined) return this.deleteOrphansIn(undefined);
    return selectInChunks([...new Set(among)], (part) => this.deleteOrphansIn(part));
  }

  private async deleteOrphansIn(ids: readonly number[] | undefined): Promise<number[]> {
    const rows = await this.db
      .deleteFrom('files')
      .where((eb) =>
        eb.and([
          ...(ids ? [eb('files.id', 'in', [...ids])] : []),
          eb.not(
            eb.exists(
              eb
                .selectFrom('task_attachments')
                .select('task_attachments.id')
                .whereRef('task_attachments.file_id', '=', 'files.id'),
            ),
          ),
          eb.not(
            eb.exists(
              eb
                .selectFrom('projects')
                .select('projects.id')
                .whereRef('projects.background_file_id', '=', 'files.id'),
            ),
          ),
          // A user's finished data export (modules/export).
          eb.not(
            eb.exists(
              eb
                .selectFrom('user_exports')
                .select('user_exports.id')
                .whereRef('user_exports.file_id', '=', 'files.id'),
            ),
          ),
          eb.not(
            eb.exists(
              eb.selectFrom('users').select('users.id').whereRef('users.avatar_file_id', '=', 'files.id'),
            ),
          ),
          // A deleted task's attachment, kept in the trash (modules/trash).
          eb.not(
            eb.exists(
              eb
                .selectFrom('trash_files')
                .select('trash_files.file_id')
                .whereRef('trash_files.file_id', '=', 'files.id'),
            ),
          ),
        ]),
      )
      .returning('id')
      .execute();
    return rows.map((r) => r.id);
  }
}
