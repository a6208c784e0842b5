/** SQL for task attachments and the file rows they point at. */
import { nowIso } from '@ordo/core';
import type { Kysely } from 'kysely';
import { reusedQuery } from '../../db/reused-query.js';
import type { Database } from '../../db/schema.js';
import { deleteFileRows } from './files/delete-file-rows.js';

export interface AttachmentRow {
  id: number;
  task_id: number;
  created_by_id: number;
  created: string;
  file_id: number;
  file_name: string;
  file_mime: string;
  file_size: number;
  file_created: string;
}

export class AttachmentsRepo {
  private readonly attachmentsOf;

  constructor(private readonly db: Kysely<Database>) {
    this.attachmentsOf = reusedQuery(db, (taskIds: readonly number[]) =>
      this.select().where('task_attachments.task_id', 'in', taskIds).orderBy('task_attachments.id'),
    );
  }

  with(db: Kysely<Database>): AttachmentsRepo {
    return new AttachmentsRepo(db);
  }

  private select() {
    return this.db
      .selectFrom('task_attachments')
      .innerJoin('files', 'files.id', 'task_attachments.file_id')
      .select([
        'task_attachments.id',
        'task_attachments.task_id',
        'task_attachments.created_by_id',
        'task_attachments.created',
        'files.id as file_id',
        'files.name as file_name',
        'files.mime as file_mime',
        'files.size as file_size',
        'files.created as file_created',
      ]);
  }

  /** The task's cover image is this attachment no more (it is being deleted). */
  async clearCover(taskId: number, attachmentId: number): Promise<void> {
    await this.db
      .updateTable('tasks')
      .set({ cover_image_attachment_id: 0 })
      .where('id', '=', taskId)
      .where('cover_image_attachment_id', '=', attachmentId)
      .execute();
  }

  find(id: number): Promise<AttachmentRow | undefined> {
    return this.select().where('task_attachments.id', '=', id).executeTakeFirst();
  }

  ofTasks(taskIds: readonly number[]): Promise<AttachmentRow[]> {
    if (taskIds.length === 0) return Promise.resolve([]);
    return this.attachmentsOf(taskIds);
  }

  async pageOfTask(
    taskId: number,
    limit: number | null,
    offset: number,
  ): Promise<{ rows: AttachmentRow[]; total: number }> {
    let page = this.select().where('task_attachments.task_id', '=', taskId).orderBy('task_attachments.id');
    if (limit !== null) page = page.limit(limit).offset(offset);
    const [rows, count] = await Promise.all([
      page.execute(),
      this.db
        .selectFrom('task_attachments')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('task_id', '=', taskId)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /** Stores the file row and the attachment pointing at it; returns both ids. */
  async insert(
    taskId: number,
    file: { name: string; mime: string; size: number },
    createdBy: number,
  ): Promise<{ id: number; fileId: number }> {
    const created = nowIso();
    const fileRow = await this.db
      .insertInto('files')
      .values({ ...file, created_by_id: createdBy, created })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await this.db
      .insertInto('task_attachments')
      .values({ task_id: taskId, file_id: fileRow.id, created_by_id: createdBy, created })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, fileId: fileRow.id };
  }

  async fileIdsOfTasks(taskIds: readonly number[]): Promise<number[]> {
    if (taskIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('task_attachments')
      .select('file_id')
      .where('task_id', 'in', [...taskIds])
      .execute();
    return rows.map((r) => r.file_id);
  }

  /** Deletes file rows; their attachments go with them. */
  async deleteFiles(fileIds: readonly number[]): Promise<void> {
    await deleteFileRows(this.db, fileIds);
  }
}
