/**
 * Task lists (reference §2.6, §4.1, §4.2): every task the caller can see, one project's tasks,
 * tasks through a view (the view's filter ANDed in, positions from the view, kanban views as
 * buckets), and the Favorites pseudo project.
 */
import { Right } from '@ordo/core';
import type { Kysely } from 'kysely';
import { type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { reusedQuery } from '../../db/reused-query.js';
import type { Database, ProjectViewRow } from '../../db/schema.js';
import { fail } from '../../http/api-error.js';
import { FAVORITES_PROJECT_ID, FAVORITES_VIEW_IDS } from '../projects/serialize.js';
import type { ProjectAccess } from '../rights/project-access.js';
import type { RightsService } from '../rights/service.js';
import { parseStoredFilter, readViewFilter, type ViewFilter } from '../views/filter-object.js';
import type { ViewsRepo } from '../views/repo.js';
import { serializeBucket } from '../views/serialize.js';
import type { TaskDetails } from './details.js';
import type { TaskFilterTranslator } from './filter-sql.js';
import type { SortParam, TaskListParams } from './list-params.js';
import type { TaskCondition, TaskListQuery, TaskListRepo } from './list-repo.js';
import type { SerializedTask } from './serialize.js';
import { notASubtask, SubtaskExpander } from './subtasks.js';

export type TaskListResult =
  | { kind: 'tasks'; tasks: SerializedTask[]; total: number }
  | { kind: 'buckets'; buckets: ReturnType<typeof serializeBucket>[] };

/** Saved filters (pseudo projects below −1) add their own conditions and order to a list. */
export interface SavedFilterLists {
  listScope(userId: number, projectId: number): Promise<{ conditions: TaskCondition[]; sort: SortParam[] }>;
}

/** The sub-query of a user's active visible projects (`activeVisibleProjects`). */
type ActiveProjects = SelectQueryBuilder<Database, 'projects', { id: number }>;

const ID_ASC: SortParam = { field: 'id', order: 'asc' };
const POSITION_ASC: SortParam = { field: 'position', order: 'asc' };

export class TaskListService {
  private readonly timeZoneOf;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly repo: TaskListRepo,
    private readonly rights: RightsService,
    private readonly access: ProjectAccess,
    private readonly views: ViewsRepo,
    private readonly details: TaskDetails,
    private readonly filters: TaskFilterTranslator,
    private readonly savedFilters: SavedFilterLists,
  ) {
    this.timeZoneOf = reusedQuery(db, (userId: number) =>
      db.selectFrom('users').select('timezone').where('id', '=', userId),
    );
  }

  /** `GET /tasks/all`: tasks in every non-archived project the caller can see. */
  async all(userId: number, query: TaskListParams): Promise<TaskListResult> {
    const params = await this.withTimeZone(userId, query);
    return this.run(userId, params, { projectIds: this.activeVisibleProjects(userId), viewId: null });
  }

  /** `GET /projects/:id/tasks`: a flat list without view semantics (position 0). */
  async ofProject(userId: number, projectId: number, query: TaskListParams): Promise<TaskListResult> {
    const params = await this.withTimeZone(userId, query);
    if (projectId === FAVORITES_PROJECT_ID) return this.favorites(userId, params, null);
    if (projectId < FAVORITES_PROJECT_ID) {
      return this.savedFilter(userId, projectId, null, params);
    }
    if (projectId < 0) throw fail('projectDoesNotExist');
    await this.access.demand(userId, projectId, Right.read);
    return this.run(userId, params, { projectIds: [projectId], viewId: null });
  }

  async ofView(
    userId: number,
    projectId: number,
    viewId: number,
    query: TaskListParams,
  ): Promise<TaskListResult> {
    const params = await this.withTimeZone(userId, query);
    if (projectId === FAVORITES_PROJECT_ID) {
      if (!FAVORITES_VIEW_IDS.includes(viewId)) throw fail('projectViewDoesNotExist');
      return this.favorites(userId, params, viewId);
    }
    if (projectId < FAVORITES_PROJECT_ID) {
      return this.savedFilter(userId, projectId, viewId, params);
    }
    if (projectId < 0) throw fail('projectDoesNotExist');
    await this.access.demand(userId, projectId, Right.read);
    const view = await this.views.find(viewId);
    if (!view || view.project_id !== projectId) throw fail('projectViewDoesNotExist');
    return this.throughView(userId, view, params, []);
  }

  /**
   * A saved filter's tasks come from every active project the owner sees: `(request) && (saved)`,
   * the request's order before the saved one (reference §4.1 "Composition"), then the view's own.
   */
  private async savedFilter(
    userId: number,
    projectId: number,
    viewId: number | null,
    params: TaskListParams,
  ): Promise<TaskListResult> {
    const saved = await this.savedFilters.listScope(userId, projectId);
    const sort = [...params.sort, ...saved.sort.filter((s) => !params.sort.some((r) => r.field === s.field))];
    if (viewId === null) {
      const conditions = [
        ...this.filters.translate(params.filter, params.filterIncludeNulls, params.filterTimezone),
        ...saved.conditions,
      ];
      return this.run(
        userId,
        { ...params, sort },
        { projectIds: this.activeVisibleProjects(userId), viewId: null },
        conditions,
      );
    }
    const view = await this.views.find(viewId);
    if (!view || view.project_id !== projectId) throw fail('projectViewDoesNotExist');
    return this.throughView(userId, view, { ...params, sort }, saved.conditions);
  }

  /** Tasks through a view: its own filter ANDed in, its positions, kanban views as buckets. */
  private async throughView(
    userId: number,
    view: ProjectViewRow,
    params: TaskListParams,
    scopeConditions: TaskCondition[],
  ): Promise<TaskListResult> {
    const viewFilter = parseStoredFilter(view.filter);
    const ownConditions = [
      ...scopeConditions,
      ...this.filters.translate(
        viewFilter?.filter ?? '',
        viewFilter?.filter_include_nulls ?? false,
        params.filterTimezone,
      ),
    ];
    const search = viewFilter?.s || params.s;
    const bucketed = view.view_kind === 'kanban' && view.bucket_configuration_mode !== 'none';
    if (bucketed && view.bucket_configuration_mode === 'filter') {
      return this.filterBuckets(userId, view, params, ownConditions, search);
    }
    // The request's filter ANDed with the view's own filter.
    const conditions = [
      ...this.filters.translate(params.filter, params.filterIncludeNulls, params.filterTimezone),
      ...ownConditions,
    ];
    if (bucketed && !this.filters.mentionsBucket(params.filter)) {
      return this.buckets(userId, view, params, conditions, search);
    }
    return this.run(
      userId,
      { ...params, s: search },
      {
        projectIds: await this.scopeOf(userId, view),
        viewId: view.id,
        viewHasBuckets: view.view_kind === 'kanban',
        // A project's list of open tasks (the List view's own filter, nothing added) has its
        // total kept by triggers.
        openTasksOf:
          view.project_id > 0 &&
          scopeConditions.length === 0 &&
          !params.filter.trim() &&
          !search &&
          !params.expand.has('subtasks') &&
          /^\s*done\s*=\s*false\s*$/.test(viewFilter?.filter ?? '')
            ? view.project_id
            : undefined,
      },
      conditions,
    );
  }

  /**
   * Filter-mode kanban views build their buckets from `bucket_configuration`: bucket i holds the
   * tasks matching its filter. Paging one bucket (`filter=bucket_id = i`, alone or with more
   * conditions) reads that bucket's filter.
   */
  private async filterBuckets(
    userId: number,
    view: ProjectViewRow,
    params: TaskListParams,
    viewConditions: TaskCondition[],
    search: string,
  ): Promise<TaskListResult> {
    const configuration = parseBucketConfiguration(view.bucket_configuration);
    const bucketFilter = (i: number): TaskCondition[] => {
      if (!configuration[i]) return [() => sql<SqlBool>`1 = 0`];
      const filter = configuration[i].filter;
      return this.filters.translate(
        filter?.filter ?? '',
        filter?.filter_include_nulls ?? false,
        params.filterTimezone,
      );
    };
    // Paging one bucket (`bucket_id = i`, the board's own filter ANDed in by the web app): a flat
    // list where bucket_id stands for bucket i's filter.
    if (this.filters.mentionsBucket(params.filter)) {
      return this.run(
        userId,
        { ...params, filter: '', s: search },
        { projectIds: await this.scopeOf(userId, view), viewId: view.id },
        [
          ...this.filters.translate(
            params.filter,
            params.filterIncludeNulls,
            params.filterTimezone,
            bucketFilter,
          ),
          ...viewConditions,
        ],
      );
    }
    const requestConditions = this.filters.translate(
      params.filter,
      params.filterIncludeNulls,
      params.filterTimezone,
    );
    const sort = this.sortFor(params.sort, view.id);
    const limit = params.page.limit ?? params.page.perPage;
    const projectIds = await this.scopeOf(userId, view);
    const pages = await Promise.all(
      configuration.map((_, i) =>
        this.repo.list({
          projectIds,
          viewId: view.id,
          search,
          conditions: [...requestConditions, ...viewConditions, ...bucketFilter(i)],
          sort,
          limit,
          offset: params.page.offset,
        }),
      ),
    );
    const rows = pages.flatMap((p) => p.rows);
    const placements = new Map(pages.flatMap((p) => [...p.placements]));
    const tasks = await this.details.serialize(userId, rows, { placements, expand: params.expand });
    const byId = new Map(tasks.map((t) => [t.id, t]));
    return {
      kind: 'buckets',
      buckets: configuration.map((item, i) => ({
        id: i,
        title: item.title,
        project_view_id: view.id,
        tasks: pages[i].rows.map((r) => byId.get(r.id)!),
        limit: 0,
        count: pages[i].total,
        position: i,
        created: view.created,
        updated: view.updated,
        created_by: null,
      })),
    };
  }

  /** Manual kanban views answer their buckets, each with its first page of tasks and its count. */
  private async buckets(
    userId: number,
    view: ProjectViewRow,
    params: TaskListParams,
    conditions: TaskCondition[],
    search: string,
  ): Promise<TaskListResult> {
    const buckets = await this.views.bucketsOf([view.id]);
    const defaultBucketId = view.default_bucket_id || buckets[0]?.id;
    const sort = this.sortFor(params.sort, view.id);
    const limit = params.page.limit ?? params.page.perPage;
    // A plain board (a project's view, no filter, no search) counts all its buckets in one grouped
    // query on task_buckets, which only holds the project's tasks, instead of one count per bucket
    // over the joined task rows.
    const plain = view.project_id > 0 && conditions.length === 0 && !search;
    const [counts, board] = await Promise.all([
      plain ? this.views.bucketCounts(buckets.map((b) => b.id)) : null,
      this.repo.boardPages(
        {
          projectIds: await this.scopeOf(userId, view),
          viewId: view.id,
          search,
          conditions,
          sort,
          limit,
          offset: params.page.offset,
        },
        // A saved filter's tasks are not placed in its kanban view until moved: they start in the
        // default bucket.
        buckets.map((bucket) => ({
          id: bucket.id,
          takesUnplaced: view.project_id < FAVORITES_PROJECT_ID && bucket.id === defaultBucketId,
        })),
        !plain,
      ),
    ]);
    const totals = counts ?? board.totals!;
    const rows = buckets.flatMap((bucket) => board.pages.get(bucket.id)!);
    const tasks = await this.details.serialize(userId, rows, {
      placements: board.placements,
      expand: params.expand,
    });
    const byId = new Map(tasks.map((t) => [t.id, t]));
    const creators = await this.db
      .selectFrom('users')
      .selectAll()
      .where('id', 'in', [...new Set(buckets.map((b) => b.created_by_id)), 0])
      .execute();
    return {
      kind: 'buckets',
      buckets: buckets.map((bucket) =>
        serializeBucket(
          bucket,
          creators.find((u) => u.id === bucket.created_by_id),
          totals.get(bucket.id) ?? 0,
          board.pages.get(bucket.id)!.map((r) => byId.get(r.id)!),
        ),
      ),
    };
  }

  private async favorites(
    userId: number,
    params: TaskListParams,
    viewId: number | null,
  ): Promise<TaskListResult> {
    // The pseudo views have no stored positions: sorting by position is dropped for them.
    const sort = params.sort.filter((s) => s.field !== 'position' && s.field !== 'bucket_id');
    const conditions = [
      ...this.filters.translate(params.filter, params.filterIncludeNulls, params.filterTimezone),
      ...(viewId === -1 ? this.filters.translate('done = false', false, params.filterTimezone) : []),
    ];
    return this.run(
      userId,
      { ...params, sort },
      { projectIds: this.activeVisibleProjects(userId), favoritesOf: userId, viewId: null },
      conditions,
    );
  }

  /**
   * One page of tasks. The scope is a list of project ids, or the sub-query of the caller's active
   * projects: a ranked search works that out inside its own statement; any other list reads the ids
   * first, so that its queries match a short list (see `activeVisibleProjects`).
   */
  private async run(
    userId: number,
    params: TaskListParams,
    scope: Pick<TaskListQuery, 'favoritesOf' | 'viewId' | 'viewHasBuckets' | 'openTasksOf'> & {
      projectIds: number[] | ActiveProjects;
    },
    conditions?: TaskCondition[],
  ): Promise<TaskListResult> {
    const subtasks = params.expand.has('subtasks');
    const query: TaskListQuery = {
      ...scope,
      search: params.s,
      rankBySearch: params.sort.length === 0,
      conditions: [
        ...(conditions ??
          this.filters.translate(params.filter, params.filterIncludeNulls, params.filterTimezone)),
        ...(subtasks ? [notASubtask] : []),
      ],
      sort: this.sortFor(params.sort, scope.viewId),
      limit: params.page.limit,
      offset: params.page.offset,
    };
    const ranked = await this.repo.rankedPage(query);
    if (ranked) {
      const tasks = await this.details.serializeRead(userId, ranked.ids, ranked.readRows, {
        expand: params.expand,
      });
      return { kind: 'tasks', tasks, total: ranked.total };
    }
    const projectIds = Array.isArray(scope.projectIds)
      ? scope.projectIds
      : (await scope.projectIds.execute()).map((r) => r.id);
    const { rows, placements, total } = await this.repo.list({ ...query, projectIds });
    const page = await this.details.serialize(userId, rows, { placements, expand: params.expand });
    const tasks = subtasks
      ? await new SubtaskExpander(this.db, this.rights, this.details).append(userId, page, params.expand)
      : page;
    return { kind: 'tasks', tasks, total };
  }

  /** The requested order plus the tie-breakers: `position asc` through a view, `id asc` always. */
  private sortFor(requested: SortParam[], viewId: number | null): SortParam[] {
    if (viewId === null && requested.some((s) => s.field === 'position' || s.field === 'bucket_id')) {
      throw fail('positionNeedsView');
    }
    const sort = [...requested];
    if (viewId !== null && !sort.some((s) => s.field === 'position')) sort.push(POSITION_ASC);
    if (!sort.some((s) => s.field === 'id')) sort.push(ID_ASC);
    return sort;
  }

  /** Filter dates without a `filter_timezone` are read in the user's time zone, else in UTC. */
  private async withTimeZone(userId: number, params: TaskListParams): Promise<TaskListParams> {
    if (params.filterTimezone) return params;
    const [user] = await this.timeZoneOf(userId);
    return { ...params, filterTimezone: user?.timezone || 'UTC' };
  }

  /** A view lists its project's tasks; a saved filter's view, those of every active visible project. */
  private async scopeOf(userId: number, view: ProjectViewRow): Promise<number[]> {
    if (view.project_id >= FAVORITES_PROJECT_ID) return [view.project_id];
    const rows = await this.activeVisibleProjects(userId).execute();
    return rows.map((r) => r.id);
  }

  /**
   * The active projects the user sees. Lists read their ids once: the list's queries (page, count,
   * buckets) then match a short list instead of each working out the visible projects again
   * (SQLite: about 90 µs a query; PostgreSQL: up to 1.8 ms of planning a query).
   */
  private activeVisibleProjects(userId: number): ActiveProjects {
    return this.db
      .selectFrom('projects')
      .select('projects.id')
      .where('projects.id', 'in', this.rights.visibleProjectIds(userId))
      .where('projects.is_archived', '=', false);
  }
}

/** The stored `[{title, filter}]` of a filter-mode kanban view. */
function parseBucketConfiguration(stored: string | null): { title: string; filter: ViewFilter | null }[] {
  if (!stored) return [];
  try {
    const items = JSON.parse(stored) as { title?: unknown; filter?: unknown }[];
    return items.map((item) => ({ title: String(item.title ?? ''), filter: readViewFilter(item.filter) }));
  } catch {
    return [];
  }
}
