/** SQL for project backgrounds: the file rows they are stored in and the project columns naming them. */
import { nowIso } from '@ordo/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { deleteFileRows } from '../attachments/files/delete-file-rows.js';

export interface BackgroundFile {
  id: number;
  name: string;
  mime: string;
  size: number;
  created: string;
}

export class BackgroundsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  with(db: Kysely<Database>): BackgroundsRepo {
    return new BackgroundsRepo(db);
  }

  file(id: number): Promise<BackgroundFile | undefined> {
    return this.db
      .selectFrom('files')
      .select(['id', 'name', 'mime', 'size', 'created'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async insertFile(file: { name: string; mime: string; size: number }, createdBy: number): Promise<number> {
    const row = await this.db
      .insertInto('files')
      .values({ ...file, created_by_id: createdBy, created: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Names the project's background (null: none); `updated` moves so clients refetch the image. */
  async setBackground(projectId: number, fileId: number | null, blurHash: string): Promise<void> {
    await this.db
      .updateTable('projects')
      .set({ background_file_id: fileId, background_blur_hash: blurHash, updated: nowIso() })
      .where('id', '=', projectId)
      .execute();
  }

  async fileIdsOfProjects(projectIds: readonly number[]): Promise<number[]> {
    if (projectIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('projects')
      .select('background_file_id')
      .where('id', 'in', [...projectIds])
      .where('background_file_id', 'is not', null)
      .execute();
    return rows.flatMap((r) => (r.background_file_id === null ? [] : [r.background_file_id]));
  }

  /** Deletes file rows; projects naming them lose their background (the foreign key sets null). */
  async deleteFiles(fileIds: readonly number[]): Promise<void> {
    await deleteFileRows(this.db, fileIds);
  }
}
