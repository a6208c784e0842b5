/**
 * A project's content as rows (views, buckets, tasks and the rows that hang on tasks), read in one
 * go and written into another project with new ids. Duplicating a project reads and writes at
 * once; a template (modules/templates) keeps what it read as JSON and writes it later.
 */
import { nowIso } from '@ordo/core';
import type { Insertable, Kysely } from 'kysely';
import type { BucketRow, Database, ProjectFieldRow, ProjectViewRow, TaskRow } from '../../db/schema.js';

/** Rows per multi-row insert, well below SQLite's bound-parameter limit. */
const CHUNK = 200;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

export interface ProjectContent {
  views: ProjectViewRow[];
  buckets: BucketRow[];
  tasks: TaskRow[];
  positions: { task_id: number; project_view_id: number; position: number }[];
  taskBuckets: { task_id: number; project_view_id: number; bucket_id: number }[];
  labels: { task_id: number; label_id: number }[];
  assignees: { task_id: number; user_id: number }[];
  reminders: { task_id: number; reminder: string | null; relative_period: number; relative_to: string }[];
  /** Only relations between tasks of the project: one to a task elsewhere stays with the original. */
  relations: { task_id: number; other_task_id: number; relation_kind: string }[];
  /** Custom field definitions (absent from templates saved before there were any). */
  fields?: ProjectFieldRow[];
  /** The tasks' custom field values. */
  fieldValues?: { task_id: number; field_id: number; num_value: number | null; text_value: string | null }[];
}

export interface WriteOptions {
  userId: number;
  newUid: () => string;
  /** Who the copied tasks are by; the source's creators when not given. */
  createdBy?: number;
}

export class ProjectContentRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Everything in the project, in id order. */
  async read(projectId: number): Promise<ProjectContent> {
    const db = this.db;
    const taskIds = db.selectFrom('tasks').select('id').where('project_id', '=', projectId);
    const views = await db
      .selectFrom('project_views')
      .selectAll()
      .where('project_id', '=', projectId)
      .orderBy('id')
      .execute();
    const viewIds = db.selectFrom('project_views').select('id').where('project_id', '=', projectId);
    const buckets = await db
      .selectFrom('buckets')
      .selectAll()
      .where('project_view_id', 'in', viewIds)
      .orderBy('id')
      .execute();
    const tasks = await db
      .selectFrom('tasks')
      .selectAll()
      .where('project_id', '=', projectId)
      .orderBy('id')
      .execute();
    const positions = await db
      .selectFrom('task_positions')
      .select(['task_id', 'project_view_id', 'position'])
      .where('task_id', 'in', taskIds)
      .where('project_view_id', 'in', viewIds)
      .execute();
    const taskBuckets = await db
      .selectFrom('task_buckets')
      .select(['task_id', 'project_view_id', 'bucket_id'])
      .where('task_id', 'in', taskIds)
      .where('project_view_id', 'in', viewIds)
      .execute();
    const labels = await db
      .selectFrom('label_tasks')
      .select(['task_id', 'label_id'])
      .where('task_id', 'in', taskIds)
      .orderBy('id')
      .execute();
    const assignees = await db
      .selectFrom('task_assignees')
      .select(['task_id', 'user_id'])
      .where('task_id', 'in', taskIds)
      .orderBy('id')
      .execute();
    const reminders = await db
      .selectFrom('task_reminders')
      .select(['task_id', 'reminder', 'relative_period', 'relative_to'])
      .where('task_id', 'in', taskIds)
      .orderBy('id')
      .execute();
    const relations = await db
      .selectFrom('task_relations')
      .select(['task_id', 'other_task_id', 'relation_kind'])
      .where('task_id', 'in', taskIds)
      .where('other_task_id', 'in', taskIds)
      .orderBy('id')
      .execute();
    const fields = await db
      .selectFrom('project_fields')
      .selectAll()
      .where('project_id', '=', projectId)
      .orderBy('id')
      .execute();
    const fieldValues = await db
      .selectFrom('task_field_values')
      .select(['task_id', 'field_id', 'num_value', 'text_value'])
      .where('task_id', 'in', taskIds)
      .orderBy('id')
      .execute();
    return {
      views,
      buckets,
      tasks,
      positions,
      taskBuckets,
      labels,
      assignees,
      reminders,
      relations,
      fields,
      fieldValues,
    };
  }

  /** Writes the content into the project with new ids; answers the old → new task ids. */
  async write(
    content: ProjectContent,
    toProject: number,
    options: WriteOptions,
  ): Promise<Map<number, number>> {
    const { viewMap, bucketMap } = await this.writeViews(content, toProject, options.userId);
    const taskMap = await this.writeTasks(content.tasks, toProject, options);
    const now = nowIso();
    const inView = <T extends { task_id: number; project_view_id: number }>(row: T) =>
      taskMap.has(row.task_id) && viewMap.has(row.project_view_id);
    await this.insertRows(
      'task_positions',
      content.positions.filter(inView).map((p) => ({
        task_id: taskMap.get(p.task_id)!,
        project_view_id: viewMap.get(p.project_view_id)!,
        position: p.position,
      })),
    );
    await this.insertRows(
      'task_buckets',
      content.taskBuckets
        .filter((b) => inView(b) && bucketMap.has(b.bucket_id))
        .map((b) => ({
          task_id: taskMap.get(b.task_id)!,
          project_view_id: viewMap.get(b.project_view_id)!,
          bucket_id: bucketMap.get(b.bucket_id)!,
        })),
    );
    const ofCopy = <T extends { task_id: number }>(rows: T[]) =>
      rows
        .filter((r) => taskMap.has(r.task_id))
        .map((r) => ({ ...r, task_id: taskMap.get(r.task_id)!, created: now }));
    await this.insertRows('label_tasks', ofCopy(content.labels));
    await this.insertRows('task_assignees', ofCopy(content.assignees));
    await this.insertRows('task_reminders', ofCopy(content.reminders));
    await this.insertRows(
      'task_relations',
      ofCopy(content.relations.filter((r) => taskMap.has(r.other_task_id))).map((r) => ({
        ...r,
        other_task_id: taskMap.get(r.other_task_id)!,
        created_by_id: options.userId,
      })),
    );
    const fieldMap = await this.writeFields(content.fields ?? [], toProject);
    await this.insertRows(
      'task_field_values',
      (content.fieldValues ?? [])
        .filter((v) => taskMap.has(v.task_id) && fieldMap.has(v.field_id))
        .map((v) => ({ ...v, task_id: taskMap.get(v.task_id)!, field_id: fieldMap.get(v.field_id)! })),
    );
    return taskMap;
  }

  /** The custom field definitions; answers old → new field ids. */
  private async writeFields(fields: readonly ProjectFieldRow[], toProject: number) {
    const now = nowIso();
    const fieldMap = new Map<number, number>();
    for (const { id, ...field } of fields) {
      const copy = await this.db
        .insertInto('project_fields')
        .values({ ...field, project_id: toProject, created: now, updated: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      fieldMap.set(id, copy.id);
    }
    return fieldMap;
  }

  /** Points each copied task's cover image at its copy of the source's cover attachment. */
  async pointCovers(taskMap: Map<number, number>, attachmentMap: Map<number, number>): Promise<void> {
    for (const part of chunks([...taskMap.keys()])) {
      const covered = await this.db
        .selectFrom('tasks')
        .select(['id', 'cover_image_attachment_id'])
        .where('id', 'in', part)
        .where('cover_image_attachment_id', '>', 0)
        .execute();
      for (const task of covered) {
        const cover = attachmentMap.get(task.cover_image_attachment_id);
        if (cover === undefined) continue;
        await this.db
          .updateTable('tasks')
          .set({ cover_image_attachment_id: cover })
          .where('id', '=', taskMap.get(task.id)!)
          .execute();
      }
    }
  }

  /** Views and their buckets, with each view's default and done bucket pointing at the copies. */
  private async writeViews(content: ProjectContent, toProject: number, userId: number) {
    const now = nowIso();
    const viewMap = new Map<number, number>();
    const bucketMap = new Map<number, number>();
    for (const { id, ...view } of content.views) {
      const copy = await this.db
        .insertInto('project_views')
        .values({
          ...view,
          project_id: toProject,
          default_bucket_id: 0,
          done_bucket_id: 0,
          created: now,
          updated: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      viewMap.set(id, copy.id);
    }
    for (const { id, ...bucket } of content.buckets) {
      const viewId = viewMap.get(bucket.project_view_id);
      if (viewId === undefined) continue;
      const copy = await this.db
        .insertInto('buckets')
        .values({ ...bucket, project_view_id: viewId, created_by_id: userId, created: now, updated: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      bucketMap.set(id, copy.id);
    }
    for (const view of content.views) {
      if (!view.default_bucket_id && !view.done_bucket_id) continue;
      await this.db
        .updateTable('project_views')
        .set({
          default_bucket_id: bucketMap.get(view.default_bucket_id) ?? 0,
          done_bucket_id: bucketMap.get(view.done_bucket_id) ?? 0,
        })
        .where('id', '=', viewMap.get(view.id)!)
        .execute();
    }
    return { viewMap, bucketMap };
  }

  /** The tasks, keeping their per-project index; answers old → new task ids. */
  private async writeTasks(tasks: readonly TaskRow[], toProject: number, options: WriteOptions) {
    const now = nowIso();
    const byIndex = new Map(tasks.map((t) => [t.index, t.id]));
    const taskMap = new Map<number, number>();
    for (const part of chunks(tasks)) {
      const inserted = await this.db
        .insertInto('tasks')
        .values(
          part.map(({ id: _id, ...t }) => ({
            ...t,
            project_id: toProject,
            uid: options.newUid(),
            created_by_id: options.createdBy ?? t.created_by_id,
            // Set by pointCovers once the attachments are copied.
            cover_image_attachment_id: 0,
            created: now,
            updated: now,
          })),
        )
        .returning(['id', 'index'])
        .execute();
      for (const row of inserted) taskMap.set(byIndex.get(row.index)!, row.id);
    }
    return taskMap;
  }

  /** Inserts the rows a few hundred per statement, if there are any (an INSERT needs at least one). */
  private async insertRows<T extends keyof Database & string>(
    table: T,
    rows: Insertable<Database[T]>[],
  ): Promise<void> {
    for (const part of chunks(rows))
      await this.db
        .insertInto(table)
        .values(part as never)
        .execute();
  }
}
