/** SQL for a user's data export (`ExportContents`): each part read in its export order. */
import type { Expression, Kysely } from 'kysely';
import type {
  BucketRow,
  Database,
  LabelRow,
  ProjectRow,
  ProjectViewRow,
  SavedFilterRow,
  TaskActivityRow,
  TaskCommentRow,
  TaskRow,
  TeamRow,
  UserRow,
} from '../../db/schema.js';
import { projectTasksAfter } from '../tasks/tasks-after.js';

export class ExportContentsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  projects(visibleIds: Expression<number>): Promise<ProjectRow[]> {
    return this.db.selectFrom('projects').selectAll().where('id', 'in', visibleIds).orderBy('id').execute();
  }

  views(projectId: number): Promise<ProjectViewRow[]> {
    return this.db
      .selectFrom('project_views')
      .selectAll()
      .where('project_id', '=', projectId)
      .orderBy('position')
      .execute();
  }

  buckets(viewIds: readonly number[]): Promise<BucketRow[]> {
    return this.db
      .selectFrom('buckets')
      .selectAll()
      .where('project_view_id', 'in', viewIds.length > 0 ? viewIds : [0])
      .orderBy('position')
      .execute();
  }

  /** A page of the project's tasks in id order, after `afterId`. */
  tasksAfter(projectId: number, afterId: number, limit: number): Promise<TaskRow[]> {
    return projectTasksAfter(this.db, projectId, afterId, limit);
  }

  /** Every comment of these tasks, oldest first. */
  comments(taskIds: readonly number[]): Promise<TaskCommentRow[]> {
    return this.db
      .selectFrom('task_comments')
      .selectAll()
      .where('task_id', 'in', taskIds)
      .orderBy('created')
      .orderBy('id')
      .execute();
  }

  /** Every activity entry of these tasks, oldest first. */
  activity(taskIds: readonly number[]): Promise<TaskActivityRow[]> {
    return this.db
      .selectFrom('task_activity')
      .selectAll()
      .where('task_id', 'in', taskIds)
      .orderBy('id')
      .execute();
  }

  labelsCreatedBy(userId: number): Promise<LabelRow[]> {
    return this.db
      .selectFrom('labels')
      .selectAll()
      .where('created_by_id', '=', userId)
      .orderBy('id')
      .execute();
  }

  templatesOf(userId: number) {
    return this.db.selectFrom('templates').selectAll().where('owner_id', '=', userId).orderBy('id').execute();
  }

  savedFiltersOf(userId: number): Promise<SavedFilterRow[]> {
    return this.db
      .selectFrom('saved_filters')
      .selectAll()
      .where('owner_id', '=', userId)
      .orderBy('id')
      .execute();
  }

  /** The teams the user is a member of. */
  teamsOf(userId: number): Promise<TeamRow[]> {
    return this.db
      .selectFrom('teams')
      .selectAll()
      .where('id', 'in', (eb) =>
        eb.selectFrom('team_members').select('team_id').where('user_id', '=', userId),
      )
      .orderBy('id')
      .execute();
  }

  users(ids: readonly number[]): Promise<UserRow[]> {
    return this.db.selectFrom('users').selectAll().where('id', 'in', ids).execute();
  }
}
