/**
 * Writes an import plan's projects as a project created in the app would be: the caller owns it,
 * it gets the default position and Ordo's default views, and its kanban view holds the imported
 * buckets (or the seeded To-Do, Doing, Done when the source had none). Tasks go in through the
 * TaskWriter; relations wait until every task exists.
 *
 * The writing comes as a sequence of small steps (a project, one task, some relations), each run
 * in the transaction the job runner hands it, so the runner can commit a batch of steps, let other
 * requests in and go on. Steps are made lazily: a step may use what the steps before it wrote
 * (the new project's id, its buckets). Tasks go in a slice at a time (TaskWriter.writeSlice).
 */
import { defaultPosition, RELATION_INVERSES, type RelationKind } from '@ordo/core';
import type { Kysely } from 'kysely';
import type { Db, Dialect } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { FileStore } from '../attachments/files/store.js';
import { importFields, importValues } from '../custom-fields/imported.js';
import { FavoritesRepo } from '../favorites/repo.js';
import { ProjectsRepo } from '../projects/repo.js';
import { RelationsRepo } from '../relations/repo.js';
import { sanitizeRichText } from '../rich-text/sanitize.js';
import { TasksRepo } from '../tasks/repo.js';
import { createDefaultViews } from '../views/defaults.js';
import { ViewsRepo } from '../views/repo.js';
import { ImportRepo } from './import-repo.js';
import type { ImportPlan, PlanProject, PlanRelation, PlanTask } from './plan.js';
import type { CreatedRows } from './status-repo.js';
import { hexColorOf } from './task-values.js';
import { TaskWriter } from './task-writer.js';

/** One piece of the write, run inside a batch's transaction. */
export type WriteStep = (trx: Kysely<Database>) => Promise<void>;

const RELATIONS_PER_STEP = 50;
/**
 * Tasks written in one step: small enough that a step stays well inside a batch's time on SQLite
 * (where others wait for it); on PostgreSQL larger, as each statement costs a round trip.
 */
const TASKS_PER_STEP = { sqlite: 25, postgres: 100 } as const;

export class ProjectWriter {
  private readonly tasks: TaskWriter;
  /** The new task of each source key some relation points at, for the relations. */
  private readonly taskIds = new Map<string, number>();
  /** The source keys relations point at (only their new ids are kept, not a million others). */
  private referenced = new Set<string>();
  private readonly relations: { taskId: number; relation: PlanRelation }[] = [];
  private readonly projectIds: number[] = [];
  /** Tasks and buckets written into existing projects, for a rollback. */
  private readonly addedTaskIds: number[] = [];
  private readonly addedBucketIds: number[] = [];
  /** Tasks written so far, for the progress. */
  tasksWritten = 0;
  stage: 'writing' | 'relations' = 'writing';

  private readonly tasksPerStep: number;

  private readonly dialect: Dialect;

  /** `db` is the job's database: its dialect, and on PostgreSQL the vocabulary's own writes. */
  constructor(
    private readonly userId: number,
    db: Db,
    store: FileStore,
  ) {
    this.dialect = db.dialect;
    this.tasks = new TaskWriter(userId, db.dialect === 'postgres' ? db.kysely : null, store);
    this.tasksPerStep = TASKS_PER_STEP[db.dialect];
  }

  /** File ids whose bytes went to the store, in order. */
  get storedFiles(): readonly number[] {
    return this.tasks.storedFiles;
  }

  /** What is written so far (as far as the steps run), for a rollback. */
  get created(): CreatedRows {
    return {
      projects: [...this.projectIds],
      labels: [...this.tasks.createdLabels],
      tasks: [...this.addedTaskIds],
      buckets: [...this.addedBucketIds],
    };
  }

  /**
   * The steps. The plan's tasks are let go of as their steps are made, so a large plan's memory
   * shrinks as it is written rather than staying until the end.
   */
  *steps(plan: ImportPlan): Generator<WriteStep> {
    this.referenced = referencedKeys(plan.projects);
    const labels = plan.labels ?? [];
    if (labels.length > 0) {
      yield async (trx) => {
        for (const label of labels) await this.tasks.labelId(trx, label);
      };
    }
    for (const project of plan.projects) yield* this.projectSteps(project, 0);
    this.stage = 'relations';
    yield* this.relationSteps();
  }

  private *projectSteps(plan: PlanProject, parentId: number): Generator<WriteStep> {
    let projectId = 0;
    let buckets = new Map<string, { id: number; limit: number }>();
    let fields: Awaited<ReturnType<typeof importFields>> = new Map();
    yield async (trx) => {
      if (plan.existingId) {
        projectId = plan.existingId;
        buckets = await this.matchBuckets(trx, projectId, plan);
        fields = await importFields(trx, projectId, plan.customFields ?? []);
        return;
      }
      const projects = new ProjectsRepo(trx);
      const identifier = await this.freeIdentifier(projects, plan.identifier);
      const row = await projects.insert({
        title: plan.title.slice(0, 250),
        description: sanitizeRichText(plan.description),
        identifier,
        hex_color: hexColorOf(plan.hexColor),
        owner_id: this.userId,
        parent_project_id: parentId,
        position: 0,
      });
      projectId = row.id;
      this.projectIds.push(row.id);
      await projects.update(row.id, { position: defaultPosition(row.id) });
      await createDefaultViews(new ViewsRepo(trx), row.id, this.userId);
      if (plan.isFavorite) await new FavoritesRepo(trx).set(this.userId, 'project', row.id, true);
      buckets = await this.writeBuckets(trx, row.id, plan);
      fields = await importFields(trx, row.id, plan.customFields ?? []);
    };

    const indexes = taskIndexes(plan.tasks.map((t) => t.index));
    const all: (PlanTask | undefined)[] = plan.tasks;
    for (let from = 0; from < all.length; from += this.tasksPerStep) {
      const tasks = all.slice(from, from + this.tasksPerStep) as PlanTask[];
      all.fill(undefined, from, from + tasks.length);
      yield async (trx) => {
        // An existing project's tasks keep their numbers; the new ones come after the highest.
        const base = plan.existingId ? (await new TasksRepo(trx, this.dialect).nextIndex(projectId)) - 1 : 0;
        const slice = tasks.map((task, k) => ({
          task,
          index: plan.existingId ? base + k + 1 : indexes[from + k],
          position: defaultPosition(from + k + 1),
          bucketId: task.bucketKey ? (buckets.get(task.bucketKey)?.id ?? 0) : 0,
        }));
        const ids = await this.tasks.writeSlice(trx, projectId, slice);
        if (plan.existingId) this.addedTaskIds.push(...ids);
        for (const [k, task] of tasks.entries())
          if (task.customValues?.length) await importValues(trx, ids[k], task.customValues, fields);
        tasks.forEach((task, k) => {
          if (this.referenced.has(task.key)) this.taskIds.set(task.key, ids[k]);
          for (const relation of task.relations) this.relations.push({ taskId: ids[k], relation });
        });
        this.tasksWritten += tasks.length;
      };
    }
    yield async (trx) => {
      const rows = new ImportRepo(trx);
      for (const bucket of buckets.values()) {
        if (bucket.limit > 0) await rows.setBucketLimit(bucket.id, bucket.limit);
      }
    };
    plan.tasks = [];
    for (const child of plan.children) yield* this.projectSteps(child, projectId);
    if (plan.isArchived) {
      yield async (trx) => {
        await new ProjectsRepo(trx).update(projectId, { is_archived: true });
      };
    }
  }

  /** Replaces the seeded buckets with the source's; answers source key → new bucket. */
  private async writeBuckets(trx: Kysely<Database>, projectId: number, plan: PlanProject) {
    const out = new Map<string, { id: number; limit: number }>();
    if (plan.buckets.length === 0) return out;
    const views = new ViewsRepo(trx);
    const kanban = (await views.listForProjects([projectId])).find((v) => v.view_kind === 'kanban');
    if (!kanban) return out;
    await new ImportRepo(trx).deleteBucketsOfView(kanban.id);
    for (const [i, bucket] of plan.buckets.entries()) {
      if (out.has(bucket.key)) continue;
      const row = await views.insertBucket({
        project_view_id: kanban.id,
        title: bucket.title.slice(0, 250),
        position: (i + 1) * 100,
        created_by_id: this.userId,
      });
      out.set(bucket.key, { id: row.id, limit: bucket.limit });
    }
    const first = out.values().next().value;
    await views.update(kanban.id, {
      default_bucket_id: (plan.defaultBucketKey && out.get(plan.defaultBucketKey)?.id) || first?.id || 0,
      done_bucket_id: (plan.doneBucketKey && out.get(plan.doneBucketKey)?.id) || 0,
    });
    return out;
  }

  /**
   * The buckets of an existing project's first kanban view that the plan's buckets name (by
   * title, ignoring case); those it lacks are added after the last one.
   */
  private async matchBuckets(trx: Kysely<Database>, projectId: number, plan: PlanProject) {
    const out = new Map<string, { id: number; limit: number }>();
    if (plan.buckets.length === 0) return out;
    const views = new ViewsRepo(trx);
    const kanban = (await views.listForProjects([projectId])).find(
      (v) => v.view_kind === 'kanban' && v.bucket_configuration_mode === 'manual',
    );
    if (!kanban) return out;
    const existing = await views.bucketsOf([kanban.id]);
    let position = Math.max(0, ...existing.map((b) => b.position));
    for (const bucket of plan.buckets) {
      const found = existing.find((b) => b.title.toLowerCase() === bucket.title.trim().toLowerCase());
      if (found) {
        out.set(bucket.key, { id: found.id, limit: 0 });
        continue;
      }
      position += 100;
      const row = await views.insertBucket({
        project_view_id: kanban.id,
        title: bucket.title.slice(0, 250),
        position,
        created_by_id: this.userId,
      });
      this.addedBucketIds.push(row.id);
      existing.push(row);
      out.set(bucket.key, { id: row.id, limit: 0 });
    }
    return out;
  }

  /** The source's identifier when it fits and the user has no project with it yet; else none. */
  private async freeIdentifier(projects: ProjectsRepo, identifier: string): Promise<string> {
    const wanted = identifier.trim().toUpperCase();
    if (!wanted || [...wanted].length > 10) return '';
    return (await projects.identifierTaken(this.userId, wanted, 0)) ? '' : wanted;
  }

  /**
   * Relations among the imported tasks. Sources list both directions (a subtask and its parent
   * task); each pair is written once, with its inverse. Relations to tasks outside the file are
   * dropped.
   */
  private *relationSteps(): Generator<WriteStep> {
    const written = new Set<string>();
    const pairs: { taskId: number; otherId: number; kind: RelationKind }[] = [];
    for (const { taskId, relation } of this.relations) {
      const otherId = this.taskIds.get(relation.otherKey);
      if (otherId === undefined || otherId === taskId) continue;
      const pair = [taskId, otherId].sort((a, b) => a - b).join(':');
      const kinds = `${pair}:${[relation.kind, inverseOf(relation.kind)].sort().join('/')}`;
      if (written.has(kinds)) continue;
      written.add(kinds);
      pairs.push({ taskId, otherId, kind: relation.kind });
    }
    for (let i = 0; i < pairs.length; i += RELATIONS_PER_STEP) {
      const slice = pairs.slice(i, i + RELATIONS_PER_STEP);
      yield async (trx) => {
        const repo = new RelationsRepo(trx);
        for (const p of slice) await repo.insertPair(p.taskId, p.otherId, p.kind, this.userId);
      };
    }
  }
}

function referencedKeys(projects: readonly PlanProject[]): Set<string> {
  const keys = new Set<string>();
  const visit = (project: PlanProject) => {
    for (const task of project.tasks) for (const relation of task.relations) keys.add(relation.otherKey);
    for (const child of project.children) visit(child);
  };
  for (const project of projects) visit(project);
  return keys;
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
