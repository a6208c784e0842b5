import { describe, expect, it } from 'vitest';
import type { FilterNode } from './filter-ast.js';
import { parseFilter } from './parse-filter.js';
import { upcomingTasksFilter } from './upcoming-filter.js';

describe('upcomingTasksFilter (behaviour.md §3.4)', () => {
  it('bounds the due date strictly on both sides', () => {
    const filter = upcomingTasksFilter({ from: 'now/d', to: 'now/d+7d' });
    expect(filter).toBe("done = false && due_date < 'now/d+7d' && due_date > 'now/d'");
    const tree = parseFilter(filter) as Extract<FilterNode, { type: 'junction' }>;
    expect(tree.right).toEqual({
      type: 'condition',
      field: 'due_date',
      kind: 'date',
      comparator: '>',
      values: ['now/d'],
    });
  });

  it('leaves out the lower bound when overdue tasks are shown', () => {
    expect(upcomingTasksFilter({ from: 'now/d', to: '2026-04-22T00:00:00Z', showOverdue: true })).toBe(
      "done = false && due_date < '2026-04-22T00:00:00Z'",
    );
  });

  it('shows all undone tasks without a range', () => {
    expect(upcomingTasksFilter({})).toBe('done = false');
    expect(upcomingTasksFilter({ from: null, to: null })).toBe('done = false');
  });
});
