/**
 * The days a calendar shows: a month as whole weeks (starting on the user's week start, so the
 * first and last rows carry days of the neighbouring months), a week, or one day. All days are
 * local midnights in the browser's time zone, the zone the API's `filter_timezone` is read in.
 */
import {
  addDays,
  addMonths,
  addWeeks,
  differenceInCalendarDays,
  startOfDay,
  startOfMonth,
  startOfWeek,
} from 'date-fns';

export type CalendarMode = 'month' | 'week' | 'day';
export type WeekStart = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export interface CalendarGrid {
  /** Every day shown, in order, rows of `columns` days. */
  days: Date[];
  columns: number;
  /** The first and last day shown. */
  from: Date;
  to: Date;
}

export function calendarGrid(mode: CalendarMode, anchor: Date, weekStart: WeekStart): CalendarGrid {
  let from: Date;
  let count: number;
  if (mode === 'day') {
    from = startOfDay(anchor);
    count = 1;
  } else if (mode === 'week') {
    from = startOfWeek(anchor, { weekStartsOn: weekStart });
    count = 7;
  } else {
    const first = startOfMonth(anchor);
    from = startOfWeek(first, { weekStartsOn: weekStart });
    const last = addDays(addMonths(first, 1), -1);
    count = Math.ceil((differenceInCalendarDays(last, from) + 1) / 7) * 7;
  }
  const days = Array.from({ length: count }, (_, i) => addDays(from, i));
  return { days, columns: mode === 'day' ? 1 : 7, from, to: days[days.length - 1] };
}

/** The anchor one page before (-1) or after (+1): a month, a week or a day. */
export function shiftAnchor(mode: CalendarMode, anchor: Date, step: -1 | 1): Date {
  if (mode === 'month') return addMonths(startOfMonth(anchor), step);
  if (mode === 'week') return addWeeks(anchor, step);
  return addDays(anchor, step);
}

/** `yyyy-mm-dd` of a local day: the key of a day cell and the date text of a filter. */
export function dayKey(day: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

export function dayFromKey(key: string): Date {
  const [year, month, day] = key.split('-').map(Number);
  return new Date(year, month - 1, day);
}
