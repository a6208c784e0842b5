/**
 * Task activity: every change to a task's fields, assignees and labels, recorded in the
 * transaction that makes it (task-history.ts), and read per task (read right on it) or per
 * project (read right on the project) newest first, paged. Kept for ORDO_ACTIVITY_DAYS days
 * (housekeeping prunes older entries). Ordo's own endpoints; Vikunja's clients never see them.
 */
import { type Activity, Right } from '@ordo/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Page } from '../../http/pagination.js';
import { loadPeople } from '../comments/people.js';
import type { ProjectAccess } from '../rights/project-access.js';
import type { TasksService } from '../tasks/service.js';
import type { ActivityRepo, ActivityWithTask } from './repo.js';

function parsed(value: string | null): unknown {
  return value === null ? null : JSON.parse(value);
}

export class ActivityService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repo: ActivityRepo,
    private readonly tasks: TasksService,
    private readonly access: ProjectAccess,
  ) {}

  async ofTask(userId: number, taskId: number, page: Page): Promise<{ entries: Activity[]; total: number }> {
    await this.tasks.demand(userId, taskId, Right.read);
    const { rows, total } = await this.repo.ofTask(taskId, page);
    return { entries: await this.serialize(rows), total };
  }

  async ofProject(
    userId: number,
    projectId: number,
    page: Page,
  ): Promise<{ entries: Activity[]; total: number }> {
    await this.access.demand(userId, projectId, Right.read);
    const { rows, total } = await this.repo.ofProject(projectId, page);
    return { entries: await this.serialize(rows), total };
  }

  private async serialize(rows: readonly ActivityWithTask[]): Promise<Activity[]> {
    const people = await loadPeople(
      this.db,
      rows.map((r) => r.actor_id).filter((id) => id !== 0),
    );
    return rows.map((r) => ({
      id: r.id,
      task_id: r.task_id,
      project_id: r.project_id,
      task_title: r.task_title,
      task_identifier: r.project_identifier ? `${r.project_identifier}-${r.task_index}` : `#${r.task_index}`,
      actor: people.get(r.actor_id) ?? null,
      field: r.field,
      before: parsed(r.before_value),
      after: parsed(r.after_value),
      created: r.created,
    }));
  }
}
