/**
 * `PUT /tasks/:id/duplicate` (reference §2.6): a copy of the task in the same project with its
 * fields, custom field values, assignees, reminders, labels, attachments (the files are copied) and cover image, and a
 * `copiedfrom` relation to the original (its inverse `copiedto` on the original). Needs write on
 * the task's project. Everything is written in one transaction.
 */
import { randomUUID } from 'node:crypto';
import { Right } from '@ordo/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AttachmentCopier } from '../attachments/copy.js';
import type { FileStore } from '../attachments/files/store.js';
import { CustomFieldsRepo } from '../custom-fields/repo.js';
import { RelationsRepo } from '../relations/repo.js';
import { TaskPlacement } from './placement.js';
import { type TasksRepo, withIndexRetry } from './repo.js';
import type { SerializedTask } from './serialize.js';
import type { TasksService } from './service.js';

export class TaskDuplicateService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly tasks: TasksService,
    private readonly files: FileStore,
    private readonly repo: TasksRepo,
  ) {}

  async duplicate(userId: number, taskId: number): Promise<{ duplicated_task: SerializedTask }> {
    const { task } = await this.tasks.demand(userId, taskId, Right.write);
    const copier = new AttachmentCopier(this.files);
    try {
      const copyId = await withIndexRetry(() =>
        this.db.transaction().execute(async (trx) => {
          const repo = this.repo.with(trx);
          const index = await repo.nextIndex(task.project_id);
          const {
            id: _,
            index: _index,
            uid: _uid,
            created: _c,
            updated: _u,
            created_by_id: _by,
            ...fields
          } = task;
          const copy = await repo.insert({ ...fields, index, uid: randomUUID(), created_by_id: userId });
          await new TaskPlacement(trx).place({
            id: copy.id,
            index,
            project_id: task.project_id,
            done: !!task.done,
          });
          await repo.copyParts(task.id, copy.id);
          await new CustomFieldsRepo(trx).copyValues(task.id, copy.id);
          const copied = await copier.copy(trx, new Map([[task.id, copy.id]]));
          const cover = copied.get(task.cover_image_attachment_id);
          if (cover) await repo.update(copy.id, { cover_image_attachment_id: cover });
          await new RelationsRepo(trx).insertPair(copy.id, task.id, 'copiedfrom', userId);
          return copy.id;
        }),
      );
      return { duplicated_task: await this.tasks.serializeOne(userId, copyId) };
    } catch (error) {
      // The rows rolled back; bytes already copied must not stay behind.
      await copier.discard();
      throw error;
    }
  }
}
