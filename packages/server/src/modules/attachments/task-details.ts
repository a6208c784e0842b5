/** Fills `attachments` on a page of tasks with one query (plus one for their creators). */
import type { TaskDetailLoader } from '../tasks/details.js';
import type { AttachmentsRepo } from './repo.js';
import type { AttachmentsService } from './service.js';

export function attachmentsLoader(repo: AttachmentsRepo, service: AttachmentsService): TaskDetailLoader {
  return {
    async fill(page) {
      const rows = await repo.ofTasks([...page.out.keys()]);
      const serialized = await service.serialize(rows);
      for (const attachment of serialized) {
        const task = page.out.get(attachment.task_id)!;
        task.attachments ??= [];
        task.attachments.push(attachment);
      }
    },
  };
}
