import { describe, expect, it } from 'vitest';
import type { Task } from '../../api/tasks';
import { doneLast, rangeQuery, rangeSource } from './upcoming-tasks';

const range = { from: 'now/d', to: 'now/d+7d', showNulls: false, showOverdue: false };

describe('upcoming task query', () => {
  it('asks for undone tasks due strictly inside the range, by due date then id', () => {
    expect(rangeQuery(range, 2)).toEqual({
      page: 2,
      perPage: 50,
      sortBy: ['due_date', 'id'],
      orderBy: ['asc', 'asc'],
      filter: "done = false && due_date < 'now/d+7d' && due_date > 'now/d'",
      filterIncludeNulls: false,
    });
  });

  it('leaves out the lower bound with overdue tasks, and everything without a range', () => {
    expect(rangeQuery({ ...range, showOverdue: true }, 1).filter).toBe(
      "done = false && due_date < 'now/d+7d'",
    );
    expect(rangeQuery({ ...range, from: '', to: '', showNulls: true }, 1)).toMatchObject({
      filter: 'done = false',
      filterIncludeNulls: true,
    });
  });

  it('reads a saved filter only without a range', () => {
    expect(rangeSource({ ...range, sourceProjectId: -2 })).toBeNull();
    expect(rangeSource({ ...range, from: '', to: '', sourceProjectId: -2 })).toBe(-2);
    expect(rangeSource({ ...range, from: '', to: '' })).toBeNull();
  });
});

describe('doneLast', () => {
  it('moves done tasks to the end and keeps the order otherwise', () => {
    const tasks = [1, 2, 3, 4].map((id) => ({ id, done: id % 2 === 1 }) as Task);
    expect(doneLast(tasks).map((t) => t.id)).toEqual([2, 4, 1, 3]);
  });
});
