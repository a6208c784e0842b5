import { describe, expect, it } from 'vitest';
import type { Task } from '../../../api/tasks';
import { moveInPages } from './use-list-reorder';

const task = (id: number, position: number) => ({ id, title: `T${id}`, position }) as Task;
const data = {
  pageParams: [1, 2],
  pages: [
    { tasks: [task(1, 10), task(2, 20)], totalPages: 2 },
    { tasks: [task(3, 30), task(4, 40)], totalPages: 2 },
  ],
};
const ids = (d: typeof data) => d.pages.map((p) => p.tasks.map((t) => t.id));

describe('moveInPages', () => {
  it('moves a task before another across pages, each page keeping its length', () => {
    const moved = moveInPages(data, 4, 1, false, new Map([[4, 5]]));
    expect(ids(moved)).toEqual([
      [4, 1],
      [2, 3],
    ]);
    expect(moved.pages[0].tasks[0].position).toBe(5);
  });

  it('moves a task after the last one, and writes every given position', () => {
    const moved = moveInPages(
      data,
      1,
      4,
      true,
      new Map([
        [1, 65576],
        [2, 21],
      ]),
    );
    expect(ids(moved)).toEqual([
      [2, 3],
      [4, 1],
    ]);
    expect(moved.pages[0].tasks[0].position).toBe(21);
    expect(moved.pages[1].tasks[1].position).toBe(65576);
  });

  it('leaves the pages alone when a task is no longer there', () => {
    expect(moveInPages(data, 9, 1, false, new Map())).toBe(data);
    expect(moveInPages(data, 1, 9, false, new Map())).toBe(data);
  });
});
