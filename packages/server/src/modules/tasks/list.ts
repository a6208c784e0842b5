/**
 * Task lists (reference §2.6, §4.1, §4.2): every task the caller can see, one project's tasks,
 * tasks through a view (the view's filter ANDed in, positions from the view, kanban views as
 * buckets), and the Favorites pseudo project.
 */
import { type FilterNode, parseFilter, Right } from '@ordo/core';
import { type SqlBool, sql } from 'kysely';
import { type ReadTogether, readOneByOne } from '../../db/read-batch.js';
import type { ProjectViewRow } from '../../db/schema.js';
import { fail } from '../../http/api-error.js';
import type { CustomFieldScope, CustomFieldScopes } from '../custom-fields/filter-scope.js';
import { FAVORITES_PROJECT_ID, FAVORITES_VIEW_IDS } from '../projects/serialize.js';
import type { ProjectAccess } from '../rights/project-access.js';
import type { RightsService } from '../rights/service.js';
import { parseStoredFilter, readViewFilter, type ViewFilter } from '../views/filter-object.js';
import type { ViewsRepo } from '../views/repo.js';
import { serializeBucket } from '../views/serialize.js';
import type { TaskDetails } from './details.js';
import type { TaskFilterTranslator } from './filter-sql.js';
import { customSortFieldId, type SortParam, type TaskListParams } from './list-params.js';
import type { ActiveProjects, TaskListQuery, TaskListRepo } from './list-repo.js';
import { guessHolds, type RecentView, RecentViews } from './recent-views.js';
import type { SerializedTask } from './serialize.js';
import { notASubtask, SubtaskExpander } from './subtasks.js';
import { readingView, type TaskCondition } from './task-condition.js';

export type TaskListResult =
  | { kind: 'tasks'; tasks: SerializedTask[]; total: number }
  | { kind: 'buckets'; buckets: ReturnType<typeof serializeBucket>[] };

/** Saved filters (pseudo projects below −1) add their own conditions and order to a list. */
export interface SavedFilterLists {
  listScope(
    userId: number,
    projectId: number,
    fields: CustomFieldScope,
  ): Promise<{ conditions: TaskCondition[]; sort: SortParam[] }>;
}

/**
 * A list request as the service reads it once, at its edge: the filter as its parsed tree (every
 * later step works on the tree, never on the text again). `filterTimezone` is '' until a filter
 * with dates needs it (`zoneFor`): the request's own, a view's or a bucket's.
 */
interface ListRequest extends Omit<TaskListParams, 'filter'> {
  filter: () => FilterNode | null;
  /** The custom fields filters may name: those of the projects the list covers, read once. */
  fields: () => Promise<CustomFieldScope>;
  /** The fields `filter` was parsed with (read only when the request has a filter). */
  filterFields?: CustomFieldScope;
}

/**
 * The text parsed at most once: on first use, so that a bad filter answers its error where it
 * always has (after the access checks), and from then on the same tree.
 */
function parsedOnce(parse: () => FilterNode | null): () => FilterNode | null {
  let parsed: { tree: FilterNode | null } | null = null;
  return () => {
    parsed ??= { tree: parse() };
    return parsed.tree;
  };
}

/** Sorting by position or bucket needs a view, whose positions and buckets they are (4026). */
function demandViewForPosition(sort: SortParam[]): void {
  if (sort.some((s) => s.field === 'position' || s.field === 'bucket_id')) throw fail('positionNeedsView');
}

/** The tree, or null for a filter that does not parse (it answers its error in its own turn). */
function treeOrNull(parse: () => FilterNode | null): FilterNode | null {
  try {
    return parse();
  } catch {
    return null;
  }
}

/**
 * What a list through a view does, worked out from the view and the request alone; `params` are
 * the request's with the view's time zone in (see `planThroughView`).
 */
type ViewPlan =
  | { kind: 'filterBuckets'; params: ListRequest; ownConditions: TaskCondition[]; search: string }
  | { kind: 'buckets'; conditions: TaskCondition[]; search: string }
  | {
      kind: 'run';
      params: ListRequest;
      scope: Pick<TaskListQuery, 'viewId' | 'viewHasBuckets' | 'openTasksOf'>;
      conditions: TaskCondition[];
    };

type ListedPage = Awaited<ReturnType<TaskListRepo['list']>>;

/** A list's first reads, started with the rights check from the view as last read. */
interface EarlyReads {
  plan: ViewPlan;
  page?: Promise<ListedPage>;
  buckets?: ReturnType<ViewsRepo['bucketsOf']>;
}

/** The Favorites pseudo project's list view shows open tasks only. */
const OPEN_TASKS = parseFilter('done = false');
const ID_ASC: SortParam = { field: 'id', order: 'asc' };
const POSITION_ASC: SortParam = { field: 'position', order: 'asc' };

export class TaskListService {
  private readonly recentViews = new RecentViews();

  constructor(
    private readonly repo: TaskListRepo,
    private readonly rights: RightsService,
    private readonly access: ProjectAccess,
    private readonly views: ViewsRepo,
    private readonly details: TaskDetails,
    private readonly filters: TaskFilterTranslator,
    private readonly savedFilters: SavedFilterLists,
    private readonly fieldScopes: CustomFieldScopes,
    private readonly readTogether: ReadTogether = readOneByOne,
  ) {}

  /** `GET /tasks/all`: tasks in every non-archived project the caller can see. */
  async all(userId: number, query: TaskListParams): Promise<TaskListResult> {
    const params = await this.read(userId, query, 0);
    return this.run(
      userId,
      params,
      { projectIds: this.activeVisibleProjects(userId), viewId: null },
      this.requestConditions(params),
    );
  }

  /** `GET /projects/:id/tasks`: a flat list without view semantics (position 0). */
  async ofProject(userId: number, projectId: number, query: TaskListParams): Promise<TaskListResult> {
    const params = await this.read(userId, query, projectId);
    if (projectId === FAVORITES_PROJECT_ID) return this.favorites(userId, params, null);
    if (projectId < FAVORITES_PROJECT_ID) {
      return this.savedFilter(userId, projectId, null, params);
    }
    if (projectId < 0) throw fail('projectDoesNotExist');
    // Without any access: 7003, as Vikunja answers this list (reference §2.6).
    await this.access.demand(userId, projectId, Right.read, 'userDoesNotHaveAccess');
    return this.run(
      userId,
      params,
      { projectIds: [projectId], viewId: null },
      this.requestConditions(params),
    );
  }

  async ofView(
    userId: number,
    projectId: number,
    viewId: number,
    query: TaskListParams,
  ): Promise<TaskListResult> {
    let params = await this.read(userId, query, projectId);
    if (projectId === FAVORITES_PROJECT_ID) {
      if (!FAVORITES_VIEW_IDS.includes(viewId)) throw fail('projectViewDoesNotExist');
      return this.favorites(userId, params, viewId);
    }
    if (projectId < FAVORITES_PROJECT_ID) {
      return this.savedFilter(userId, projectId, viewId, params);
    }
    if (projectId < 0) throw fail('projectDoesNotExist');
    // The view is read with the project and the right (PostgreSQL: one round trip); a missing
    // project or right still answers before a missing view. The project's custom fields come in
    // the same trip: a view's own filter needs them to be read (the list view's `done = false`
    // does), and a round trip of its own cost more than reading them for a view without one.
    // With the view as a list through it last read it, the list's first reads go in that trip
    // too, and are used only if the view and fields read now are the same (recent-views.ts).
    const guess = this.recentViews.get(viewId);
    if (guess?.view.project_id === projectId) {
      params = await this.zoneFor(userId, params, () => [this.treeInRequestZone(guess.view, guess.fields)]);
    }
    const [, view, fields, early] = await this.readTogether(() =>
      Promise.all([
        this.access.demand(userId, projectId, Right.read),
        this.views.find(viewId),
        params.fields(),
        guess?.view.project_id === projectId ? this.readEarly(guess, params) : undefined,
      ]),
    );
    if (!view || view.project_id !== projectId) throw fail('projectViewDoesNotExist');
    if (early && guess && guessHolds(guess, view, fields)) return this.carryOut(userId, view, params, early);
    this.recentViews.remember(view, fields);
    return this.throughView(userId, view, params, []);
  }

  /**
   * The first reads of a list through the view as last read, started now (inside the caller's
   * batch). None when that list starts with something else (a search, a filter-mode board).
   */
  private readEarly(guess: RecentView, params: ListRequest): EarlyReads | undefined {
    let plan: ViewPlan;
    try {
      plan = this.planThroughView(guess.view, params, [], guess.fields);
    } catch {
      // A filter that does not read answers its error in its own turn, after the rights check.
      return undefined;
    }
    let early: EarlyReads;
    if (plan.kind === 'run' && !plan.params.s) {
      const scope = { ...plan.scope, projectIds: [guess.view.project_id] };
      early = { plan, page: this.repo.list(this.listQuery(plan.params, scope, plan.conditions)) };
    } else if (plan.kind === 'buckets') {
      early = { plan, buckets: this.views.bucketsOf([guess.view.id]) };
    } else {
      return undefined;
    }
    // Left unread when the rights check fails or the guess no longer holds.
    early.page?.catch(() => {});
    early.buckets?.catch(() => {});
    return early;
  }

  /**
   * A saved filter's tasks come from every active project the owner sees: `(request) && (saved)`,
   * the request's order before the saved one (reference §4.1 "Composition"), then the view's own.
   */
  private async savedFilter(
    userId: number,
    projectId: number,
    viewId: number | null,
    params: ListRequest,
  ): Promise<TaskListResult> {
    const saved = await this.savedFilters.listScope(userId, projectId, await params.fields());
    const sort = [...params.sort, ...saved.sort.filter((s) => !params.sort.some((r) => r.field === s.field))];
    if (viewId === null) {
      const conditions = [...this.requestConditions(params), ...saved.conditions];
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
    params: ListRequest,
    scopeConditions: TaskCondition[],
  ): Promise<TaskListResult> {
    const fields = parseStoredFilter(view.filter)?.filter?.trim() ? await params.fields() : undefined;
    const zoned = await this.zoneFor(userId, params, () => [this.treeInRequestZone(view, fields)]);
    const plan = this.planThroughView(view, zoned, scopeConditions, fields);
    return this.carryOut(userId, view, zoned, { plan });
  }

  /**
   * The view's own filter, parsed, when its dates are read in the request's time zone: null when
   * it has none, it does not parse, or the view names its own zone (which then reads the request's
   * dates too: no zone of the user's is needed for it).
   */
  private treeInRequestZone(view: ProjectViewRow, fields: CustomFieldScope | undefined): FilterNode | null {
    const own = parseStoredFilter(view.filter);
    if (own?.filter_timezone) return null;
    return treeOrNull(() => this.filters.parse(own?.filter ?? '', fields));
  }

  /**
   * What a list through the view does; `fields` are those its filter may name. The view's own
   * `filter_timezone` overrides the request's (reference §4.1 "Composition", as Vikunja reads the
   * two filters as one text in one zone): the dates of both filters are read in it. So does its
   * `filter_include_nulls` when on (as Vikunja's, which only a view's `true` overrides); off, the
   * request's choice holds for the request's filter, and the view's filter keeps its own.
   */
  private planThroughView(
    view: ProjectViewRow,
    request: ListRequest,
    scopeConditions: TaskCondition[],
    fields: CustomFieldScope | undefined,
  ): ViewPlan {
    const viewFilter = parseStoredFilter(view.filter);
    const zone = viewFilter?.filter_timezone;
    const params = {
      ...request,
      ...(zone ? { filterTimezone: zone } : {}),
      ...(viewFilter?.filter_include_nulls ? { filterIncludeNulls: true } : {}),
    };
    const viewTree = this.filters.parse(viewFilter?.filter ?? '', fields);
    const ownConditions = [
      ...scopeConditions,
      ...this.filters.translateParsed(
        viewTree,
        viewFilter?.filter_include_nulls ?? false,
        params.filterTimezone,
        undefined,
        fields,
      ),
    ];
    const search = viewFilter?.s || params.s;
    const bucketed = view.view_kind === 'kanban' && view.bucket_configuration_mode !== 'none';
    if (bucketed && view.bucket_configuration_mode === 'filter') {
      return { kind: 'filterBuckets', params, ownConditions, search };
    }
    const pagingBucket = bucketed && this.filters.mentionsBucket(params.filter());
    // The request's filter ANDed with the view's own filter. A saved filter's board shows its
    // unplaced tasks in the default bucket (see `buckets`): paging that bucket finds them too.
    const conditions = [
      ...(pagingBucket && view.project_id < FAVORITES_PROJECT_ID
        ? this.filters.translateParsed(
            params.filter(),
            params.filterIncludeNulls,
            params.filterTimezone,
            (bucketId) => [unplacedInDefaultBucket(view, bucketId)],
            params.filterFields,
          )
        : this.requestConditions(params)),
      ...ownConditions,
    ];
    if (bucketed && !pagingBucket) {
      return { kind: 'buckets', conditions, search };
    }
    return {
      kind: 'run',
      params: { ...params, s: search },
      scope: {
        viewId: view.id,
        viewHasBuckets: view.view_kind === 'kanban',
        // A project's list of open tasks (the List view's own filter, nothing added) has its
        // total kept by triggers, also when only its top-level tasks are listed.
        openTasksOf:
          view.project_id > 0 &&
          scopeConditions.length === 0 &&
          params.filter() === null &&
          !search &&
          isOpenTasksFilter(viewTree)
            ? { projectId: view.project_id, topLevelOnly: params.expand.has('subtasks') }
            : undefined,
      },
      conditions,
    };
  }

  /** Carries the plan out, from the reads already started for it if any. */
  private async carryOut(
    userId: number,
    view: ProjectViewRow,
    params: ListRequest,
    { plan, page, buckets }: EarlyReads,
  ): Promise<TaskListResult> {
    switch (plan.kind) {
      case 'filterBuckets':
        return this.filterBuckets(userId, view, plan.params, plan.ownConditions, plan.search);
      case 'buckets':
        return this.buckets(userId, view, params, plan.conditions, plan.search, buckets);
      case 'run':
        if (page) return this.pageOf(userId, plan.params, await page);
        return this.run(
          userId,
          plan.params,
          { ...plan.scope, projectIds: await this.scopeOf(userId, view) },
          plan.conditions,
        );
    }
  }

  /**
   * Filter-mode kanban views build their buckets from `bucket_configuration`: bucket i holds the
   * tasks matching its filter, its dates read in the bucket's own `filter_timezone`, else in the
   * list's. Paging one bucket (`filter=bucket_id = i`, alone or with more conditions) reads that
   * bucket's filter.
   */
  private async filterBuckets(
    userId: number,
    view: ProjectViewRow,
    request: ListRequest,
    viewConditions: TaskCondition[],
    search: string,
  ): Promise<TaskListResult> {
    const configuration = parseBucketConfiguration(view.bucket_configuration);
    const fields = await request.fields();
    const params = await this.zoneFor(userId, request, () =>
      configuration.map((c) =>
        c.filter?.filter_timezone
          ? null
          : treeOrNull(() => this.filters.parse(c.filter?.filter ?? '', fields)),
      ),
    );
    // Each bucket's filter is parsed and translated once, however often the request names it.
    const translated = new Map<number, TaskCondition[]>();
    const bucketFilter = (i: number): TaskCondition[] => {
      if (!configuration[i]) return [() => sql<SqlBool>`1 = 0`];
      let conditions = translated.get(i);
      if (!conditions) {
        const filter = configuration[i].filter;
        conditions = this.filters.translate(
          filter?.filter ?? '',
          filter?.filter_include_nulls ?? false,
          filter?.filter_timezone || params.filterTimezone,
          fields,
        );
        translated.set(i, conditions);
      }
      return conditions;
    };
    // Paging one bucket (`bucket_id = i`, the board's own filter ANDed in by the web app): a flat
    // list where bucket_id stands for bucket i's filter.
    if (this.filters.mentionsBucket(params.filter())) {
      return this.run(
        userId,
        { ...params, filter: () => null, s: search },
        { projectIds: await this.scopeOf(userId, view), viewId: view.id },
        [
          ...this.filters.translateParsed(
            params.filter(),
            params.filterIncludeNulls,
            params.filterTimezone,
            bucketFilter,
            fields,
          ),
          ...viewConditions,
        ],
      );
    }
    const requestConditions = this.requestConditions(params);
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
    params: ListRequest,
    conditions: TaskCondition[],
    search: string,
    /** The view's buckets, when already asked for. */
    early?: ReturnType<ViewsRepo['bucketsOf']>,
  ): Promise<TaskListResult> {
    const buckets = await (early ?? this.views.bucketsOf([view.id]));
    const defaultBucketId = view.default_bucket_id || buckets[0]?.id;
    const sort = this.sortFor(params.sort, view.id);
    const limit = params.page.limit ?? params.page.perPage;
    // A plain board (a project's view, no filter, no search) counts all its buckets in one grouped
    // query on task_buckets, which only holds the project's tasks, instead of one count per bucket
    // over the joined task rows.
    const plain = view.project_id > 0 && conditions.length === 0 && !search;
    const projectIds = await this.scopeOf(userId, view);
    // The counts, every bucket's page and the buckets' creators go out together (PostgreSQL: one
    // round trip).
    const [counts, board, creators] = await this.readTogether(() =>
      Promise.all([
        plain ? this.views.bucketCounts(buckets.map((b) => b.id)) : null,
        this.repo.boardPages(
          {
            projectIds,
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
        this.repo.usersByIds([...new Set(buckets.map((b) => b.created_by_id))]),
      ]),
    );
    const totals = counts ?? board.totals!;
    const rows = buckets.flatMap((bucket) => board.pages.get(bucket.id)!);
    const tasks = await this.details.serialize(userId, rows, {
      placements: board.placements,
      expand: params.expand,
    });
    const byId = new Map(tasks.map((t) => [t.id, t]));
    return {
      kind: 'buckets',
      buckets: buckets.map((bucket) =>
        serializeBucket(
          bucket,
          creators.find((u) => u.id === bucket.created_by_id),
          totals.get(bucket.id) ?? 0,
          board.pages.get(bucket.id)!.map((r) => {
            const task = byId.get(r.id)!;
            // An unplaced task of a saved filter's board is in the default bucket it is shown in.
            if (!task.bucket_id) task.bucket_id = bucket.id;
            return task;
          }),
        ),
      ),
    };
  }

  private async favorites(
    userId: number,
    params: ListRequest,
    viewId: number | null,
  ): Promise<TaskListResult> {
    // Without a view, position means nothing (4026, as for any list without one); the pseudo
    // views have no stored positions: sorting by position is dropped for them.
    if (viewId === null) demandViewForPosition(params.sort);
    const sort = params.sort.filter((s) => s.field !== 'position' && s.field !== 'bucket_id');
    const conditions = [
      ...this.requestConditions(params),
      ...(viewId === -1 ? this.filters.translateParsed(OPEN_TASKS, false, params.filterTimezone) : []),
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
    params: ListRequest,
    scope: Pick<TaskListQuery, 'favoritesOf' | 'viewId' | 'viewHasBuckets' | 'openTasksOf'> & {
      projectIds: number[] | ActiveProjects;
    },
    conditions: TaskCondition[],
  ): Promise<TaskListResult> {
    const query = this.listQuery(params, scope, conditions);
    const ranked = await this.repo.rankedPage(query);
    if (ranked) {
      const tasks = await this.details.serializeRead(userId, ranked.ids, ranked.readRows, {
        expand: params.expand,
      });
      return { kind: 'tasks', tasks, total: ranked.total };
    }
    const projectIds = Array.isArray(scope.projectIds)
      ? scope.projectIds
      : await this.repo.projectIdsOf(scope.projectIds);
    return this.pageOf(userId, params, await this.repo.list({ ...query, projectIds }));
  }

  /** The query of a list's page (its scope's project ids may still be a sub-query). */
  private listQuery(
    params: ListRequest,
    scope: Omit<TaskListQuery, 'search' | 'rankBySearch' | 'conditions' | 'sort' | 'limit' | 'offset'>,
    conditions: TaskCondition[],
  ): TaskListQuery {
    return {
      ...scope,
      search: params.s,
      rankBySearch: params.sort.length === 0,
      conditions: [...conditions, ...(params.expand.has('subtasks') ? [notASubtask] : [])],
      sort: this.sortFor(params.sort, scope.viewId),
      limit: params.page.limit,
      offset: params.page.offset,
    };
  }

  /** A page's tasks with their details, and (when asked for) the subtasks below them. */
  private async pageOf(
    userId: number,
    params: ListRequest,
    { rows, placements, total }: ListedPage,
  ): Promise<TaskListResult> {
    const subtasks = params.expand.has('subtasks');
    const expander = subtasks ? new SubtaskExpander(this.repo, this.rights, this.details) : null;
    // The subtasks' query goes out with the page's details (PostgreSQL: one round trip).
    const [page, below] = await this.readTogether(() =>
      Promise.all([
        this.details.serialize(userId, rows, { placements, expand: params.expand }),
        expander?.below(
          userId,
          rows.map((r) => r.id),
        ),
      ]),
    );
    const tasks = expander && below ? await expander.append(userId, page, below, params.expand) : page;
    return { kind: 'tasks', tasks, total };
  }

  /** The requested order plus the tie-breakers: `position asc` through a view, `id asc` always. */
  private sortFor(requested: SortParam[], viewId: number | null): SortParam[] {
    if (viewId === null) demandViewForPosition(requested);
    const sort = [...requested];
    if (viewId !== null && !sort.some((s) => s.field === 'position')) sort.push(POSITION_ASC);
    if (!sort.some((s) => s.field === 'id')) sort.push(ID_ASC);
    return sort;
  }

  /**
   * The request as the list works on it: the filter parsed once for the whole request, its time
   * zone read when its filter has dates (`zoneFor`).
   */
  private async read(userId: number, params: TaskListParams, projectId: number): Promise<ListRequest> {
    let loaded: Promise<CustomFieldScope> | undefined;
    // The fields of the project listed (a pseudo project or none: of every project the user reads).
    const fields = () => {
      loaded ??= this.fieldScopes.forProject(userId, projectId);
      return loaded;
    };
    // Read only for a filter: a plain list costs no query more.
    const scope = params.filter ? await fields() : undefined;
    const filter = parsedOnce(() => this.filters.parse(params.filter, scope));
    await this.demandSortFields(userId, params.sort);
    return this.zoneFor(userId, { ...params, filter, fields, filterFields: scope }, () => [
      treeOrNull(filter),
    ]);
  }

  /**
   * The request with its time zone settled when one of the filters compares dates: the
   * `filter_timezone` asked for, else the user's own, else UTC. A list without dates in its
   * filters reads no time zone: on PostgreSQL, where the user's row comes with the list's first
   * reads (session-check-with-reads.ts), that would be a round trip of its own. `filters` are
   * parsed only when the request named no time zone (the web app always names one).
   */
  private async zoneFor(
    userId: number,
    params: ListRequest,
    filters: () => (FilterNode | null)[],
  ): Promise<ListRequest> {
    if (params.filterTimezone || !filters().some((tree) => this.filters.readsDates(tree))) return params;
    return { ...params, filterTimezone: (await this.repo.timeZoneOf(userId)) || 'UTC' };
  }

  /** `sort_by=field_<id>` names a field of a project the caller reads (4016 otherwise). */
  private async demandSortFields(userId: number, sort: readonly SortParam[]): Promise<void> {
    const custom = sort.filter((s) => customSortFieldId(s.field) !== undefined);
    if (custom.length === 0) return;
    const ids = custom.map((s) => customSortFieldId(s.field)!);
    if (!(await this.fieldScopes.allReadable(userId, ids))) throw fail('invalidTaskField', [custom[0].field]);
  }

  /** The request's own filter as SQL conditions. */
  private requestConditions(params: ListRequest): TaskCondition[] {
    return this.filters.translateParsed(
      params.filter(),
      params.filterIncludeNulls,
      params.filterTimezone,
      undefined,
      params.filterFields,
    );
  }

  /** A view lists its project's tasks; a saved filter's view, those of every active visible project. */
  private async scopeOf(userId: number, view: ProjectViewRow): Promise<number[]> {
    if (view.project_id >= FAVORITES_PROJECT_ID) return [view.project_id];
    return this.repo.projectIdsOf(this.activeVisibleProjects(userId));
  }

  /**
   * The active projects the user sees. Lists read their ids once: the list's queries (page, count,
   * buckets) then match a short list instead of each working out the visible projects again
   * (SQLite: about 90 µs a query; PostgreSQL: up to 1.8 ms of planning a query).
   */
  private activeVisibleProjects(userId: number): ActiveProjects {
    return this.repo.activeProjectsAmong(this.rights.visibleProjectIds(userId));
  }
}

/**
 * Is the filter exactly `done = false`, a project's open tasks? Their count is kept by triggers
 * (migration 0012).
 */
function isOpenTasksFilter(tree: FilterNode | null): boolean {
  return (
    tree !== null &&
    tree.type !== 'junction' &&
    tree.field === 'done' &&
    tree.comparator === '=' &&
    tree.values.length === 1 &&
    tree.values[0] === false
  );
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

/**
 * `bucket_id = id` on a saved filter's board: the task's bucket row names it, or the task has no
 * row in the view and `id` is the view's default bucket (the one its board shows them in: the
 * view's default, else its first bucket).
 */
function unplacedInDefaultBucket(view: ProjectViewRow, bucketId: number): TaskCondition {
  const bucket = sql.ref('tb.bucket_id');
  const isDefault = view.default_bucket_id
    ? view.default_bucket_id === bucketId
      ? sql<SqlBool>`1 = 1`
      : sql<SqlBool>`1 = 0`
    : sql<SqlBool>`CAST(${bucketId} AS INTEGER) = (SELECT b.id FROM buckets b WHERE b.project_view_id = ${view.id} ORDER BY b.position, b.id LIMIT 1)`;
  return readingView((eb) => eb.or([eb(bucket, '=', bucketId), eb.and([eb(bucket, 'is', null), isDefault])]));
}
