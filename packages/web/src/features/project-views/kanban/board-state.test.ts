import { describe, expect, it } from 'vitest';
import type { Task } from '../../../api/tasks';
import { cardDrop } from '../task-drop';
import {
  addTask,
  appendPage,
  type Board,
  type BoardBucket,
  boardBucket,
  isBucketFull,
  moveBucket,
  moveTask,
  removeBucket,
  taskSaved,
} from './board-state';

function task(id: number, fields: Partial<Task> = {}): Task {
  return { id, title: `Task ${id}`, done: false, bucketId: 0, position: id * 100, ...fields } as Task;
}

function bucket(id: number, tasks: Task[], fields: Partial<BoardBucket> = {}): BoardBucket {
  return {
    id,
    title: `Bucket ${id}`,
    limit: 0,
    count: tasks.length,
    position: id * 65536,
    tasks: tasks.map((t) => ({ ...t, bucketId: id })),
    loadedPages: 1,
    complete: true,
    ...fields,
  };
}

function board(buckets: BoardBucket[], fields: Partial<Board> = {}): Board {
  return { buckets, defaultBucketId: 0, doneBucketId: 0, ...fields };
}

const ids = (b: Board, bucketId: number) => b.buckets.find((x) => x.id === bucketId)?.tasks.map((t) => t.id);
const count = (b: Board, bucketId: number) => b.buckets.find((x) => x.id === bucketId)?.count;

describe('moveTask', () => {
  it('puts the task first in the target bucket and moves the counts (behaviour §10 example)', () => {
    const start = addTask(board([bucket(1, []), bucket(2, [])]), task(42, { bucketId: 2 }));
    expect(ids(start, 2)).toEqual([42]);
    const moved = moveTask(start, 42, 1);
    expect(ids(moved, 1)).toEqual([42]);
    expect(ids(moved, 2)).toEqual([]);
    expect(moved.buckets[0].tasks[0].bucketId).toBe(1);
    expect([count(moved, 1), count(moved, 2)]).toEqual([1, 0]);
  });

  it('places the task at the dropped index, and reorders within a bucket without changing counts', () => {
    const start = board([bucket(1, [task(1), task(2), task(3)]), bucket(2, [task(4), task(5)])]);
    const across = moveTask(start, 2, 2, 1);
    expect(ids(across, 2)).toEqual([4, 2, 5]);
    expect(ids(across, 1)).toEqual([1, 3]);
    const within = moveTask(start, 1, 1, 2);
    expect(ids(within, 1)).toEqual([2, 3, 1]);
    expect(count(within, 1)).toBe(3);
  });

  it('changes nothing for a task that is not loaded', () => {
    const start = board([bucket(1, [task(1)]), bucket(2, [])]);
    expect(moveTask(start, 99, 2)).toBe(start);
  });

  it('keeps counts of tasks not loaded yet', () => {
    const start = board([bucket(1, [task(1)], { count: 40, complete: false }), bucket(2, [], { count: 7 })]);
    const moved = moveTask(start, 1, 2);
    expect([count(moved, 1), count(moved, 2)]).toEqual([39, 8]);
  });
});

describe('taskSaved', () => {
  const start = board([bucket(1, [task(1)]), bucket(2, [task(2)]), bucket(3, [task(3, { done: true })])], {
    defaultBucketId: 2,
    doneBucketId: 3,
  });

  it('moves a task marked done into the done bucket', () => {
    const saved = taskSaved(start, { ...start.buckets[0].tasks[0], done: true });
    expect(ids(saved, 3)).toEqual([1, 3]);
    expect(ids(saved, 1)).toEqual([]);
  });

  it('moves a task undone in the done bucket to the default bucket, else the first', () => {
    const undone = { ...start.buckets[2].tasks[0], done: false };
    expect(ids(taskSaved(start, undone), 2)).toEqual([3, 2]);
    expect(ids(taskSaved({ ...start, defaultBucketId: 0 }, undone), 1)).toEqual([3, 1]);
  });

  it('leaves the task in place without a done bucket', () => {
    const plain = { ...start, doneBucketId: 0 };
    const saved = taskSaved(plain, { ...plain.buckets[0].tasks[0], done: true, title: 'Renamed' });
    expect(ids(saved, 1)).toEqual([1]);
    expect(saved.buckets[0].tasks[0].title).toBe('Renamed');
  });
});

describe('pages and positions', () => {
  it('marks a bucket complete when its tasks are all there', () => {
    expect(
      boardBucket({ id: 1, title: 'A', projectViewId: 1, limit: 0, count: 3, position: 1, tasks: [task(1)] }),
    ).toMatchObject({ complete: false, loadedPages: 1 });
    const full = Array.from({ length: 25 }, (_, i) => task(i + 1));
    expect(
      boardBucket({ id: 1, title: 'A', projectViewId: 1, limit: 0, count: 25, position: 1, tasks: full }),
    ).toMatchObject({ complete: true });
  });

  it('appends a page without repeating tasks already shown', () => {
    const start = board([bucket(1, [task(1), task(2)], { count: 30, complete: false })]);
    const next = appendPage(start, 1, [task(2), task(3)], 2, 2);
    expect(ids(next, 1)).toEqual([1, 2, 3]);
    expect(next.buckets[0]).toMatchObject({ loadedPages: 2, complete: true });
  });

  it('gives a dropped task the position between its new neighbours', () => {
    const tasks = [task(1, { position: 10 }), task(2, { position: 100 }), task(3, { position: 200 })];
    const at = (list: typeof tasks, index: number, id: number) => cardDrop(list, index, id);
    expect(at(tasks, 1, 3)).toEqual({ position: 55, placeFirst: [] });
    expect(at(tasks, 0, 9).position).toBe(5);
    expect(at(tasks, 3, 9).position).toBe(200 + 65536);
    expect(at([], 0, 9).position).toBe(0);
  });

  it('on a saved filter board, places the unplaced cards above a dropped one first', () => {
    const gap = 65536;
    // Two cards someone placed, then three the saved filter has not placed (position 0, by id).
    const tasks = [
      task(1, { position: 10 }),
      task(2, { position: 100 }),
      task(3, { position: 0 }),
      task(4, { position: 0 }),
      task(5, { position: 0 }),
    ];
    const drop = (list: typeof tasks, index: number, id: number) => cardDrop(list, index, id, true);
    // Between placed cards, or right after them: nothing else to write.
    expect(drop(tasks, 1, 5)).toEqual({ position: 55, placeFirst: [] });
    expect(drop(tasks, 2, 5)).toEqual({ position: 100 + gap, placeFirst: [] });
    // Card 5 dropped between 3 and 4: 3 is placed after 2, then 5 after 3; 4 stays unplaced below.
    expect(drop(tasks, 3, 5)).toEqual({
      position: 100 + 2 * gap,
      placeFirst: [{ taskId: 3, position: 100 + gap }],
    });
    // Card 1 moved to the bottom: every unplaced card goes above it, in the order shown.
    expect(drop(tasks, 4, 1)).toEqual({
      position: 100 + 4 * gap,
      placeFirst: [
        { taskId: 3, position: 100 + gap },
        { taskId: 4, position: 100 + 2 * gap },
        { taskId: 5, position: 100 + 3 * gap },
      ],
    });
    // Nothing placed yet: the top is one gap up (0 would mean "not placed"), then gap by gap.
    const fresh = [task(6, { position: 0 }), task(7, { position: 0 }), task(8, { position: 0 })];
    expect(drop(fresh, 0, 8)).toEqual({ position: gap, placeFirst: [] });
    expect(drop(fresh, 1, 8)).toEqual({ position: 2 * gap, placeFirst: [{ taskId: 6, position: gap }] });
    expect(drop([], 0, 9)).toEqual({ position: gap, placeFirst: [] });
    // A placed card at the top keeps its place: the drop goes halfway up to it.
    expect(drop([task(1, { position: 10 }), ...fresh], 0, 8)).toEqual({ position: 5, placeFirst: [] });
  });

  it('moves a bucket between two others with the midpoint position', () => {
    const start = board([bucket(1, []), bucket(2, []), bucket(3, [])]);
    const moved = moveBucket(start, 3, 0);
    expect(moved?.board.buckets.map((b) => b.id)).toEqual([3, 1, 2]);
    expect(moved?.position).toBe(32768);
  });
});

describe('buckets', () => {
  it('is full once it holds as many tasks as its limit; 0 means no limit', () => {
    expect(isBucketFull({ limit: 2, count: 2 })).toBe(true);
    expect(isBucketFull({ limit: 2, count: 1 })).toBe(false);
    expect(isBucketFull({ limit: 0, count: 500 })).toBe(false);
  });

  it('hands a deleted bucket’s tasks to the default bucket and clears settings that named it', () => {
    const start = board([bucket(1, [task(1)]), bucket(2, [task(2)]), bucket(3, [task(3)])], {
      defaultBucketId: 2,
      doneBucketId: 3,
    });
    const without = removeBucket(start, 3);
    expect(ids(without, 2)).toEqual([2, 3]);
    expect(without.doneBucketId).toBe(0);
    expect(removeBucket(board([bucket(1, [])]), 1).buckets).toHaveLength(1);
  });
});
