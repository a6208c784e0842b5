/** The list view's tasks, page by page from the server as the user scrolls. */
import { useInfiniteQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { UNREAD_EXPAND } from '../../../api/task-read';
import { fetchViewTasks, type TaskListQuery } from '../../../api/tasks';

/** The user's filter and search on top of the view's own filter (from the URL). */
export type ListFilterQuery = Pick<TaskListQuery, 'filter' | 's' | 'filterIncludeNulls'>;

export const LIST_PAGE_SIZE = 50;

export function listTasksKey(projectId: number, viewId: number, filter: ListFilterQuery = {}) {
  return [...queryKeys.viewTasks(projectId, viewId), 'list', filter] as const;
}

export function useListTasks(projectId: number, viewId: number, filter: ListFilterQuery = {}) {
  return useInfiniteQuery({
    queryKey: listTasksKey(projectId, viewId, filter),
    queryFn: ({ pageParam }) =>
      fetchViewTasks(projectId, viewId, {
        page: pageParam,
        perPage: LIST_PAGE_SIZE,
        expand: ['subtasks', UNREAD_EXPAND],
        ...filter,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, _all, page) => (page < last.totalPages ? page + 1 : undefined),
  });
}
