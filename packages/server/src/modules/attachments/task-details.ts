/** Fills `attachments` on a page of tasks with one query (plus one for their creators). */
import type { TaskDetailLoader } from '../tasks/details.js';
import type { AttachmentsRepo } from './repo.js';
import type { AttachmentsService } from './service.js';

export function attachmentsLoader(repo: AttachmentsRepo, service: AttachmentsService): TaskDetailLoader {
  return {
    async load(page) {
      const rows = await repo.ofTasks([...page.ids]);
      const serialized = await service.serialize(rows);
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
