/** SQL a project export needs: its tasks a page at a time, their buckets, related tasks' uids. */
import type { Kysely } from 'kysely';
import type { Database, TaskRow } from '../../db/schema.js';
import { taskUidsById } from '../tasks/task-uids.js';
import { projectTasksAfter } from '../tasks/tasks-after.js';

export class ProjectExportRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** The project's tasks after `afterId`, by id (keyset paging, so a large project streams). */
  tasksAfter(projectId: number, afterId: number, limit: number): Promise<TaskRow[]> {
    return projectTasksAfter(this.db, projectId, afterId, limit);
  }

  /** The project's first kanban view with buckets set by hand, whose bucket titles the CSV shows. */
  async kanbanViewId(projectId: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('project_views')
      .select('id')
      .where('project_id', '=', projectId)
      .where('view_kind', '=', 'kanban')
      .where('bucket_configuration_mode', '=', 'manual')
      .orderBy('position')
      .orderBy('id')
      .executeTakeFirst();
    return row?.id;
  }

  /** Bucket title per task in that view. */
  async bucketTitles(viewId: number, taskIds: readonly number[]): Promise<Map<number, string>> {
    if (taskIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('task_buckets')
      .innerJoin('buckets', 'buckets.id', 'task_buckets.bucket_id')
      .select(['task_buckets.task_id', 'buckets.title'])
      .where('task_buckets.project_view_id', '=', viewId)
      .where('task_buckets.task_id', 'in', [...taskIds])
      .execute();
    return new Map(rows.map((r) => [r.task_id, r.title]));
  }

  uidsOf(taskIds: readonly number[]): Promise<Map<number, string>> {
    return taskUidsById(this.db, taskIds);
  }
}
