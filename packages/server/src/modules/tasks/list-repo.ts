/**
 * The one query behind every task list: a scope of projects, the view's positions and buckets,
 * search, filters (already translated to SQL), sorting with nulls last, and paging. It returns
 * task rows; `TaskDetails` fills the rest for the whole page.
 */
import { type Expression, type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { Dialect } from '../../db/database.js';
import { pageWindow, reusablePageWindow } from '../../db/page-window.js';
import { type ReadTogether, readOneByOne } from '../../db/read-batch.js';
import { type ReusedQuery, reusedQuery } from '../../db/reused-query.js';
import type { Database, TaskRow, UserRow } from '../../db/schema.js';
import type { FieldValuesMatch } from '../custom-fields/filter-match.js';
import type { TaskSearch } from '../search/task-search-repo.js';
import type { IdentifiedTaskRow } from './details.js';
import { customSortFieldId, type SortParam } from './list-params.js';
import {
  type BoardBucket,
  bucketPagePlan,
  isIdOrder,
  listPlan,
  readsView,
  type TaskListQuery,
  type TaskSource,
  viewSource,
} from './list-plan.js';
import { ListTotals } from './list-totals.js';
import type { ViewPlacement } from './serialize.js';
import type { TaskEb } from './task-condition.js';

/** The sub-query of a user's active visible projects (`activeProjectsAmong`). */
export type ActiveProjects = SelectQueryBuilder<Database, 'projects', { id: number }>;

export type { BoardBucket, TaskListQuery } from './list-plan.js';

/** A page of a ranked search (`rankedPage`): its task ids, best first, and how many match. */
export interface RankedPage {
  ids: number[];
  total: number;
  /** The page's task rows in rank order (a task deleted since the search is left out). */
  readRows(): Promise<IdentifiedTaskRow[]>;
}

/** The window count a PostgreSQL search page carries (see `list`). */
const MATCH_COUNT = 'ordo_match_count';

/** Columns that may be NULL and must sort last in either direction. */
const NULLABLE_SORT = new Set(['done_at', 'due_date', 'start_date', 'end_date', 'position', 'bucket_id']);

/**
 * Within one bucket, position and id are read from the task_buckets row (equal by migration 0006),
 * so the page walks the bucket's order index instead of sorting all of the bucket's tasks.
 */
function sortExpression(field: string, withinBucket: boolean, placed: boolean) {
  if (field === 'position') return sql.ref(withinBucket ? 'tb.position' : 'tp.position');
  if (field === 'bucket_id') return sql.ref('tb.bucket_id');
  if (field === 'id' && withinBucket) return sql.ref('tb.task_id');
  // Tasks read through the view's position index: (position, id) is that index's own order, so
  // nothing is sorted (migration 0014).
  if (field === 'id' && placed) return sql.ref('tp.task_id');
  return sql.ref(`tasks.${field}`);
}

/** Adds `sort` to a query, nulls last in either direction. */
function orderedBy<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  sort: SortParam[],
  withinBucket: boolean,
  placed = false,
): SelectQueryBuilder<DB, TB, O> {
  let result = query;
  for (const { field, order } of sort) {
    const fieldId = customSortFieldId(field);
    if (fieldId !== undefined) {
      result = orderedByCustomField(result, fieldId, order);
      continue;
    }
    const expr = sortExpression(field, withinBucket, placed);
    if (NULLABLE_SORT.has(field)) result = result.orderBy(sql`(${expr} IS NULL)`);
    result = result.orderBy(expr, order);
  }
  return result;
}

/**
 * By a custom field's value, tasks without one last in either direction: a field keeps numbers
 * (number, checkbox, user) or texts (the other kinds), so one of the two terms decides and the
 * other is NULL throughout. A multiple choice sorts by its first option in text order. The field
 * id is a checked integer, written as a literal so a cached statement stays one shape per field.
 */
function orderedByCustomField<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  fieldId: number,
  order: 'asc' | 'desc',
): SelectQueryBuilder<DB, TB, O> {
  const value = (column: string) =>
    sql`(SELECT min(${sql.ref(`cfs.${column}`)}) FROM task_field_values cfs WHERE cfs.task_id = tasks.id AND cfs.field_id = ${sql.lit(fieldId)})`;
  const missing = sql`(NOT EXISTS (SELECT 1 FROM task_field_values cfs WHERE cfs.task_id = tasks.id AND cfs.field_id = ${sql.lit(fieldId)}))`;
  return query.orderBy(missing).orderBy(value('num_value'), order).orderBy(value('text_value'), order);
}

/** The view's columns a board page reads with each task. */
interface BoardPlacementColumns {
  view_position: number | null;
  view_bucket_id: number | null;
}

export interface BoardPages {
  /** Each bucket's page of task rows, in order. */
  pages: Map<number, TaskRow[]>;
  placements: Map<number, ViewPlacement>;
  /** Tasks per bucket, when asked for. */
  totals: Map<number, number> | null;
}

export class TaskListRepo {
  private readonly openTaskCount;
  private readonly openTopLevelTaskCount;
  private readonly userTimeZone;
  /** Tasks by id with their project's identifier, so that no query for it waits on the rows. */
  private readonly identifiedTasks;
  private readonly totals: ListTotals;
  private readonly plainBucketPages = new Map<
    string,
    ReusedQuery<[number, readonly number[], number, readonly number[]], TaskRow & BoardPlacementColumns>
  >();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly search: TaskSearch,
    private readonly dialect: Dialect,
    private readonly readTogether: ReadTogether = readOneByOne,
  ) {
    this.totals = new ListTotals(db);
    this.openTaskCount = reusedQuery(db, (projectId: number) =>
      db.selectFrom('project_open_task_counts').select('task_count').where('project_id', '=', projectId),
    );
    // One statement: the counter less the open subtasks, which are read from their own index.
    this.openTopLevelTaskCount = reusedQuery(db, (projectId: number) =>
      db.selectNoFrom((eb) =>
        eb(
          eb.fn.coalesce(
            eb
              .selectFrom('project_open_task_counts')
              .select('task_count')
              .where('project_id', '=', projectId),
            eb.lit(0),
          ),
          '-',
          eb
            .selectFrom('project_subtasks as ps')
            .innerJoin('tasks', 'tasks.id', 'ps.task_id')
            .select((c) => c.fn.countAll<number>().as('n'))
            .where('ps.project_id', '=', projectId)
            .where('tasks.done', '=', false),
        ).as('n'),
      ),
    );
    this.userTimeZone = reusedQuery(db, (userId: number) =>
      db.selectFrom('users').select('timezone').where('id', '=', userId),
    );
    this.identifiedTasks = reusedQuery(db, (ids: readonly number[]) =>
      db
        .selectFrom('tasks')
        .innerJoin('projects', 'projects.id', 'tasks.project_id')
        .selectAll('tasks')
        .select('projects.identifier as project_identifier')
        .where('tasks.id', 'in', ids),
    );
  }

  /**
   * Tasks with the view's columns, from the named source (see `TaskSource`). A list without a
   * view joins one row of NULLs instead: joining the real tables there made SQLite read every task
   * in scope through the project index and sort them all, where it can now walk tasks in id order
   * and stop at the page.
   */
  private fromTasks(source: TaskSource) {
    const nulls = <A extends 'tp' | 'tb'>(alias: A, columns: string[]) =>
      this.db.selectNoFrom(columns.map((c) => sql<number>`NULL`.as(c))).as(alias);
    // A list, gantt or table view never has task_buckets rows: a row of NULLs stands in for them.
    const noBuckets = nulls('tb', ['task_id', 'project_view_id', 'bucket_id', 'position']);
    const noPositions = nulls('tp', ['task_id', 'project_view_id', 'position']);
    const joined = (id: number) =>
      this.db
        .selectFrom('tasks')
        .leftJoin('task_positions as tp', (join) =>
          join.onRef('tp.task_id', '=', 'tasks.id').on('tp.project_view_id', '=', id),
        )
        .leftJoin('task_buckets as tb', (join) =>
          join.onRef('tb.task_id', '=', 'tasks.id').on('tb.project_view_id', '=', id),
        );
    type Joined = ReturnType<typeof joined>;
    switch (source.from) {
      case 'tasks':
        return this.db.selectFrom('tasks') as unknown as Joined;
      case 'noView':
      case 'noViewInIdOrder': {
        const table: 'tasks' = source.from === 'noView' ? 'tasks' : TASKS_NOT_INDEXED;
        return this.db
          .selectFrom(table)
          .leftJoin(noPositions, (join) => join.onTrue())
          .leftJoin(noBuckets, (join) => join.onTrue()) as unknown as Joined;
      }
      case 'view':
        if (source.withBuckets) return joined(source.viewId);
        return this.db
          .selectFrom('tasks')
          .leftJoin('task_positions as tp', (join) =>
            join.onRef('tp.task_id', '=', 'tasks.id').on('tp.project_view_id', '=', source.viewId),
          )
          .leftJoin(noBuckets, (join) => join.onTrue()) as unknown as Joined;
      case 'placed': {
        // Only tasks with a position in the view: an inner join lets SQLite walk the position index.
        const viewId = source.viewId;
        const placed = this.db
          .selectFrom('task_positions as tp')
          // CROSS JOIN keeps this order in SQLite: the position index drives, tasks are looked up.
          .crossJoin('tasks')
          .whereRef('tasks.id', '=', 'tp.task_id')
          .where('tp.project_view_id', '=', viewId);
        return (source.withBuckets
          ? placed.leftJoin('task_buckets as tb', (join) =>
              join.onRef('tb.task_id', '=', 'tasks.id').on('tb.project_view_id', '=', viewId),
            )
          : placed.leftJoin(noBuckets, (join) => join.onTrue())) as unknown as Joined;
      }
      case 'bucketRows':
        // One bucket's tasks, from its task_buckets rows, which carry the task's position in the
        // view too (migration 0006): no lookup in task_positions per task. Conditions must not read `tp`.
        return this.db
          .selectFrom('task_buckets as tb')
          .crossJoin('tasks')
          .whereRef('tasks.id', '=', 'tb.task_id')
          .where('tb.project_view_id', '=', source.viewId)
          .leftJoin(noPositions, (join) => join.onTrue()) as unknown as Joined;
    }
  }

  /**
   * A ranked search with no view, no other order and nothing but the scope: the page and the count
   * come from the term index alone (TaskSearch.rankedMatches), and only the page's tasks are read.
   * Ranking every match from its row read each matching task (`plumber`, 2,400 matches: 1,760
   * heap pages on PostgreSQL). Null when the list is not such a search, or the index cannot answer
   * it: `list` answers then.
   *
   * The scope may be a sub-query: it is then worked out inside the search's own statement instead
   * of in a round trip before it. The page's rows are read by `readRows`, so that the caller can
   * send that query together with the page's details.
   */
  async rankedPage(q: TaskListQuery): Promise<RankedPage | null> {
    const search = q.search;
    if (!search || !q.rankBySearch || q.viewId !== null || q.limit === null || !isIdOrder(q.sort))
      return null;
    if (q.conditions.length > 0 || q.favoritesOf !== undefined || q.bucketId !== undefined) return null;
    const matches = await this.search.rankedMatches(search, q.projectIds, q.limit, q.offset);
    if (!matches) return null;
    const { ids, total } = matches;
    const readRows = async (): Promise<IdentifiedTaskRow[]> => {
      if (ids.length === 0) return [];
      // By id alone: the search's statement has just kept to the scope.
      const found = await this.identifiedTasks(ids);
      const byId = new Map(found.map((row) => [row.id, row]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    };
    return { ids, total, readRows };
  }

  async list(
    q: TaskListQuery,
  ): Promise<{ rows: TaskRow[]; placements: Map<number, ViewPlacement>; total: number }> {
    // No project in scope (`IN ()` is not SQL): nothing to list.
    if (Array.isArray(q.projectIds) && q.projectIds.length === 0) {
      return { rows: [], placements: new Map(), total: 0 };
    }
    const plan = listPlan(q, this.dialect);
    const source = viewSource(q);
    const base = this.filtered(q, source);
    const select = (from: typeof base) =>
      from.selectAll('tasks').select(['tp.position as view_position', 'tb.bucket_id as view_bucket_id']);
    const ordered = (query: ReturnType<typeof select>, sort: SortParam[], placed = false) =>
      orderedBy(query, sort, plan.withinBucket, placed);
    const search = q.search;

    /**
     * Through a view, sorted by position first: the tasks with a position in the view come first,
     * read in the order of the (view, position) index so SQLite stops at the page instead of
     * sorting every task in scope; the tasks without one follow (nulls last).
     */
    const byPosition = async (viewId: number) => {
      const [first, ...rest] = q.sort;
      const placedBase = this.filtered(q, {
        from: 'placed',
        viewId,
        withBuckets: q.viewHasBuckets !== false,
      });
      const placed = ordered(select(placedBase).orderBy(sql.ref('tp.position'), first.order), rest, true);
      // Built only when the placed tasks do not fill the page.
      const unplaced = () => ordered(select(base.where('tp.task_id', 'is', null)), rest);
      if (q.limit === null) return [...(await placed.execute()), ...(await unplaced().execute())];
      const placedRows = await pageWindow(placed, this.dialect, q.limit, q.offset).execute();
      if (placedRows.length === q.limit) return placedRows;
      // A short page ends the placed tasks, so their count is known unless this page is past them.
      const placedCount =
        placedRows.length > 0
          ? q.offset + placedRows.length
          : Number(
              (await placedBase.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
            );
      const unplacedRows = await unplaced()
        .limit(q.limit - placedRows.length)
        .offset(Math.max(0, q.offset - placedCount))
        .execute();
      return [...placedRows, ...unplacedRows];
    };

    // The page in the requested order, from `from` (the list's own source, or the id-order walk).
    const pageQuery = (from: typeof base) => {
      let page = select(from);
      if (plan.count === 'windowInPage') {
        page = page.select(sql<number>`count(*) over ()`.as(MATCH_COUNT)) as unknown as typeof page;
      }
      if (plan.ranked) {
        page = page.orderBy((eb) => this.search.relevance(eb as unknown as TaskEb, search), 'desc');
      }
      page = ordered(page, q.sort);
      return q.limit !== null ? pageWindow(page, this.dialect, q.limit, q.offset) : page;
    };
    // The count needs the view's tables only when a condition reads them: the LEFT JOINs are on
    // unique keys, so they never change the count, but they cost two index probes per task.
    // Counting the matches straight from the full-text index is cheaper too (0.9 against 1.0 ms).
    // (Also the fallback of a window count, which the plan does not name: read the conditions.)
    // A total kept from an earlier count stands while its projects' versions do (ListTotals); a
    // search is counted each time (what it matches is kept by the search index's own jobs).
    const countQuery = () => {
      const counting = (readsView(q) ? base : this.filtered(q, { from: 'tasks' })).select((eb) =>
        eb.fn.countAll<number>().as('n'),
      );
      return Array.isArray(q.projectIds) && !search
        ? this.totals.count(counting, q.projectIds)
        : counting.executeTakeFirstOrThrow();
    };
    const startCounting = () =>
      plan.count === 'openTaskCounter'
        ? this.openTasks(q.openTasksOf!)
        : plan.count === 'countFieldValues'
          ? this.countFieldValues(q.conditions[0].fieldValues!, q.projectIds as number[])
          : plan.count === 'countTasks' || plan.count === 'countWithView'
            ? countQuery()
            : null;
    const readPage = (counting: Promise<{ n: number }> | null) => {
      switch (plan.page) {
        case 'byPosition':
          return byPosition(q.viewId!);
        case 'inIdOrder':
          return counting!.then((c) =>
            this.pageInIdOrder(
              () => pageQuery(base).execute(),
              () => pageQuery(this.filtered(q, { from: 'noViewInIdOrder' })).execute(),
              Number(c.n),
              q.offset + q.limit!,
            ),
          );
        case 'ordered':
          return pageQuery(base).execute();
      }
    };
    // The count and the page's first query go out together (PostgreSQL: one round trip).
    const [rows, count] = await this.readTogether(() => {
      const counting = startCounting();
      return Promise.all([readPage(counting), counting]);
    });
    // A page past the end has no row to carry the window count: the count query answers then.
    const total =
      plan.count === 'windowInPage'
        ? rows.length > 0
          ? Number((rows[0] as unknown as Record<string, unknown>)[MATCH_COUNT])
          : Number((await countQuery()).n)
        : count
          ? Number(count.n)
          : rows.length;
    const placements = new Map<number, ViewPlacement>();
    // Rows keep their view columns: copying them without (object rest) costs more than it saves.
    for (const row of rows)
      placements.set(row.id, { position: row.view_position, bucket_id: row.view_bucket_id });
    return { rows: rows as TaskRow[], placements, total };
  }

  /**
   * The tasks with a matching custom field value, from the value rows of the fields of the
   * projects in scope (FieldValuesMatch): the (field, value) index answers without a task row.
   */
  private async countFieldValues(
    match: FieldValuesMatch,
    projectIds: readonly number[],
  ): Promise<{ n: number }> {
    const inScope = new Set(projectIds);
    const fieldIds = match.fields.filter((f) => inScope.has(f.projectId)).map((f) => f.id);
    if (fieldIds.length === 0) return { n: 0 };
    return this.db
      .selectFrom('task_field_values as cfv')
      .where('cfv.field_id', 'in', fieldIds)
      .where((eb) => match.where(eb))
      .select((eb) =>
        (match.oneRowPerTask ? eb.fn.countAll<number>() : eb.fn.count<number>('cfv.task_id').distinct()).as(
          'n',
        ),
      )
      .executeTakeFirstOrThrow();
  }

  /** A project's open tasks, from the counter the triggers keep. */
  private async openTasks({ projectId, topLevelOnly }: { projectId: number; topLevelOnly: boolean }) {
    if (topLevelOnly) {
      const [row] = await this.openTopLevelTaskCount(projectId);
      return { n: Number(row.n) };
    }
    const [row] = await this.openTaskCount(projectId);
    return { n: Number(row?.task_count ?? 0) };
  }

  /**
   * A page in id order on SQLite, once the matches are counted. SQLite's planner picks a
   * project-led index and sorts every match whenever the scope is a list of projects: right when
   * the matches are few, slow when they are most of a big table (20,000 of 100,000 tasks: 2.7 ms).
   * Walking the table in id order (no index) and stopping at the page costs about the rows it
   * reads, so with the table's size and the count the cheaper way is known: walk when the rows
   * read, about (offset + limit) × table size / matches, are under a sixth of the matches (the
   * sort costs about a sixth of a row read per match, measured).
   */
  private async pageInIdOrder<R>(
    sorted: () => Promise<R[]>,
    walked: () => Promise<R[]>,
    matches: number,
    through: number,
  ): Promise<R[]> {
    if (matches === 0) return [];
    const { n: tableSize } = await this.highestTaskId();
    return through * Number(tableSize ?? 0) * 6 >= matches * matches ? sorted() : walked();
  }

  /** The highest task id: the size of the table a walk in id order reads through. */
  private highestTaskId(): Promise<{ n: number | null }> {
    return this.db
      .selectFrom('tasks')
      .select((eb) => eb.fn.max('id').as('n'))
      .executeTakeFirstOrThrow() as Promise<{ n: number | null }>;
  }

  /**
   * The page of every bucket of a board. Each bucket's page is its own `ORDER BY … LIMIT` query,
   * which walks the bucket's (bucket, position) index and stops at the page. Measured on the
   * 5 × 2,000-task benchmark board, the alternatives cost more: a window function
   * (ROW_NUMBER() OVER (PARTITION BY bucket)) numbers all 10,000 tasks before keeping 25 per bucket
   * (6–24 ms on SQLite), and one UNION ALL of the five pages copies every row through a sub-query
   * (about 0.2 ms more than five statements). With `withTotals`, one grouped count over the tasks
   * in scope answers every bucket's total, instead of one count per bucket.
   */
  async boardPages(
    q: Omit<TaskListQuery, 'bucketId' | 'unplacedInBucket' | 'withTotal' | 'rankBySearch' | 'limit'> & {
      viewId: number;
      limit: number;
    },
    buckets: BoardBucket[],
    withTotals: boolean,
  ): Promise<BoardPages> {
    if (Array.isArray(q.projectIds) && q.projectIds.length === 0) {
      const empty = new Map(buckets.map((b) => [b.id, [] as TaskRow[]]));
      return { pages: empty, placements: new Map(), totals: withTotals ? new Map() : null };
    }
    const page = (bucket: BoardBucket) => {
      const plan = bucketPagePlan(q, bucket);
      if (plan === 'plainBucket') {
        // The offset goes as a list: none on a first page, where it is written as 0 (see below).
        const laterOffset = q.offset === 0 ? [] : [q.offset];
        return this.plainBucketPage(q.sort, q.limit)(
          q.viewId,
          q.projectIds as number[],
          bucket.id,
          laterOffset,
        );
      }
      const bucketQuery = { ...q, bucketId: bucket.id, unplacedInBucket: bucket.takesUnplaced };
      const base = this.filtered(
        bucketQuery,
        plan === 'bucketRows' ? { from: 'bucketRows', viewId: q.viewId } : viewSource(q),
      )
        .selectAll('tasks')
        .select([
          plan === 'bucketRows' ? 'tb.position as view_position' : 'tp.position as view_position',
          'tb.bucket_id as view_bucket_id',
        ]);
      return pageWindow(
        orderedBy(base, q.sort, !bucket.takesUnplaced),
        this.dialect,
        q.limit,
        q.offset,
      ).execute();
    };
    const [results, totals] = await Promise.all([
      Promise.all(buckets.map(page)),
      withTotals ? this.boardTotals(q, buckets) : null,
    ]);
    const pages = new Map<number, TaskRow[]>();
    const placements = new Map<number, ViewPlacement>();
    buckets.forEach((bucket, i) => {
      // The rows keep their view columns: copying them without (object rest) costs more than it saves.
      for (const row of results[i]) {
        placements.set(row.id, { position: row.view_position, bucket_id: row.view_bucket_id });
      }
      pages.set(bucket.id, results[i] as TaskRow[]);
    });
    return { pages, placements, totals };
  }

  /**
   * One bucket's page of a plain board (no filter, search or favourites) in this order: the same
   * query for every bucket of every board, so it is built and compiled once per order and page
   * size (see db/reused-query.ts); a board runs one per bucket. Its window: db/page-window.ts.
   */
  private plainBucketPage(sort: SortParam[], limit: number) {
    const key = `${sort.map((s) => `${s.field} ${s.order}`).join(',')}|${limit}`;
    let run = this.plainBucketPages.get(key);
    if (!run) {
      run = reusedQuery(
        this.db,
        (viewId: number, projectIds: readonly number[], bucketId: number, laterOffset: readonly number[]) => {
          const bucketQuery: TaskListQuery = {
            projectIds: [...projectIds],
            viewId,
            bucketId,
            search: '',
            conditions: [],
            sort,
            limit,
            offset: 0,
          };
          const rows = this.filtered(bucketQuery, { from: 'bucketRows', viewId })
            .selectAll('tasks')
            .select(['tb.position as view_position', 'tb.bucket_id as view_bucket_id']);
          return reusablePageWindow(orderedBy(rows, sort, true), limit, laterOffset);
        },
      );
      // Orders and page sizes come from requests: a bounded number of them is kept.
      if (this.plainBucketPages.size < 32) this.plainBucketPages.set(key, run);
    }
    return run;
  }

  /** Tasks per bucket of a board in one grouped count; unplaced tasks count for the bucket taking them. */
  private async boardTotals(q: TaskListQuery, buckets: BoardBucket[]): Promise<Map<number, number>> {
    const taker = buckets.find((b) => b.takesUnplaced);
    const bucketIds = buckets.map((b) => b.id);
    const bucketOf = taker
      ? sql<number>`COALESCE(tb.bucket_id, ${sql.lit(taker.id)})`
      : sql<number>`tb.bucket_id`;
    const rows = await this.filtered(q, viewSource(q))
      .where((eb) =>
        taker
          ? eb.or([eb('tb.bucket_id', 'in', bucketIds), eb('tb.bucket_id', 'is', null)])
          : eb('tb.bucket_id', 'in', bucketIds),
      )
      .select([bucketOf.as('bucket_id'), (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(bucketOf)
      .execute();
    return new Map(rows.map((r) => [Number(r.bucket_id), Number(r.n)]));
  }

  /** The tasks in scope that pass the favourites, bucket, search and filter conditions. */
  private filtered(q: TaskListQuery, source: TaskSource) {
    let base = this.fromTasks(source).where('tasks.project_id', 'in', q.projectIds);
    if (q.favoritesOf !== undefined) {
      const userId = q.favoritesOf;
      base = base.where('tasks.id', 'in', (eb) =>
        eb
          .selectFrom('favorites')
          .select('entity_id')
          .where('user_id', '=', userId)
          .where('kind', '=', 'task'),
      );
    }
    const bucketId = q.bucketId;
    if (bucketId !== undefined) {
      base = q.unplacedInBucket
        ? base.where((eb) => eb.or([eb('tb.bucket_id', '=', bucketId), eb('tb.bucket_id', 'is', null)]))
        : base.where('tb.bucket_id', '=', bucketId);
    }
    const search = q.search;
    if (search) base = base.where((eb) => this.search.condition(eb as TaskEb, search));
    const walking = source.from === 'noViewInIdOrder';
    for (const condition of q.conditions) base = base.where((eb) => condition(eb as TaskEb, walking));
    return base;
  }

  /** The active projects among `visible` (a sub-query of project ids), as a sub-query. */
  activeProjectsAmong(visible: Expression<number>): ActiveProjects {
    return this.db
      .selectFrom('projects')
      .select('projects.id')
      .where('projects.id', 'in', visible)
      .where('projects.is_archived', '=', false);
  }

  /** The ids a scope sub-query names, read once so that a list's queries match a short list. */
  async projectIdsOf(scope: ActiveProjects): Promise<number[]> {
    return (await scope.execute()).map((r) => r.id);
  }

  /** The user's own time zone, for filter dates without a `filter_timezone` ('' when unset). */
  async timeZoneOf(userId: number): Promise<string> {
    const [user] = await this.userTimeZone(userId);
    return user?.timezone ?? '';
  }

  /** Users by id (bucket creators). */
  async usersByIds(ids: readonly number[]): Promise<UserRow[]> {
    if (ids.length === 0) return [];
    return this.db.selectFrom('users').selectAll().where('id', 'in', ids).execute();
  }

  /**
   * The tasks below the page's tasks through subtask relations, at any depth up to `maxDepth`, in
   * the projects `visible` names, less the page's own, in id order.
   */
  subtasksBelow(
    pageIds: readonly number[],
    visible: Expression<number>,
    maxDepth: number,
  ): Promise<TaskRow[]> {
    const below = sql<number>`(
      WITH RECURSIVE below(id, depth) AS (
        SELECT other_task_id, 1 FROM task_relations
        WHERE relation_kind = 'subtask' AND task_id IN (${sql.join(pageIds)})
        UNION
        SELECT r.other_task_id, b.depth + 1 FROM task_relations r JOIN below b ON r.task_id = b.id
        WHERE r.relation_kind = 'subtask' AND b.depth < ${maxDepth}
      )
      SELECT id FROM below)`;
    return this.db
      .selectFrom('tasks')
      .selectAll()
      .where('id', 'in', below)
      .where('id', 'not in', pageIds)
      .where('project_id', 'in', visible)
      .orderBy('id')
      .execute();
  }
}

/**
 * `"tasks" NOT INDEXED` (SQLite) as the list's table: read in rowid (id) order, no index. Kysely
 * takes any expression as a FROM item; this one stands for the `tasks` table.
 */
const TASKS_NOT_INDEXED = sql`${sql.table('tasks')} NOT INDEXED` as unknown as 'tasks';
