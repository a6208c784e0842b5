/** Project views (reference §2.5, §5.11): read with R, create/update/delete with A. */
import { defaultPosition, Right } from '@ordo/core';
import type { Kysely } from 'kysely';
import type { Database, ProjectViewRow } from '../../db/schema.js';
import { fail, invalidFields } from '../../http/api-error.js';
import { titleProblem } from '../input/fields.js';
import type { PublishChanges } from '../live/publisher.js';
import { FAVORITES_PROJECT_ID, favoritesProject } from '../projects/serialize.js';
import type { ProjectAccess } from '../rights/project-access.js';
import { seedKanbanBuckets } from './defaults.js';
import { readViewFilter, storeViewFilter, type ViewFilter } from './filter-object.js';
import type { ViewsRepo } from './repo.js';
import { serializeView } from './serialize.js';

/**
 * Vikunja's four kinds, and Ordo's `calendar` (a list of the view's tasks drawn on days). New
 * projects still get only Vikunja's four; a calendar is added in the project's views settings.
 */
export const VIEW_KINDS = ['list', 'gantt', 'table', 'kanban', 'calendar'] as const;
export const BUCKET_MODES = ['none', 'manual', 'filter'] as const;

export interface ViewInput {
  title?: string;
  view_kind?: string;
  filter?: unknown;
  position?: number;
  bucket_configuration_mode?: string;
  bucket_configuration?: unknown;
  default_bucket_id?: number;
  done_bucket_id?: number;
}

/**
 * Checks a view filter's text before it is stored; the task-list module supplies it. The filter
 * may name the custom fields of the view's project (of every project the user reads for a saved
 * filter's view).
 */
export type ViewFilterCheck = (
  filter: ViewFilter,
  where: { userId: number; projectId: number },
) => Promise<void>;

/** Views of a saved filter's pseudo project (ids below −1) belong to the filter's owner. */
export type PseudoProjectViewAccess = (userId: number, projectId: number) => Promise<void>;

export class ViewsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly views: ViewsRepo,
    private readonly access: ProjectAccess,
    private readonly checkFilter: ViewFilterCheck,
    private readonly pseudoAccess: PseudoProjectViewAccess,
    private readonly publish: PublishChanges,
  ) {}

  /**
   * The caller's right on the project, at least `needed` (saved filters: their owner, as admin).
   * Buckets check their views' project through this too.
   */
  async demand(userId: number, projectId: number, needed: Right): Promise<Right> {
    if (projectId < FAVORITES_PROJECT_ID) {
      await this.pseudoAccess(userId, projectId);
      return Right.admin;
    }
    return (await this.access.demand(userId, projectId, needed)).right;
  }

  async list(userId: number, projectId: number) {
    if (projectId === FAVORITES_PROJECT_ID) return favoritesProject(undefined, null).views;
    await this.demand(userId, projectId, Right.read);
    return (await this.views.listForProjects([projectId])).map(serializeView);
  }

  async get(userId: number, projectId: number, viewId: number) {
    if (projectId === FAVORITES_PROJECT_ID) {
      const view = favoritesProject(undefined, null).views.find((v) => v.id === viewId);
      if (!view) throw fail('projectViewDoesNotExist');
      return { view, right: Right.read };
    }
    const right = await this.demand(userId, projectId, Right.read);
    return { view: serializeView(await this.viewOf(projectId, viewId)), right };
  }

  /** The view, which must belong to the project (3014 otherwise). */
  async viewOf(projectId: number, viewId: number): Promise<ProjectViewRow> {
    const view = await this.views.find(viewId);
    if (!view || view.project_id !== projectId) throw fail('projectViewDoesNotExist');
    return view;
  }

  async create(userId: number, projectId: number, input: ViewInput) {
    if (projectId === FAVORITES_PROJECT_ID) throw fail('forbidden');
    await this.demand(userId, projectId, Right.admin);
    const fields = await this.readFields(input, null, { userId, projectId });
    const id = await this.db.transaction().execute(async (trx) => {
      const repo = this.views.with(trx);
      let view = await repo.insert({ project_id: projectId, ...fields, position: fields.position ?? 0 });
      if (!fields.position) {
        await repo.update(view.id, { position: defaultPosition(view.id) });
      }
      if (view.view_kind === 'kanban' && view.bucket_configuration_mode === 'manual') {
        view = await seedKanbanBuckets(repo, view, userId);
      }
      return view.id;
    });
    this.told('view.created', projectId, userId, id);
    return serializeView((await this.views.find(id))!);
  }

  async update(userId: number, projectId: number, viewId: number, input: ViewInput) {
    if (projectId === FAVORITES_PROJECT_ID) throw fail('forbidden');
    await this.demand(userId, projectId, Right.admin);
    const view = await this.viewOf(projectId, viewId);
    const fields = await this.readFields(input, view, { userId, projectId });
    const kanban = fields.view_kind === 'kanban';
    const defaultBucket = kanban ? await this.bucketIdFor(view, input.default_bucket_id) : 0;
    const doneBucket = kanban ? await this.bucketIdFor(view, input.done_bucket_id) : 0;
    await this.db.transaction().execute(async (trx) => {
      const repo = this.views.with(trx);
      await repo.update(viewId, {
        ...fields,
        position: fields.position ?? view.position,
        // Leaving kanban keeps the buckets, so switching back restores them and their ids.
        ...(kanban ? { default_bucket_id: defaultBucket, done_bucket_id: doneBucket } : {}),
      });
      if (kanban && fields.bucket_configuration_mode === 'manual') {
        const buckets = await repo.bucketsOf([viewId]);
        const updated = (await repo.find(viewId))!;
        if (buckets.length === 0) await seedKanbanBuckets(repo, updated, userId);
        else
          await repo.fillBucketWithUnplacedTasks(
            projectId,
            viewId,
            updated.default_bucket_id || buckets[0].id,
          );
      }
    });
    this.told('view.updated', projectId, userId, viewId);
    return serializeView((await this.views.find(viewId))!);
  }

  async delete(userId: number, projectId: number, viewId: number): Promise<void> {
    if (projectId === FAVORITES_PROJECT_ID) throw fail('forbidden');
    await this.demand(userId, projectId, Right.admin);
    await this.viewOf(projectId, viewId);
    await this.views.delete(viewId);
    this.told('view.deleted', projectId, userId, viewId);
  }

  /** Saved filters' views (negative projects) belong to one user: no one else watches them. */
  private told(
    change: 'view.created' | 'view.updated' | 'view.deleted',
    projectId: number,
    userId: number,
    viewId: number,
  ) {
    if (projectId > 0) this.publish({ change, projectId, actorId: userId, viewId });
  }

  /** A default/done bucket id for a kanban view: another view's bucket → 10002, a stale id → 0. */
  private async bucketIdFor(view: ProjectViewRow, requested: number | undefined): Promise<number> {
    if (!requested) return 0;
    const bucket = await this.views.findBucket(requested);
    if (!bucket) return 0;
    if (bucket.project_view_id !== view.id) throw fail('bucketNotInView');
    return bucket.id;
  }

  private async readFields(
    input: ViewInput,
    existing: ProjectViewRow | null,
    where: { userId: number; projectId: number },
  ) {
    const title = input.title ?? '';
    const kind = input.view_kind || 'list';
    const problems = [titleProblem(title)];
    if (!(VIEW_KINDS as readonly string[]).includes(kind)) {
      problems.push(`view_kind: ${kind} does not validate as in(${VIEW_KINDS.join('|')})`);
    }
    const requestedMode = input.bucket_configuration_mode;
    if (requestedMode && !(BUCKET_MODES as readonly string[]).includes(requestedMode)) {
      problems.push(
        `bucket_configuration_mode: ${requestedMode} does not validate as in(none|manual|filter)`,
      );
    }
    const found = problems.filter((p): p is string => p !== null);
    if (found.length > 0) throw invalidFields(found);

    const filter = readViewFilter(input.filter);
    const check = (f: ViewFilter) => this.checkFilter(f, where);
    if (filter) await check(filter);
    let mode = 'none';
    if (kind === 'kanban') {
      const stored = existing?.view_kind === 'kanban' ? existing.bucket_configuration_mode : undefined;
      mode = requestedMode || stored || 'manual';
      if (mode === 'none') mode = 'manual';
    }
    const configuration =
      mode === 'filter' ? await readBucketConfiguration(input.bucket_configuration, check) : null;
    return {
      title,
      view_kind: kind,
      filter: storeViewFilter(filter),
      position: input.position || undefined,
      bucket_configuration_mode: mode,
      bucket_configuration: configuration,
    };
  }
}

/** `[{title, filter}]` for filter-mode kanban views, stored as JSON text. */
async function readBucketConfiguration(
  value: unknown,
  check: (filter: ViewFilter) => Promise<void>,
): Promise<string | null> {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value)) throw invalidFields(['bucket_configuration: must be a list']);
  const items: { title: string; filter: ViewFilter | null }[] = [];
  for (const [i, item] of value.entries()) {
    const raw = (item ?? {}) as Record<string, unknown>;
    const title = typeof raw.title === 'string' ? raw.title : '';
    const problem = titleProblem(title, `bucket_configuration[${i}].title`);
    if (problem) throw invalidFields([problem]);
    const filter = readViewFilter(raw.filter);
    if (filter) await check(filter);
    items.push({ title, filter });
  }
  return JSON.stringify(items);
}
