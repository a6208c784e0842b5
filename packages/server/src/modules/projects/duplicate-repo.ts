/** SQL that copies a project's views, buckets, tasks, positions, bucket rows and label links. */
import { nowIso } from '@ordo/core';
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Rows per multi-row insert, well below SQLite's bound-parameter limit. */
const CHUNK = 200;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

export class DuplicateRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Copies views and their buckets; returns old → new id maps. */
  async copyViews(fromProject: number, toProject: number, userId: number) {
    const now = nowIso();
    const viewMap = new Map<number, number>();
    const bucketMap = new Map<number, number>();
    const views = await this.db
      .selectFrom('project_views')
      .selectAll()
      .where('project_id', '=', fromProject)
      .orderBy('id')
      .execute();
    for (const view of views) {
      const { id, ...rest } = view;
      const copy = await this.db
        .insertInto('project_views')
        .values({
          ...rest,
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
    if (views.length === 0) return { viewMap, bucketMap };
    const buckets = await this.db
      .selectFrom('buckets')
      .selectAll()
      .where('project_view_id', 'in', [...viewMap.keys()])
      .orderBy('id')
      .execute();
    for (const bucket of buckets) {
      const { id, ...rest } = bucket;
      const copy = await this.db
        .insertInto('buckets')
        .values({
          ...rest,
          project_view_id: viewMap.get(bucket.project_view_id)!,
          created_by_id: userId,
          created: now,
          updated: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      bucketMap.set(id, copy.id);
    }
    for (const view of views) {
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

  /** Copies the tasks (keeping their per-project index) and returns old → new task ids. */
  async copyTasks(
    fromProject: number,
    toProject: number,
    newUid: () => string,
  ): Promise<Map<number, number>> {
    const now = nowIso();
    const tasks = await this.db
      .selectFrom('tasks')
      .selectAll()
      .where('project_id', '=', fromProject)
      .orderBy('id')
      .execute();
    const byIndex = new Map(tasks.map((t) => [t.index, t.id]));
    const taskMap = new Map<number, number>();
    for (const part of chunks(tasks)) {
      const inserted = await this.db
        .insertInto('tasks')
        .values(
          part.map(({ id: _id, ...t }) => ({
            ...t,
            project_id: toProject,
            uid: newUid(),
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

  /** Positions, buckets, labels, assignees, reminders and relations inside the project. */
  async copyTaskRows(
    taskMap: Map<number, number>,
    viewMap: Map<number, number>,
    bucketMap: Map<number, number>,
    userId: number,
  ) {
    const oldIds = [...taskMap.keys()];
    if (oldIds.length === 0) return;
    const now = nowIso();
    for (const part of chunks(oldIds)) {
      const positions = await this.db
        .selectFrom('task_positions')
        .selectAll()
        .where('task_id', 'in', part)
        .execute();
      const copiedPositions = positions
        .filter((p) => viewMap.has(p.project_view_id))
        .map((p) => ({
          task_id: taskMap.get(p.task_id)!,
          project_view_id: viewMap.get(p.project_view_id)!,
          position: p.position,
        }));
      await this.insertRows('task_positions', copiedPositions);

      const buckets = await this.db
        .selectFrom('task_buckets')
        .selectAll()
        .where('task_id', 'in', part)
        .execute();
      const copiedBuckets = buckets
        .filter((b) => viewMap.has(b.project_view_id) && bucketMap.has(b.bucket_id))
        .map((b) => ({
          task_id: taskMap.get(b.task_id)!,
          project_view_id: viewMap.get(b.project_view_id)!,
          bucket_id: bucketMap.get(b.bucket_id)!,
        }));
      await this.insertRows('task_buckets', copiedBuckets);

      const labels = await this.db
        .selectFrom('label_tasks')
        .select(['task_id', 'label_id'])
        .where('task_id', 'in', part)
        .execute();
      const copiedLabels = labels.map((l) => ({
        task_id: taskMap.get(l.task_id)!,
        label_id: l.label_id,
        created: now,
      }));
      await this.insertRows('label_tasks', copiedLabels);

      const assignees = await this.db
        .selectFrom('task_assignees')
        .select(['task_id', 'user_id'])
        .where('task_id', 'in', part)
        .orderBy('id')
        .execute();
      await this.insertRows(
        'task_assignees',
        assignees.map((a) => ({ task_id: taskMap.get(a.task_id)!, user_id: a.user_id, created: now })),
      );

      const reminders = await this.db
        .selectFrom('task_reminders')
        .select(['task_id', 'reminder', 'relative_period', 'relative_to'])
        .where('task_id', 'in', part)
        .orderBy('id')
        .execute();
      await this.insertRows(
        'task_reminders',
        reminders.map((r) => ({ ...r, task_id: taskMap.get(r.task_id)!, created: now })),
      );

      // Relations between tasks of the project, both directions, pointing at the copies. A relation
      // to a task elsewhere stays with the original: copying it would change that other task too.
      const relations = await this.db
        .selectFrom('task_relations')
        .select(['task_id', 'other_task_id', 'relation_kind'])
        .where('task_id', 'in', part)
        .orderBy('id')
        .execute();
      await this.insertRows(
        'task_relations',
        relations
          .filter((r) => taskMap.has(r.other_task_id))
          .map((r) => ({
            task_id: taskMap.get(r.task_id)!,
            other_task_id: taskMap.get(r.other_task_id)!,
            relation_kind: r.relation_kind,
            created_by_id: userId,
            created: now,
          })),
      );
    }
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

  /** Inserts the rows, if there are any (an INSERT needs at least one). */
  private async insertRows<T extends keyof Database & string>(
    table: T,
    rows: Insertable<Database[T]>[],
  ): Promise<void> {
    if (rows.length > 0)
      await this.db
        .insertInto(table)
        .values(rows as never)
        .execute();
  }
}
