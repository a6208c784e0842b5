/**
 * What the calendar asks the server for, through its view (so the view's own filter applies):
 * the tasks with a date on a shown day or a span overlapping the shown days, and apart from
 * them the view's tasks without any date, for the sidebar. Both are ANDed with the filter bar's
 * filter and search, and read page by page (see fetchAllViewTasks).
 */
import { addDays } from 'date-fns';
import type { TaskListQuery } from '../../../api/tasks';
import { andFilters } from '../../filters/and-filters';
import { dayKey } from './calendar-grid';

/** The most the server hands out per page. */
export const CALENDAR_PAGE_SIZE = 50;

export type CalendarUserFilter = Pick<TaskListQuery, 'filter' | 's' | 'filterIncludeNulls'>;

/** Days are read in the browser's time zone, which every task list request sends. */
export function rangeFilter(from: Date, to: Date): string {
  const first = dayKey(from);
  const after = dayKey(addDays(to, 1));
  const within = (field: string) => `(${field} >= ${first} && ${field} < ${after})`;
  return [
    within('due_date'),
    within('start_date'),
    within('end_date'),
    `(start_date < ${after} && end_date >= ${first})`,
  ].join(' || ');
}

/**
 * With nulls included each comparison also matches an unset date, and no task is due before 1900,
 * so only tasks with none of the three dates are left.
 */
export const UNSCHEDULED_FILTER = 'due_date < 1900-01-01 && start_date < 1900-01-01 && end_date < 1900-01-01';

function base(user: CalendarUserFilter): Omit<TaskListQuery, 'page' | 'filter' | 'filterIncludeNulls'> {
  return {
    perPage: CALENDAR_PAGE_SIZE,
    sortBy: ['due_date', 'id'],
    orderBy: ['asc', 'asc'],
    s: user.s || undefined,
    expand: [],
  };
}

export function calendarRangeQuery(
  from: Date,
  to: Date,
  user: CalendarUserFilter = {},
): Omit<TaskListQuery, 'page'> {
  return {
    ...base(user),
    filter: andFilters(user.filter, rangeFilter(from, to)),
    // Tasks lacking a date that the user's include-nulls brings back are left off the grid.
    filterIncludeNulls: !!user.filter && !!user.filterIncludeNulls,
  };
}

export function unscheduledQuery(user: CalendarUserFilter = {}): Omit<TaskListQuery, 'page'> {
  return {
    ...base(user),
    sortBy: ['id'],
    orderBy: ['asc'],
    filter: andFilters(user.filter, UNSCHEDULED_FILTER),
    filterIncludeNulls: true,
  };
}
