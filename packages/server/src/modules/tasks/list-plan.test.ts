import { type SqlBool, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { bucketPagePlan, listPlan, type TaskListQuery } from './list-plan.js';
import { readingView, type TaskCondition } from './task-condition.js';

const tasksOnly: TaskCondition = () => sql`1 = 1`;
const onPosition = readingView(() => sql`1 = 1`);

const noView: TaskListQuery = {
  projectIds: [1],
  viewId: null,
  search: '',
  conditions: [tasksOnly],
  sort: [{ field: 'id', order: 'asc' }],
  limit: 50,
  offset: 0,
};
const throughView: TaskListQuery = {
  ...noView,
  viewId: 7,
  sort: [
    { field: 'position', order: 'asc' },
    { field: 'id', order: 'asc' },
  ],
};

describe('listPlan', () => {
  it('walks SQLite in id order after counting a list without a view', () => {
    expect(listPlan(noView, 'sqlite')).toEqual({
      page: 'inIdOrder',
      count: 'countTasks',
      ranked: false,
      withinBucket: false,
    });
    expect(listPlan(noView, 'postgres').page).toBe('ordered');
    expect(listPlan({ ...noView, withTotal: false }, 'sqlite')).toMatchObject({
      page: 'ordered',
      count: 'none',
    });
    expect(listPlan({ ...noView, sort: [{ field: 'id', order: 'desc' }] }, 'sqlite').page).toBe('ordered');
  });

  it('reads a view position first through its position index', () => {
    expect(listPlan(throughView, 'sqlite').page).toBe('byPosition');
    expect(listPlan({ ...throughView, bucketId: 3 }, 'sqlite')).toMatchObject({
      page: 'ordered',
      withinBucket: true,
      count: 'countWithView',
    });
    expect(listPlan({ ...throughView, bucketId: 3, unplacedInBucket: true }, 'sqlite').page).toBe(
      'byPosition',
    );
  });

  it('counts through the view only when a condition reads it', () => {
    expect(listPlan(throughView, 'sqlite').count).toBe('countTasks');
    expect(listPlan({ ...throughView, conditions: [tasksOnly, onPosition] }, 'sqlite').count).toBe(
      'countWithView',
    );
  });

  it('counts a lone custom field condition from its values', () => {
    const values: TaskCondition = Object.assign(() => sql<SqlBool>`1 = 1`, {
      fieldValues: {
        fields: [{ id: 1, projectId: 1 }],
        where: () => sql<SqlBool>`1 = 1`,
        oneRowPerTask: true,
      },
    });
    expect(listPlan({ ...noView, conditions: [values] }, 'sqlite')).toMatchObject({
      page: 'inIdOrder',
      count: 'countFieldValues',
    });
    // Anything else narrowing the list makes it a count of tasks.
    for (const narrowed of [
      { conditions: [values, tasksOnly] },
      { search: 'plumber' },
      { favoritesOf: 1 },
      { projectIds: sql<number>`(SELECT 1)` },
    ])
      expect(listPlan({ ...noView, conditions: [values], ...narrowed }, 'postgres').count).toBe('countTasks');
  });

  it("reads a project's open tasks from the counter", () => {
    expect(
      listPlan({ ...throughView, openTasksOf: { projectId: 1, topLevelOnly: false } }, 'postgres').count,
    ).toBe('openTaskCounter');
  });

  it('counts a ranked PostgreSQL search in its page', () => {
    const search = { ...noView, search: 'plumber', rankBySearch: true };
    expect(listPlan(search, 'postgres')).toMatchObject({
      page: 'ordered',
      count: 'windowInPage',
      ranked: true,
    });
    expect(listPlan(search, 'sqlite')).toMatchObject({ page: 'ordered', count: 'countTasks', ranked: true });
    expect(listPlan({ ...search, limit: null }, 'postgres').count).toBe('countTasks');
  });
});

describe('bucketPagePlan', () => {
  const board = { projectIds: [1], search: '', conditions: [] };
  it('reuses one query for a plain board and reads bucket rows otherwise', () => {
    expect(bucketPagePlan(board, { id: 1, takesUnplaced: false })).toBe('plainBucket');
    expect(bucketPagePlan({ ...board, search: 'x' }, { id: 1, takesUnplaced: false })).toBe('bucketRows');
    expect(bucketPagePlan({ ...board, conditions: [tasksOnly] }, { id: 1, takesUnplaced: false })).toBe(
      'view',
    );
    expect(bucketPagePlan(board, { id: 1, takesUnplaced: true })).toBe('view');
  });
});
