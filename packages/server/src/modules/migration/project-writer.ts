/**
 * Writes an import plan's projects inside the import's transaction, as a project created in the
 * app would be: the caller owns it, it gets the default position and Ordo's default views, and
 * its kanban view holds the imported buckets (or the seeded To-Do, Doing, Done when the source
 * had none). Tasks go in through the TaskWriter; relations wait until every task exists.
 */
import { defaultPosition } from '@ordo/core';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { FileStore } from '../attachments/files/store.js';
import { FavoritesRepo } from '../favorites/repo.js';
import { ProjectsRepo } from '../projects/repo.js';
import { RELATION_INVERSES, type RelationKind } from '../relations/kinds.js';
import { RelationsRepo } from '../relations/repo.js';
import { sanitizeRichText } from '../rich-text/sanitize.js';
import { createDefaultViews } from '../views/defaults.js';
import { ViewsRepo } from '../views/repo.js';
import { ImportRepo } from './import-repo.js';
import type { ImportPlan, PlanProject, PlanRelation } from './plan.js';
import { hexColorOf } from './task-values.js';
import { TaskWriter } from './task-writer.js';

export class ProjectWriter {
  private readonly projects: ProjectsRepo;
  private readonly views: ViewsRepo;
  private readonly rows: ImportRepo;
  private readonly tasks: TaskWriter;
  /** The new task of each source key, for the relations. */
  private readonly taskIds = new Map<string, number>();
  private readonly relations: { taskId: number; relation: PlanRelation }[] = [];

  constructor(
    private readonly trx: Kysely<Database>,
    private readonly userId: number,
    dialect: Dialect,
    store: FileStore,
  ) {
    this.projects = new ProjectsRepo(trx);
    this.views = new ViewsRepo(trx);
    this.rows = new ImportRepo(trx);
    this.tasks = new TaskWriter(trx, userId, dialect, store);
  }

  /** File ids whose bytes went to the store, to remove should the transaction roll back. */
  get storedFiles(): readonly number[] {
    return this.tasks.storedFiles;
  }

  async write(plan: ImportPlan): Promise<void> {
    for (const project of plan.projects) await this.writeProject(project, 0);
    await this.writeRelations();
  }

  private async writeProject(plan: PlanProject, parentId: number): Promise<void> {
    const identifier = await this.freeIdentifier(plan.identifier);
    const row = await this.projects.insert({
      title: plan.title.slice(0, 250),
      description: sanitizeRichText(plan.description),
      identifier,
      hex_color: hexColorOf(plan.hexColor),
      owner_id: this.userId,
      parent_project_id: parentId,
      position: 0,
    });
    await this.projects.update(row.id, { position: defaultPosition(row.id) });
    await createDefaultViews(this.views, row.id, this.userId);
    if (plan.isFavorite) await new FavoritesRepo(this.trx).set(this.userId, 'project', row.id, true);

    const buckets = await this.writeBuckets(row.id, plan);
    const indexes = taskIndexes(plan.tasks.map((t) => t.index));
    // Each new task goes on top of its views, so the last one shown is written first.
    for (let i = plan.tasks.length - 1; i >= 0; i--) {
      const task = plan.tasks[i];
      const bucketId = task.bucketKey ? (buckets.get(task.bucketKey)?.id ?? 0) : 0;
      const id = await this.tasks.write(task, row.id, indexes[i], bucketId);
      this.taskIds.set(task.key, id);
      for (const relation of task.relations) this.relations.push({ taskId: id, relation });
    }
    for (const bucket of buckets.values()) {
      if (bucket.limit > 0) await this.rows.setBucketLimit(bucket.id, bucket.limit);
    }
    for (const child of plan.children) await this.writeProject(child, row.id);
    if (plan.isArchived) await this.projects.update(row.id, { is_archived: true });
  }

  /** Replaces the seeded buckets with the source's; answers source key → new bucket. */
  private async writeBuckets(projectId: number, plan: PlanProject) {
    const out = new Map<string, { id: number; limit: number }>();
    if (plan.buckets.length === 0) return out;
    const kanban = (await this.views.listForProjects([projectId])).find((v) => v.view_kind === 'kanban');
    if (!kanban) return out;
    await this.rows.deleteBucketsOfView(kanban.id);
    for (const [i, bucket] of plan.buckets.entries()) {
      if (out.has(bucket.key)) continue;
      const row = await this.views.insertBucket({
        project_view_id: kanban.id,
        title: bucket.title.slice(0, 250),
        position: (i + 1) * 100,
        created_by_id: this.userId,
      });
      out.set(bucket.key, { id: row.id, limit: bucket.limit });
    }
    const first = out.values().next().value;
    await this.views.update(kanban.id, {
      default_bucket_id: (plan.defaultBucketKey && out.get(plan.defaultBucketKey)?.id) || first?.id || 0,
      done_bucket_id: (plan.doneBucketKey && out.get(plan.doneBucketKey)?.id) || 0,
    });
    return out;
  }

  /** The source's identifier when it fits and the user has no project with it yet; else none. */
  private async freeIdentifier(identifier: string): Promise<string> {
    const wanted = identifier.trim().toUpperCase();
    if (!wanted || [...wanted].length > 10) return '';
    return (await this.projects.identifierTaken(this.userId, wanted, 0)) ? '' : wanted;
  }

  /**
   * Relations among the imported tasks. Sources list both directions (a subtask and its parent
   * task); each pair is written once, with its inverse. Relations to tasks outside the file are
   * dropped.
   */
  private async writeRelations(): Promise<void> {
    const repo = new RelationsRepo(this.trx);
    const written = new Set<string>();
    for (const { taskId, relation } of this.relations) {
      const otherId = this.taskIds.get(relation.otherKey);
      if (otherId === undefined || otherId === taskId) continue;
      const pair = [taskId, otherId].sort((a, b) => a - b).join(':');
      const kinds = `${pair}:${[relation.kind, inverseOf(relation.kind)].sort().join('/')}`;
      if (written.has(kinds)) continue;
      written.add(kinds);
      await repo.insertPair(taskId, otherId, relation.kind, this.userId);
    }
  }
}

function inverseOf(kind: RelationKind): RelationKind {
  return RELATION_INVERSES[kind];
}

/**
 * The per-project numbers of the tasks, in order: the source's own where it had one and it is
 * unique, else the next free number after the highest.
 */
export function taskIndexes(wanted: readonly number[]): number[] {
  const taken = new Set<number>();
  const out = wanted.map((index) => {
    if (index > 0 && !taken.has(index)) {
      taken.add(index);
      return index;
    }
    return 0;
  });
  let next = Math.max(0, ...taken) + 1;
  return out.map((index) => index || next++);
}
