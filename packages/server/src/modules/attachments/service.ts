/**
 * Task attachments (reference §2.7, §5.17): reading needs read on the task, uploading and deleting
 * need write. An attachment is only ever reached through the task that owns it (4011 otherwise),
 * so an id from another task never leaks its file.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Right } from '@ordo/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { ApiError, fail } from '../../http/api-error.js';
import type { Page } from '../../http/pagination.js';
import { loadPeople } from '../comments/people.js';
import type { NotificationEvents } from '../notifications/events.js';
import type { TasksService } from '../tasks/service.js';
import { storedFileName } from './files/file-name.js';
import { sweepOrphanFiles } from './files/orphans.js';
import { sniffMime } from './files/sniff.js';
import type { FileStore } from './files/store.js';
import type { AttachmentRow, AttachmentsRepo } from './repo.js';
import { type SerializedAttachment, serializeAttachment } from './serialize.js';

export interface Upload {
  filename: string;
  mimetype: string;
  file: Readable;
}

export interface UploadResult {
  success: SerializedAttachment[];
  errors: { code?: number; message: string }[];
}

/** Attachments with their creators: one query for the whole list. */
export async function serializeAttachments(
  db: Kysely<Database>,
  rows: readonly AttachmentRow[],
): Promise<SerializedAttachment[]> {
  const people = await loadPeople(
    db,
    rows.map((r) => r.created_by_id),
  );
  return rows.map((r) => serializeAttachment(r, people.get(r.created_by_id)));
}

export class AttachmentsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repo: AttachmentsRepo,
    private readonly store: FileStore,
    private readonly tasks: TasksService,
    private readonly maxFileSize: number,
    private readonly incomingDir: string,
    /** The change listeners (notifications, webhooks), told after a change commits. */
    private readonly events: NotificationEvents,
  ) {}

  async list(
    userId: number,
    taskId: number,
    page: Page,
  ): Promise<{ attachments: SerializedAttachment[]; total: number }> {
    await this.tasks.demand(userId, taskId, Right.read);
    const { rows, total } = await this.repo.pageOfTask(taskId, page.limit, page.offset);
    return { attachments: await this.serialize(rows), total };
  }

  /** Checks the right before the first file is read. */
  async demandUpload(userId: number, taskId: number): Promise<void> {
    await this.tasks.demand(userId, taskId, Right.write);
  }

  /**
   * Stores one uploaded file. A file over the size limit is reported (4012 with the numbers) and
   * the next file goes on; the file row and its attachment are written together with the bytes.
   */
  async upload(userId: number, taskId: number, upload: Upload, result: UploadResult): Promise<void> {
    await mkdir(this.incomingDir, { recursive: true });
    const temp = join(this.incomingDir, randomUUID());
    try {
      let size = 0;
      let head = Buffer.alloc(0);
      const out = createWriteStream(temp);
      await pipeline(
        upload.file,
        async function* (chunks: AsyncIterable<Buffer>) {
          for await (const chunk of chunks) {
            size += chunk.length;
            if (head.length < 64) head = Buffer.concat([head, chunk.subarray(0, 64 - head.length)]);
            yield chunk;
          }
        },
        out,
      );
      if (size > this.maxFileSize) {
        const error = fail('attachmentTooLarge', [this.maxFileSize, size]);
        result.errors.push({ code: error.code, message: error.message });
        return;
      }
      const file = {
        name: storedFileName(upload.filename, 'file'),
        mime: sniffMime(head, upload.mimetype),
        size,
      };
      const id = await this.db.transaction().execute(async (trx) => {
        const stored = await this.repo.with(trx).insert(taskId, file, userId);
        await this.store.put(stored.fileId, createReadStream(temp));
        return stored.id;
      });
      const row = await this.repo.find(id);
      const serialized = await this.serialize(row ? [row] : []);
      result.success.push(...serialized);
      for (const attachment of serialized) await this.events.attachmentCreated(userId, taskId, attachment);
    } finally {
      await rm(temp, { force: true });
    }
  }

  /** The attachment, when it belongs to `taskId` (4011 otherwise), after a read check on the task. */
  async get(userId: number, taskId: number, attachmentId: number): Promise<AttachmentRow> {
    await this.tasks.demand(userId, taskId, Right.read);
    return this.ownedBy(taskId, attachmentId);
  }

  open(row: AttachmentRow, range?: { start: number; end: number }): Promise<Readable> {
    return this.store.open(row.file_id, range).catch(() => {
      throw fail('attachmentDoesNotExist');
    });
  }

  async delete(userId: number, taskId: number, attachmentId: number): Promise<void> {
    await this.tasks.demand(userId, taskId, Right.write);
    const row = await this.ownedBy(taskId, attachmentId);
    const [attachment] = await this.serialize([row]);
    await this.db.transaction().execute(async (trx) => {
      // A cover image that is deleted stops being the cover.
      const attachments = this.repo.with(trx);
      await attachments.clearCover(taskId, attachmentId);
      await attachments.deleteFiles([row.file_id]);
    });
    await this.store.remove(row.file_id);
    await this.events.attachmentDeleted(userId, taskId, attachment);
  }

  /** Removes files nothing points at any more (owners deleted by a cascade); answers how many. */
  sweepOrphans(): Promise<number> {
    return sweepOrphanFiles(this.db, this.store);
  }

  serialize(rows: readonly AttachmentRow[]): Promise<SerializedAttachment[]> {
    return serializeAttachments(this.db, rows);
  }

  private async ownedBy(taskId: number, attachmentId: number): Promise<AttachmentRow> {
    const row = await this.repo.find(attachmentId);
    if (!row || row.task_id !== taskId) throw fail('attachmentDoesNotExist');
    return row;
  }
}

export function notMultipart(): ApiError {
  return new ApiError(400, 2004, 'Invalid model provided: expected a multipart/form-data body with files');
}
