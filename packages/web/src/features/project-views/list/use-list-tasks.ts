/** The list view's tasks, page by page from the server as the user scrolls. */
import { useInfiniteQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { fetchViewTasks } from '../../../api/tasks';

export const LIST_PAGE_SIZE = 50;

export function useListTasks(projectId: number, viewId: number) {
  return useInfiniteQuery({
    queryKey: [...queryKeys.viewTasks(projectId, viewId), 'list'],
    queryFn: ({ pageParam }) =>
      fetchViewTasks(projectId, viewId, { page: pageParam, perPage: LIST_PAGE_SIZE, expand: ['subtasks'] }),
    initialPageParam: 1,
    getNextPageParam: (last, _all, page) => (page < last.totalPages ? page + 1 : undefined),
  });
}
