/**
 * The kanban board as the client holds it, and the store rules that change it (behaviour.md §10):
 * moving a task between buckets (counts follow at once), adding a task (first in its bucket),
 * appending a loaded page, what a saved task's done flag does, and where a dropped card or bucket
 * lands (positions between neighbours, behaviour.md §5). Every function returns a new board.
 */
import { positionBetween } from '@ordo/core';
import { type Bucket, KANBAN_PAGE_SIZE } from '../../../api/buckets';
import type { Task } from '../../../api/tasks';

export interface BoardBucket {
  id: number;
  title: string;
  limit: number;
  /** All tasks in the bucket, loaded or not. */
  count: number;
  position: number;
  /** The loaded tasks, in position order. */
  tasks: Task[];
  /** How many pages of 25 have been read. */
  loadedPages: number;
  /** The last page has been read. */
  complete: boolean;
}

export interface Board {
  buckets: BoardBucket[];
  /** 0 when the view has none (then the first bucket is the default). */
  defaultBucketId: number;
  doneBucketId: number;
}

/** A bucket as the server answers it; it is complete when all of its count is loaded. */
export function boardBucket(bucket: Bucket, loadedPages = 1): BoardBucket {
  const tasks = (bucket.tasks ?? []).map((task) => ({ ...task, bucketId: bucket.id }));
  return {
    id: bucket.id,
    title: bucket.title,
    limit: bucket.limit,
    count: bucket.count,
    position: bucket.position,
    tasks,
    loadedPages,
    complete: tasks.length >= bucket.count,
  };
}

/** A bucket with a limit that holds as many tasks as the limit allows refuses more. */
export function isBucketFull(bucket: Pick<BoardBucket, 'limit' | 'count'>): boolean {
  return bucket.limit > 0 && bucket.count >= bucket.limit;
}

export function findTask(board: Board, taskId: number): { bucket: BoardBucket; index: number } | null {
  for (const bucket of board.buckets) {
    const index = bucket.tasks.findIndex((task) => task.id === taskId);
    if (index >= 0) return { bucket, index };
  }
  return null;
}

function withBucket(board: Board, bucketId: number, change: (bucket: BoardBucket) => BoardBucket): Board {
  return { ...board, buckets: board.buckets.map((b) => (b.id === bucketId ? change(b) : b)) };
}

function insertAt<T>(items: readonly T[], index: number, item: T): T[] {
  const at = Math.max(0, Math.min(index, items.length));
  return [...items.slice(0, at), item, ...items.slice(at)];
}

/**
 * Moves a loaded task into a bucket at `index` (first by default): out of its bucket (count − 1),
 * into the other (count + 1) with the new bucket id. Within one bucket it is a reorder. A task
 * that is not loaded changes nothing.
 */
export function moveTask(board: Board, taskId: number, bucketId: number, index = 0): Board {
  const found = findTask(board, taskId);
  if (!found || !board.buckets.some((b) => b.id === bucketId)) return board;
  const task = { ...found.bucket.tasks[found.index], bucketId };
  if (found.bucket.id === bucketId) {
    return withBucket(board, bucketId, (b) => {
      const rest = b.tasks.filter((t) => t.id !== taskId);
      return { ...b, tasks: insertAt(rest, index, task) };
    });
  }
  const removed = withBucket(board, found.bucket.id, (b) => ({
    ...b,
    count: Math.max(0, b.count - 1),
    tasks: b.tasks.filter((t) => t.id !== taskId),
  }));
  return withBucket(removed, bucketId, (b) => ({
    ...b,
    count: b.count + 1,
    tasks: insertAt(b.tasks, index, task),
  }));
}

/** A new task goes first in the bucket its bucket id names (a task already shown is replaced). */
export function addTask(board: Board, task: Task): Board {
  if (findTask(board, task.id)) return replaceTask(board, task);
  const bucketId = board.buckets.some((b) => b.id === task.bucketId) ? task.bucketId : defaultBucketOf(board);
  return withBucket(board, bucketId, (b) => ({
    ...b,
    count: b.count + 1,
    tasks: [{ ...task, bucketId }, ...b.tasks],
  }));
}

/** A task's new fields where it is shown, without moving it. */
export function replaceTask(board: Board, task: Task): Board {
  const found = findTask(board, task.id);
  if (!found) return board;
  return withBucket(board, found.bucket.id, (b) => ({
    ...b,
    tasks: b.tasks.map((t) => (t.id === task.id ? { ...t, ...task, bucketId: b.id } : t)),
  }));
}

/** A later page of a bucket: appended, leaving out tasks already shown (moves shift the pages). */
export function appendPage(
  board: Board,
  bucketId: number,
  tasks: readonly Task[],
  page: number,
  totalPages: number,
): Board {
  return withBucket(board, bucketId, (b) => {
    const shown = new Set(b.tasks.map((t) => t.id));
    const fresh = tasks.filter((t) => !shown.has(t.id)).map((t) => ({ ...t, bucketId }));
    return {
      ...b,
      tasks: [...b.tasks, ...fresh],
      loadedPages: Math.max(b.loadedPages, page),
      complete: page >= totalPages || tasks.length < KANBAN_PAGE_SIZE,
    };
  });
}

/** The view's default bucket, or the first one when it has none. */
export function defaultBucketOf(board: Board): number {
  return board.buckets.find((b) => b.id === board.defaultBucketId)?.id ?? board.buckets[0]?.id ?? 0;
}

/**
 * After a task was saved: a done task goes to the done bucket (when the view has one); an open
 * task sitting in the done bucket goes to the default bucket; otherwise it stays where it is.
 */
export function taskSaved(board: Board, task: Task): Board {
  const found = findTask(board, task.id);
  if (!found) return board;
  const updated = replaceTask(board, task);
  const doneBucket = board.buckets.find((b) => b.id === board.doneBucketId);
  if (task.done && doneBucket && found.bucket.id !== doneBucket.id) {
    return moveTask(updated, task.id, doneBucket.id);
  }
  if (!task.done && doneBucket && found.bucket.id === doneBucket.id) {
    return moveTask(updated, task.id, defaultBucketOf(board));
  }
  return updated;
}

/** The buckets with one moved to `index`, and the position it gets there. */
export function moveBucket(
  board: Board,
  bucketId: number,
  index: number,
): { board: Board; position: number } | null {
  const bucket = board.buckets.find((b) => b.id === bucketId);
  if (!bucket) return null;
  const rest = board.buckets.filter((b) => b.id !== bucketId);
  const position = positionBetween(rest[index - 1]?.position, rest[index]?.position);
  return { board: { ...board, buckets: insertAt(rest, index, { ...bucket, position }) }, position };
}

/** Marks a bucket as the done bucket (there is only one), or clears it. */
export function setDoneBucket(board: Board, bucketId: number, done: boolean): Board {
  if (done) return { ...board, doneBucketId: bucketId };
  return board.doneBucketId === bucketId ? { ...board, doneBucketId: 0 } : board;
}

export function updateBucketFields(
  board: Board,
  bucketId: number,
  fields: Partial<Pick<BoardBucket, 'title' | 'limit' | 'position' | 'count'>>,
): Board {
  return withBucket(board, bucketId, (b) => ({ ...b, ...fields }));
}

/**
 * Without a bucket: its tasks go to the default bucket (or the first remaining one) and a
 * default or done setting that pointed at it is cleared. The caller reloads the board afterwards.
 */
export function removeBucket(board: Board, bucketId: number): Board {
  const gone = board.buckets.find((b) => b.id === bucketId);
  if (!gone) return board;
  const remaining = board.buckets.filter((b) => b.id !== bucketId);
  if (remaining.length === 0) return board;
  const target = remaining.find((b) => b.id === board.defaultBucketId) ?? remaining[0];
  return {
    defaultBucketId: board.defaultBucketId === bucketId ? 0 : board.defaultBucketId,
    doneBucketId: board.doneBucketId === bucketId ? 0 : board.doneBucketId,
    buckets: remaining.map((b) =>
      b.id === target.id
        ? {
            ...b,
            count: b.count + gone.count,
            tasks: [...b.tasks, ...gone.tasks.map((t) => ({ ...t, bucketId: b.id }))],
          }
        : b,
    ),
  };
}
