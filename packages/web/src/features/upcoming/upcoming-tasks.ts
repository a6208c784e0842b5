/**
 * The tasks of the upcoming screen and the overview (spec 2 §7): undone tasks sorted by due date
 * then id, due inside the range (strict bounds; without the lower one when overdue tasks are
 * shown), tasks without dates only with the checkbox. Without a range the source may be the saved
 * filter chosen for the overview. A task marked done stays, at the end of the list.
 */
import { upcomingTasksFilter } from '@ordo/core';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys';
import { fetchTasksPage, type Task, type TaskListQuery } from '../../api/tasks';

export const UPCOMING_PAGE_SIZE = 50;

export interface TaskRange {
  from: string;
  to: string;
  showNulls: boolean;
  showOverdue: boolean;
  /** A saved filter's pseudo project to read instead of every project (only without a range). */
  sourceProjectId?: number | null;
}

export function rangeQuery(range: TaskRange, page: number): TaskListQuery {
  const hasRange = range.from !== '' && range.to !== '';
  return {
    page,
    perPage: UPCOMING_PAGE_SIZE,
    sortBy: ['due_date', 'id'],
    orderBy: ['asc', 'asc'],
    filter: upcomingTasksFilter(hasRange ? range : {}),
    filterIncludeNulls: range.showNulls,
  };
}

/** Without a range the source may be a saved filter's pseudo project; otherwise every project. */
export function rangeSource(range: TaskRange): number | null {
  const hasRange = range.from !== '' && range.to !== '';
  return !hasRange && range.sourceProjectId ? range.sourceProjectId : null;
}

/** The query of a range's tasks, page by page: for the list, and to ask for it before it draws. */
export function rangeTasksQuery(range: TaskRange) {
  return infiniteQueryOptions({
    // Under `tasks`, so a task changed elsewhere is patched here too.
    queryKey: [...queryKeys.tasks, 'range', range],
    queryFn: ({ pageParam }) => fetchTasksPage(rangeSource(range), rangeQuery(range, pageParam)),
    initialPageParam: 1,
    getNextPageParam: (last, _all, page) => (page < last.totalPages ? page + 1 : undefined),
  });
}

export function useRangeTasks(range: TaskRange) {
  return useInfiniteQuery(rangeTasksQuery(range));
}

/** Done tasks after the open ones, each group in the server's order. */
export function doneLast(tasks: readonly Task[]): Task[] {
  return [...tasks.filter((t) => !t.done), ...tasks.filter((t) => t.done)];
}
