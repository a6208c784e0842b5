import { describe, expect, it } from 'vitest';
import { calendarRangeQuery, rangeFilter, UNSCHEDULED_FILTER, unscheduledQuery } from './calendar-query';

describe('calendar queries', () => {
  it('asks for tasks with a date on a shown day or a span over them (the API test uses these texts)', () => {
    expect(rangeFilter(new Date(2030, 2, 1), new Date(2030, 2, 7))).toBe(
      '(due_date >= 2030-03-01 && due_date < 2030-03-08) || (start_date >= 2030-03-01 && start_date < 2030-03-08)' +
        ' || (end_date >= 2030-03-01 && end_date < 2030-03-08) || (start_date < 2030-03-08 && end_date >= 2030-03-01)',
    );
    expect(UNSCHEDULED_FILTER).toBe(
      'due_date < 1900-01-01 && start_date < 1900-01-01 && end_date < 1900-01-01',
    );
  });

  it("ANDs the filter bar's filter and search in, with nulls only where they are needed", () => {
    const range = calendarRangeQuery(new Date(2030, 2, 1), new Date(2030, 2, 1), {
      filter: 'priority >= 3',
      s: 'bob',
    });
    expect(range.filter).toBe(
      '(priority >= 3) && ((due_date >= 2030-03-01 && due_date < 2030-03-02) || (start_date >= 2030-03-01 && start_date < 2030-03-02)' +
        ' || (end_date >= 2030-03-01 && end_date < 2030-03-02) || (start_date < 2030-03-02 && end_date >= 2030-03-01))',
    );
    expect([range.s, range.filterIncludeNulls, range.perPage]).toEqual(['bob', false, 50]);
    expect(unscheduledQuery({}).filterIncludeNulls).toBe(true);
    expect(unscheduledQuery({}).filter).toBe(UNSCHEDULED_FILTER);
  });
});
