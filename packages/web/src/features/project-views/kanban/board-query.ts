/**
 * The query of a kanban view's board: its buckets with their first cards, and the view's default
 * and done buckets. Its own module, apart from the board's changes, so the project page can ask
 * for a board it opens at without loading the board's code first (view-data-opening.ts).
 */
import type { QueryClient } from '@tanstack/react-query';
import { type BoardFilter, fetchBoardPage, fetchBuckets } from '../../../api/buckets';
import { queryKeys } from '../../../api/query-keys';
import { fetchView } from '../../../api/views';
import { appendPage, type Board, boardBucket } from './board-state';
import { bucketFilter } from './bucket-filter';

export function kanbanKey(projectId: number, viewId: number, filter: BoardFilter = {}) {
  return [...queryKeys.viewTasks(projectId, viewId), 'kanban', filter] as const;
}

async function loadBoard(
  projectId: number,
  viewId: number,
  filter: BoardFilter,
  previous: Board | undefined,
): Promise<Board> {
  const [view, buckets] = await Promise.all([
    fetchView(projectId, viewId),
    fetchBuckets(projectId, viewId, filter),
  ]);
  let board: Board = {
    buckets: buckets.map((bucket) => boardBucket(bucket)),
    defaultBucketId: view.defaultBucketId,
    doneBucketId: view.doneBucketId,
  };
  // A reload keeps the pages the user had already scrolled to.
  const scrolled = (previous?.buckets ?? []).filter(
    (b) => b.loadedPages > 1 && board.buckets.some((fresh) => fresh.id === b.id && !fresh.complete),
  );
  const pages = await Promise.all(
    scrolled.flatMap((b) =>
      Array.from({ length: b.loadedPages - 1 }, (_, i) =>
        fetchBoardPage(projectId, viewId, i + 2, bucketFilter(filter, b.id)).then((page) => ({
          bucketId: b.id,
          at: i + 2,
          page,
        })),
      ),
    ),
  );
  for (const { bucketId, at, page } of pages) {
    board = appendPage(board, bucketId, page.tasks, at, page.totalPages);
  }
  return board;
}

/** The board of a kanban view, narrowed by the user's filter and search when given. */
export function kanbanBoardQuery(
  client: QueryClient,
  projectId: number,
  viewId: number,
  filter: BoardFilter = {},
) {
  const key = kanbanKey(projectId, viewId, filter);
  return {
    queryKey: key,
    queryFn: () => loadBoard(projectId, viewId, filter, client.getQueryData<Board>(key)),
  };
}
