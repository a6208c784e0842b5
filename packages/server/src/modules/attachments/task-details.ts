/** Fills `attachments` on a page of tasks with one query (plus one for their creators). */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { TaskDetailLoader } from '../tasks/details.js';
import type { AttachmentsRepo } from './repo.js';
import { serializeAttachments } from './service.js';

export function attachmentsLoader(repo: AttachmentsRepo, db: Kysely<Database>): TaskDetailLoader {
  return {
    async load(page) {
      const rows = await repo.ofTasks([...page.ids]);
      const serialized = await serializeAttachments(db, rows);
      return (tasks) => {
        for (const attachment of serialized) {
          const task = tasks.get(attachment.task_id);
          if (!task) continue;
          task.attachments ??= [];
          task.attachments.push(attachment);
        }
      };
    },
  };
}
