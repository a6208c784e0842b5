/** The attachment shape of reference §3.10. */
import type { Attachment } from '@ordo/core';
import type { PublicUser } from '../users/serialize.js';
import type { AttachmentRow } from './repo.js';

export function serializeAttachment(row: AttachmentRow, createdBy: PublicUser | undefined): Attachment {
  return {
    id: row.id,
    task_id: row.task_id,
    created_by: createdBy ?? null,
    file: {
      id: row.file_id,
      name: row.file_name,
      mime: row.file_mime,
      size: Number(row.file_size),
      created: row.file_created,
    },
    created: row.created,
  };
}

export type SerializedAttachment = ReturnType<typeof serializeAttachment>;
