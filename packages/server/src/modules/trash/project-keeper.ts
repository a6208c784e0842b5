/**
 * Puts a project being deleted into the trash: inside the delete's transaction, before its rows
 * go, the project, its sub-projects and all they hold are read whole into one trash entry, and
 * the stored files (attachments, backgrounds, those its trashed tasks held) are held by the entry.
 */
import { nowIso } from '@ordo/core';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { ProjectKeeper } from '../projects/service.js';
import { ProjectSnapshotRepo } from './project-snapshot-repo.js';
import { TrashRepo } from './repo.js';

export class ProjectTrashKeeper implements ProjectKeeper {
  constructor(private readonly dialect: Dialect) {}

  async keep(
    trx: Kysely<Database>,
    userId: number,
    projectIds: readonly number[],
    taskIds: readonly number[],
  ): Promise<void> {
    const snapshot = await new ProjectSnapshotRepo(trx, this.dialect).capture(projectIds, taskIds);
    const [root] = snapshot.projects;
    if (!root) return;
    const fileIds = [
      ...snapshot.tasks.flatMap((task) => (task.parts.task_attachments ?? []).map((row) => row.file_id)),
      ...(snapshot.parts.trash_files ?? []).map((row) => row.file_id),
      ...snapshot.projects.map((project) => project.background_file_id),
    ]
      .filter((id) => id !== null && id !== undefined)
      .map(Number);
    await new TrashRepo(trx).insert([
      {
        entry: {
          kind: 'project',
          item_id: Number(root.id),
          project_id: null,
          owner_id: Number(root.owner_id),
          title: String(root.title),
          deleted_by_id: userId,
          deleted_at: nowIso(),
          payload: JSON.stringify(snapshot),
        },
        fileIds: [...new Set(fileIds)],
      },
    ]);
  }
}
