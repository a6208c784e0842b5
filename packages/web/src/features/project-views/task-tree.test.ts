import { describe, expect, it } from 'vitest';
import type { Task } from '../../api/tasks';
import { flattenTaskTree } from './task-tree';

function task(id: number, parent?: number): Task {
  return {
    id,
    title: `T${id}`,
    relatedTasks: parent ? { parenttask: [{ id: parent } as Task] } : {},
  } as Task;
}

describe('flattenTaskTree', () => {
  it('keeps a flat list as it is', () => {
    expect(flattenTaskTree([task(1), task(2)]).map((r) => [r.task.id, r.depth])).toEqual([
      [1, 0],
      [2, 0],
    ]);
  });

  it('nests loaded subtasks under their parent, in list order', () => {
    const rows = flattenTaskTree([task(3, 1), task(1), task(2), task(4, 3), task(5, 1)]);
    expect(rows.map((r) => [r.task.id, r.depth])).toEqual([
      [1, 0],
      [3, 1],
      [4, 2],
      [5, 1],
      [2, 0],
    ]);
  });

  it('shows a subtask at the top when its parent is not loaded', () => {
    expect(flattenTaskTree([task(2, 99)]).map((r) => r.depth)).toEqual([0]);
  });

  it('does not lose tasks in a parent cycle', () => {
    expect(
      flattenTaskTree([task(1, 2), task(2, 1)])
        .map((r) => r.task.id)
        .sort(),
    ).toEqual([1, 2]);
  });
});
