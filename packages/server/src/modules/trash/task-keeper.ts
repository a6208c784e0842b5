/**
 * Puts a task being deleted into the trash: inside the delete's transaction, before its rows go,
 * its rows are read whole into a trash entry, and the stored files of its attachments are held
 * by the entry (so they are kept, not removed with the task).
 */
import { nowIso } from '@ordo/core';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Database, TaskRow } from '../../db/schema.js';
import type { TaskKeeper } from '../tasks/service.js';
import { TrashRepo } from './repo.js';
import { TaskSnapshotRepo } from './task-snapshot-repo.js';

export class TaskTrashKeeper implements TaskKeeper {
  constructor(private readonly dialect: Dialect) {}

  async keep(trx: Kysely<Database>, userId: number, tasks: readonly TaskRow[]): Promise<void> {
    // Tasks gone already (deleted at the same moment by another request) have nothing to keep.
    const snapshots = await new TaskSnapshotRepo(trx, this.dialect).capture(tasks.map((t) => t.id));
    const deletedAt = nowIso();
    // One statement per few dozen tasks: a bulk delete keeps a thousand at once.
    await new TrashRepo(trx).insert(
      snapshots.map((snapshot) => {
        const task = snapshot.task;
        const fileIds = (snapshot.parts.task_attachments ?? []).map((row) => Number(row.file_id));
        return {
          entry: {
            kind: 'task',
            item_id: Number(task.id),
            project_id: Number(task.project_id),
            title: String(task.title),
            deleted_by_id: userId,
            deleted_at: deletedAt,
            payload: JSON.stringify(snapshot),
          },
          fileIds: [...new Set(fileIds)],
        };
      }),
    );
  }
}
