/**
 * How the list repository reads a list, by name. The plan is chosen from the list's query (the
 * parsed request: scope, view, search, conditions, order, page) and the dialect alone, before any
 * SQL is built, so that each way of reading a list is one named branch of `TaskListRepo`.
 */
import type { Expression, SelectQueryBuilder } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { SortParam } from './list-params.js';
import type { TaskCondition } from './task-condition.js';

export interface TaskListQuery {
  /** Sub-query or list of the project ids whose tasks are listed. */
  projectIds: Expression<number> | SelectQueryBuilder<Database, 'projects', { id: number }> | number[];
  /** Only the caller's favourite tasks (the Favorites pseudo project). */
  favoritesOf?: number;
  /** The view the tasks are read through: positions and buckets come from it. */
  viewId: number | null;
  /** False for a view that never has buckets (list, gantt, table): no task_buckets lookup per task. */
  viewHasBuckets?: boolean;
  /**
   * Set when the list is exactly this project's open tasks (`done = false` and nothing else), or
   * with `topLevelOnly` its open tasks that are no subtask of another of its tasks (`notASubtask`
   * among the conditions): the total is read from the trigger-kept counter (migration 0012), less
   * the project's open subtasks (migration 0059), instead of counted.
   */
  openTasksOf?: { projectId: number; topLevelOnly: boolean };
  search: string;
  /** Order by search relevance before `sort` (a search without an explicit sort). */
  rankBySearch?: boolean;
  conditions: TaskCondition[];
  bucketId?: number;
  /** With `bucketId`: tasks without a bucket in the view count as in this one (saved-filter views). */
  unplacedInBucket?: boolean;
  sort: SortParam[];
  limit: number | null;
  offset: number;
  /** False when the caller counts the tasks itself: no count query runs and `total` is the page's size. */
  withTotal?: boolean;
}

/** One bucket of a board: its tasks are those in the bucket, or also the unplaced ones. */
export interface BoardBucket {
  id: number;
  /** Tasks without a bucket in the view count as in this one (a saved filter's default bucket). */
  takesUnplaced: boolean;
}

/**
 * The tables a list's rows are read from, the view's columns (`tp` positions, `tb` buckets)
 * joined to `tasks` or standing in as NULLs:
 * - `tasks`: the tasks alone, for a count whose conditions read no view column (even a row of
 *   NULLs costs SQLite two scans per task: 10,000-task list count 0.72 ms → 0.32 ms);
 * - `noView`: a list without a view, one row of NULLs for `tp` and `tb`;
 * - `noViewInIdOrder`: the same with `tasks NOT INDEXED` (SQLite), walked in id order;
 * - `view`: tasks with the view's positions and, when the view has them, buckets (LEFT JOINs);
 * - `placed`: only the tasks with a position in the view, its position index driving;
 * - `bucketRows`: one bucket's task_buckets rows driving (they carry the position too).
 */
export type TaskSource =
  | { from: 'tasks' | 'noView' | 'noViewInIdOrder' }
  | { from: 'view' | 'placed'; viewId: number; withBuckets: boolean }
  | { from: 'bucketRows'; viewId: number };

/**
 * How a page is read:
 * - `byPosition`: through a view, position first: the placed tasks in the view's index order
 *   (stopping at the page), then the unplaced ones;
 * - `inIdOrder`: SQLite, no view, `id asc`: counted first, then either the ordered query or the
 *   table walked in id order, whichever reads fewer rows (see `TaskListRepo.pageInIdOrder`);
 * - `ordered`: one `ORDER BY … LIMIT` query (by relevance first for a ranked search).
 */
export type PagePlan = 'byPosition' | 'inIdOrder' | 'ordered';

/**
 * How the total is known:
 * - `none`: the caller counts (the page's size answers);
 * - `openTaskCounter`: the trigger-kept count of a project's open tasks (less its open subtasks
 *   when only the top-level tasks are listed);
 * - `windowInPage`: PostgreSQL ranked search: `count(*) over ()` on the page's rows;
 * - `countTasks`: a count over `tasks` alone (no condition reads the view);
 * - `countWithView`: a count over the list's own source (a condition reads `tp`/`tb`);
 *   both, unless the list is a search, answer a total kept from an earlier count while nothing
 *   it counts has changed (list-totals.ts);
 * - `countFieldValues`: the list's only condition is one custom field match: the matching value
 *   rows of the fields in scope are counted, from the (field, value) index alone. Joining 33,000
 *   matches of `Estimate > 3` to their tasks cost 6× the count of `priority > 3`.
 */
export type CountPlan =
  | 'none'
  | 'openTaskCounter'
  | 'windowInPage'
  | 'countTasks'
  | 'countWithView'
  | 'countFieldValues';

export interface ListPlan {
  page: PagePlan;
  count: CountPlan;
  /** The page is ordered by search relevance first. */
  ranked: boolean;
  /** The page's order within one bucket reads the bucket's own rows (position, task id). */
  withinBucket: boolean;
}

/** Is this exactly the default order of a list without a view (`id asc`)? */
export function isIdOrder(sort: readonly SortParam[]): boolean {
  return sort.length === 1 && sort[0].field === 'id' && sort[0].order === 'asc';
}

/** The source of a list's rows through its view, or without one. */
export function viewSource(q: Pick<TaskListQuery, 'viewId' | 'viewHasBuckets'>): TaskSource {
  return q.viewId === null
    ? { from: 'noView' }
    : { from: 'view', viewId: q.viewId, withBuckets: q.viewHasBuckets !== false };
}

/** Does a condition of the list read the view's columns (then its count needs them joined)? */
export function readsView(q: Pick<TaskListQuery, 'conditions' | 'bucketId'>): boolean {
  return q.bucketId !== undefined || q.conditions.some((c) => c.readsView === true);
}

/**
 * Is the list exactly "tasks of these projects with a matching custom field value"? Then its
 * matches are the value rows (see FieldValuesMatch); a search, favourites or a bucket narrow it.
 */
function countsFieldValues(q: TaskListQuery): boolean {
  return (
    q.conditions.length === 1 &&
    q.conditions[0].fieldValues !== undefined &&
    !q.search &&
    q.favoritesOf === undefined &&
    q.bucketId === undefined &&
    Array.isArray(q.projectIds)
  );
}

export function listPlan(q: TaskListQuery, dialect: Dialect): ListPlan {
  const ranked = !!q.search && !!q.rankBySearch;
  // Tasks shown in a saved filter's default bucket may have no bucket row; they sort by task_positions.
  const withinBucket = q.bucketId !== undefined && !q.unplacedInBucket;
  /**
   * PostgreSQL ranks a search by reading every match and sorting them: the same pass counts them
   * (a window count) instead of a count query reading every match again. A `plumber` search over
   * 100,000 tasks visited about 1,800 heap pages per pass.
   */
  const windowInPage =
    dialect === 'postgres' &&
    ranked &&
    q.limit !== null &&
    q.withTotal !== false &&
    q.openTasksOf === undefined;
  const count: CountPlan =
    q.withTotal === false
      ? 'none'
      : windowInPage
        ? 'windowInPage'
        : q.openTasksOf !== undefined
          ? 'openTaskCounter'
          : readsView(q)
            ? 'countWithView'
            : countsFieldValues(q)
              ? 'countFieldValues'
              : 'countTasks';
  const counted = count !== 'none' && count !== 'windowInPage';
  const page: PagePlan =
    q.viewId !== null && !withinBucket && !ranked && q.sort[0]?.field === 'position'
      ? 'byPosition'
      : dialect === 'sqlite' &&
          !ranked &&
          q.viewId === null &&
          q.limit !== null &&
          isIdOrder(q.sort) &&
          counted
        ? 'inIdOrder'
        : 'ordered';
  return { page, count, ranked, withinBucket };
}

/**
 * How one bucket's page of a board is read:
 * - `plainBucket`: no condition, search or favourites, a list of projects: the same reused query
 *   for every bucket of every board, from task_buckets alone;
 * - `bucketRows`: from the bucket's task_buckets rows, with the board's conditions;
 * - `view`: through the view's joins, for the bucket that also takes the unplaced tasks.
 */
export type BucketPagePlan = 'plainBucket' | 'bucketRows' | 'view';

export function bucketPagePlan(
  q: Pick<TaskListQuery, 'conditions' | 'search' | 'favoritesOf' | 'projectIds'>,
  bucket: BoardBucket,
): BucketPagePlan {
  if (bucket.takesUnplaced || q.conditions.length > 0) return 'view';
  return !q.search && q.favoritesOf === undefined && Array.isArray(q.projectIds)
    ? 'plainBucket'
    : 'bucketRows';
}
