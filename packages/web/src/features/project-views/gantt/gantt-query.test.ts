import { parseFilter } from '@ordo/core';
import { describe, expect, it } from 'vitest';
import { ganttQuery } from './gantt-query';

const range = { from: new Date(2026, 2, 1), to: new Date(2026, 2, 31) };

describe('ganttQuery', () => {
  it('asks for the tasks overlapping the range, with dateless ones only when shown', () => {
    expect(ganttQuery(range, false)).toMatchObject({
      filter: 'start_date < 2026-04-01 && end_date >= 2026-03-01',
      filterIncludeNulls: false,
      sortBy: ['start_date', 'id'],
    });
    expect(ganttQuery(range, true).filterIncludeNulls).toBe(true);
  });

  it('ANDs the user’s filter in front of the range, keeping its || inside', () => {
    const query = ganttQuery(range, false, { filter: 'priority = 5 || labels in 3', s: 'venue' });
    expect(query.filter).toBe(
      '(priority = 5 || labels in 3) && (start_date < 2026-04-01 && end_date >= 2026-03-01)',
    );
    expect(parseFilter(query.filter ?? '')).toMatchObject({
      join: 'and',
      left: { join: 'or' },
      right: { join: 'and' },
    });
    expect(query.s).toBe('venue');
  });

  it('includes nulls when the user’s filter asks for it', () => {
    expect(
      ganttQuery(range, false, { filter: 'labels in 3', filterIncludeNulls: true }).filterIncludeNulls,
    ).toBe(true);
    // Without a filter of the user's the flag has nothing to apply to.
    expect(ganttQuery(range, false, { s: 'x', filterIncludeNulls: true }).filterIncludeNulls).toBe(false);
  });
});
