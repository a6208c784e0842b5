/** SQL for task activity: recording field changes, reading them per task or project, pruning. */
import { nowIso } from '@ordo/core';
import type { Kysely } from 'kysely';
import { pageWithTotal } from '../../db/page-with-total.js';
import type { Database, TaskActivityRow } from '../../db/schema.js';

export interface NewActivity {
  task_id: number;
  project_id: number;
  actor_id: number;
  field: string;
  before: unknown;
  after: unknown;
}

/** An entry with what a feed shows of its task now. */
export interface ActivityWithTask extends TaskActivityRow {
  task_title: string;
  task_index: number;
  project_identifier: string;
}

/** Rows per insert, well below SQLite's bound-parameter limit. */
const CHUNK = 500;

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

export class ActivityRepo {
  constructor(private readonly db: Kysely<Database>) {}

  with(db: Kysely<Database>): ActivityRepo {
    return new ActivityRepo(db);
  }

  async record(entries: readonly NewActivity[]): Promise<void> {
    const created = nowIso();
    for (let i = 0; i < entries.length; i += CHUNK) {
      await this.db
        .insertInto('task_activity')
        .values(
          entries.slice(i, i + CHUNK).map((e) => ({
            task_id: e.task_id,
            project_id: e.project_id,
            actor_id: e.actor_id,
            field: e.field,
            before_value: json(e.before),
            after_value: json(e.after),
            created,
          })),
        )
        .execute();
    }
  }

  /** A moved task takes its history to its new project's feed. */
  async moveTask(taskId: number, projectId: number): Promise<void> {
    await this.db
      .updateTable('task_activity')
      .set({ project_id: projectId })
      .where('task_id', '=', taskId)
      .execute();
  }

  private withTask() {
    return this.db
      .selectFrom('task_activity')
      .innerJoin('tasks', 'tasks.id', 'task_activity.task_id')
      .innerJoin('projects', 'projects.id', 'tasks.project_id');
  }

  private page(base: ReturnType<ActivityRepo['withTask']>, q: { limit: number | null; offset: number }) {
    return pageWithTotal(
      base,
      base
        .selectAll('task_activity')
        .select([
          'tasks.title as task_title',
          'tasks.index as task_index',
          'projects.identifier as project_identifier',
        ])
        .orderBy('task_activity.id', 'desc'),
      q,
    ) as Promise<{ rows: ActivityWithTask[]; total: number }>;
  }

  ofTask(taskId: number, q: { limit: number | null; offset: number }) {
    return this.page(this.withTask().where('task_activity.task_id', '=', taskId), q);
  }

  ofProject(projectId: number, q: { limit: number | null; offset: number }) {
    return this.page(this.withTask().where('task_activity.project_id', '=', projectId), q);
  }

  /** Removes entries older than `before` (an API date). */
  async pruneBefore(before: string): Promise<number> {
    const result = await this.db.deleteFrom('task_activity').where('created', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows ?? 0);
  }
}
