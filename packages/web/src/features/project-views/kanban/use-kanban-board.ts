/**
 * The kanban board in the query cache and the changes made to it. Every change is applied to the
 * cached board at once (counts included), then saved; a refused save puts the board back as it
 * was and shows the catalogue error (spec 2 §4, §8 "Failed … bucket update … rolled back").
 */
import {
  type QueryClient,
  type QueryKey,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type BoardFilter,
  createBucket,
  deleteBucket,
  fetchBoardPage,
  fetchBuckets,
  moveTaskToBucket,
  updateBucket,
} from '../../../api/buckets';
import { queryKeys } from '../../../api/query-keys';
import type { Task } from '../../../api/tasks';
import { setTaskPosition } from '../../../api/tasks';
import { fetchView, updateView } from '../../../api/views';
import { showError } from '../../../ui/notices';
import type { TaskPlacement } from '../task-drop';
import {
  addTask,
  appendPage,
  type Board,
  boardBucket,
  findTask,
  moveBucket,
  moveTask,
  removeBucket,
  replaceTask,
  setDoneBucket,
  updateBucketFields,
} from './board-state';
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

/** Every other task list (other views, the task detail) is stale after a change on the board. */
function invalidateOtherTaskLists(client: QueryClient, key: QueryKey) {
  const own = JSON.stringify(key);
  return client.invalidateQueries({
    queryKey: queryKeys.tasks,
    predicate: (query) => JSON.stringify(query.queryKey) !== own,
  });
}

interface BoardChange<Vars, Result> {
  /** The change as the user sees it at once. */
  apply: (board: Board, vars: Vars) => Board;
  call: (vars: Vars, board: Board) => Promise<Result>;
  /** The server's answer folded into the board. */
  settle?: (board: Board, result: Result, vars: Vars) => Board;
  /** Read the whole board again afterwards (its tasks moved in ways the answer does not tell). */
  reload?: boolean;
}

function useBoardChange<Vars, Result>(key: QueryKey, change: BoardChange<Vars, Result>) {
  const { t } = useTranslation();
  const client = useQueryClient();
  return useMutation<Result, Error, Vars, { previous: Board | undefined; before: Board }>({
    onMutate: async (vars) => {
      await client.cancelQueries({ queryKey: key, exact: true });
      const previous = client.getQueryData<Board>(key);
      const before = previous ?? { buckets: [], defaultBucketId: 0, doneBucketId: 0 };
      client.setQueryData<Board>(key, change.apply(before, vars));
      return { previous, before };
    },
    mutationFn: async (vars) => {
      // The board with this change applied: the fields the call sends.
      const board = client.getQueryData<Board>(key) ?? { buckets: [], defaultBucketId: 0, doneBucketId: 0 };
      return change.call(vars, board);
    },
    onSuccess: (result, vars) => {
      if (change.settle) {
        const settle = change.settle;
        client.setQueryData<Board>(key, (board) => (board ? settle(board, result, vars) : board));
      }
    },
    onError: (error, _vars, context) => {
      if (context?.previous) client.setQueryData(key, context.previous);
      showError(t, error);
    },
    onSettled: () => {
      void invalidateOtherTaskLists(client, key);
      if (change.reload) void client.invalidateQueries({ queryKey: key, exact: true });
    },
  });
}

export interface CardMove {
  taskId: number;
  fromBucketId: number;
  toBucketId: number;
  index: number;
  /** The task's new position, computed from its neighbours before the move. */
  position: number;
  /** Cards above it that get a position first (a saved filter's unplaced tasks, see cardDrop). */
  placeFirst: TaskPlacement[];
}

/**
 * The board of a kanban view, narrowed by the user's filter and search when given. A saved
 * filter's board (pseudo project below −1) moves cards between buckets only: the server keeps no
 * task positions in a saved filter's views, so cards there keep the server's order.
 */
export function useKanbanBoard(projectId: number, viewId: number, filter: BoardFilter = {}) {
  const client = useQueryClient();
  // A saved filter's view holds positions only for the tasks placed in it (see cardDrop).
  const unplacedAnswerZero = projectId < 0;
  const key = kanbanKey(projectId, viewId, filter);
  const filtered = !!(filter.filter || filter.s);
  const query = useQuery({
    queryKey: key,
    queryFn: () => loadBoard(projectId, viewId, filter, client.getQueryData<Board>(key)),
  });

  const moveCard = useBoardChange<CardMove, { landed: number; task: Task | null; count: number | null }>(
    key,
    {
      apply: (board, move) => {
        let moved = moveTask(board, move.taskId, move.toBucketId, move.index);
        for (const { taskId, position } of [
          ...move.placeFirst,
          { taskId: move.taskId, position: move.position },
        ]) {
          const found = findTask(moved, taskId);
          if (found) moved = replaceTask(moved, { ...found.bucket.tasks[found.index], position });
        }
        return moved;
      },
      call: async (move) => {
        let landed = move.toBucketId;
        let task: Task | null = null;
        let count: number | null = null;
        if (move.fromBucketId !== move.toBucketId) {
          const answer = await moveTaskToBucket(projectId, viewId, move.toBucketId, move.taskId);
          landed = answer.bucketId;
          task = answer.task;
          count = answer.bucket?.count ?? null;
        }
        // One after another: each lands between positions the one before it wrote.
        for (const { taskId, position } of move.placeFirst) await setTaskPosition(taskId, viewId, position);
        await setTaskPosition(move.taskId, viewId, move.position);
        return { landed, task, count };
      },
      settle: (board, { landed, task, count }, move) => {
        let next = board;
        // A repeating task dropped into the done bucket comes back open, in another bucket.
        if (landed !== move.toBucketId) next = moveTask(next, move.taskId, landed);
        if (task) next = replaceTask(next, { ...task, position: move.position });
        // The answer counts the whole bucket; a filtered board counts its matches (reloaded below).
        if (count !== null && !filtered) next = updateBucketFields(next, landed, { count });
        return next;
      },
      // Read again where the answer cannot tell: filtered counts, a saved filter's buckets and order.
      reload: filtered || unplacedAnswerZero,
    },
  );

  const renameBucket = useBoardChange<{ bucketId: number; title: string }, unknown>(key, {
    apply: (board, { bucketId, title }) => updateBucketFields(board, bucketId, { title }),
    call: ({ bucketId, title }, board) => {
      const bucket = board.buckets.find((b) => b.id === bucketId);
      return updateBucket(projectId, viewId, bucketId, {
        title,
        limit: bucket?.limit ?? 0,
        position: bucket?.position ?? 0,
      });
    },
  });

  const setBucketLimit = useBoardChange<{ bucketId: number; limit: number }, unknown>(key, {
    apply: (board, { bucketId, limit }) => updateBucketFields(board, bucketId, { limit }),
    call: ({ bucketId, limit }, board) => {
      const bucket = board.buckets.find((b) => b.id === bucketId);
      return updateBucket(projectId, viewId, bucketId, {
        title: bucket?.title ?? '',
        limit,
        position: bucket?.position ?? 0,
      });
    },
  });

  const reorderBucket = useBoardChange<{ bucketId: number; index: number }, unknown>(key, {
    apply: (board, { bucketId, index }) => moveBucket(board, bucketId, index)?.board ?? board,
    call: ({ bucketId }, board) => {
      const bucket = board.buckets.find((b) => b.id === bucketId);
      if (!bucket) return Promise.resolve(null);
      return updateBucket(projectId, viewId, bucketId, {
        title: bucket.title,
        limit: bucket.limit,
        position: bucket.position,
      });
    },
  });

  const markDoneBucket = useBoardChange<{ bucketId: number; done: boolean; previousDone: number }, unknown>(
    key,
    {
      apply: (board, { bucketId, done }) => setDoneBucket(board, bucketId, done),
      call: async ({ bucketId, done, previousDone }, board) => {
        const input = (id: number) => {
          const bucket = board.buckets.find((b) => b.id === id);
          return { title: bucket?.title ?? '', limit: bucket?.limit ?? 0, position: bucket?.position ?? 0 };
        };
        // Only one done bucket per view: the old one lets go first.
        if (done && previousDone && previousDone !== bucketId)
          await updateBucket(projectId, viewId, previousDone, {
            ...input(previousDone),
            isDoneBucket: false,
          });
        return updateBucket(projectId, viewId, bucketId, { ...input(bucketId), isDoneBucket: done });
      },
      reload: true,
    },
  );

  // The default bucket is the view's own setting (Vikunja's "Set as default bucket"): the view is
  // read afresh and written back with only the default bucket changed.
  const markDefaultBucket = useBoardChange<{ bucketId: number }, unknown>(key, {
    apply: (board, { bucketId }) => ({ ...board, defaultBucketId: bucketId }),
    call: async ({ bucketId }) => {
      const view = await fetchView(projectId, viewId);
      return updateView(projectId, viewId, {
        title: view.title,
        viewKind: view.viewKind,
        filter: view.filter,
        position: view.position,
        bucketConfigurationMode: view.bucketConfigurationMode,
        defaultBucketId: bucketId,
        doneBucketId: view.doneBucketId,
      });
    },
    // The project carries its views: its copy of this one is stale now.
    settle: (board) => {
      void client.invalidateQueries({ queryKey: queryKeys.project(projectId), exact: true });
      return board;
    },
  });

  const removeBucketChange = useBoardChange<{ bucketId: number }, unknown>(key, {
    apply: (board, { bucketId }) => removeBucket(board, bucketId),
    call: ({ bucketId }) => deleteBucket(projectId, viewId, bucketId),
    reload: true,
  });

  const addBucket = useBoardChange<{ title: string }, unknown>(key, {
    apply: (board) => board,
    call: ({ title }) => createBucket(projectId, viewId, title),
    reload: true,
  });

  const cardsAdded = useCallback(
    (tasks: Task[]) => {
      client.setQueryData<Board>(key, (board) =>
        board ? tasks.filter((t) => t.projectId === projectId).reduce(addTask, board) : board,
      );
      // On a filtered board the server decides whether the new card matches.
      if (filtered) void client.invalidateQueries({ queryKey: key, exact: true });
    },
    [client, key, projectId, filtered],
  );

  // One page request per bucket at a time.
  const loading = useRef(new Set<number>());
  const [loadingBuckets, setLoadingBuckets] = useState<ReadonlySet<number>>(new Set());
  const { t } = useTranslation();
  const loadMore = useCallback(
    async (bucketId: number) => {
      const bucket = client.getQueryData<Board>(key)?.buckets.find((b) => b.id === bucketId);
      if (!bucket || bucket.complete || loading.current.has(bucketId)) return;
      loading.current.add(bucketId);
      setLoadingBuckets(new Set(loading.current));
      try {
        const page = bucket.loadedPages + 1;
        const answer = await fetchBoardPage(projectId, viewId, page, bucketFilter(filter, bucketId));
        client.setQueryData<Board>(key, (board) =>
          board ? appendPage(board, bucketId, answer.tasks, page, answer.totalPages) : board,
        );
      } catch (error) {
        showError(t, error);
      } finally {
        loading.current.delete(bucketId);
        setLoadingBuckets(new Set(loading.current));
      }
    },
    [client, key, projectId, viewId, filter, t],
  );

  return {
    query,
    moveCard: moveCard.mutate,
    /** A saved filter's board: cards it has not placed answer position 0 (see cardDrop). */
    unplacedAnswerZero,
    renameBucket: renameBucket.mutate,
    setBucketLimit: setBucketLimit.mutate,
    reorderBucket: reorderBucket.mutate,
    markDoneBucket: markDoneBucket.mutate,
    markDefaultBucket: markDefaultBucket.mutate,
    removeBucket: removeBucketChange.mutate,
    addBucket: addBucket.mutateAsync,
    addingBucket: addBucket.isPending,
    cardsAdded,
    loadMore,
    loadingBuckets,
  };
}
