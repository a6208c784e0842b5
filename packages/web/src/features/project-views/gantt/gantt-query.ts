/**
 * What the gantt chart asks the server for: the view's tasks whose dates overlap the shown range,
 * ANDed with the user's filter and search from the URL (the same filter bar as every task view).
 * The API has one include-nulls flag for the whole filter (reference §4.1), so it is on when the
 * chart shows tasks without dates or the user's filter asks for it; tasks lacking a date that
 * come back then are drawn only under "show tasks without dates" (see `splitByDates`).
 */
import type { TaskListQuery } from '../../../api/tasks';
import { andFilters } from '../../filters/and-filters';
import { addDays, type DayRange } from './gantt-scale';

/** The most the server hands out per page. */
export const GANTT_PAGE_SIZE = 50;

export type GanttUserFilter = Pick<TaskListQuery, 'filter' | 's' | 'filterIncludeNulls'>;

function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function ganttQuery(
  range: DayRange,
  withDateless: boolean,
  user: GanttUserFilter = {},
): Omit<TaskListQuery, 'page'> {
  const overlaps = `start_date < ${localDay(addDays(range.to, 1))} && end_date >= ${localDay(range.from)}`;
  return {
    perPage: GANTT_PAGE_SIZE,
    sortBy: ['start_date', 'id'],
    orderBy: ['asc', 'asc'],
    filter: andFilters(user.filter, overlaps),
    filterIncludeNulls: withDateless || (!!user.filter && !!user.filterIncludeNulls),
    s: user.s || undefined,
    expand: [],
  };
}
