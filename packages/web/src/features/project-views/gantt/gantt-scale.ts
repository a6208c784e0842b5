/**
 * The gantt chart's time axis: a range of local days drawn at a width per day that depends on the
 * scale (day, week, month), where a date sits on it, the header cells, and the date changes a
 * dragged bar, a dragged edge or a drawn bar make (whole days; a moved bar keeps its times).
 */
import { naturalDayEnd, naturalDayStart } from '@ordo/core';

export type GanttScale = 'day' | 'week' | 'month';

export const DAY_WIDTH: Record<GanttScale, number> = { day: 36, week: 14, month: 4 };

const MS_PER_DAY = 86_400_000;

export interface DayRange {
  /** Local midnight of the first day. */
  from: Date;
  /** Local midnight of the last day (included). */
  to: Date;
}

export function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

/** The same wall time `days` calendar days later (daylight-saving changes keep the hour). */
export function addDays(date: Date, days: number): Date {
  const next = new Date(date);
  next.setDate(next.getDate() + days);
  return next;
}

/** Calendar days from a to b (local), fractional for times within a day. */
export function dayOffset(from: Date, date: Date): number {
  const whole = Math.round((startOfDay(date).getTime() - startOfDay(from).getTime()) / MS_PER_DAY);
  const withinDay = (date.getTime() - startOfDay(date).getTime()) / MS_PER_DAY;
  return whole + withinDay;
}

/** The default window: two weeks before today to eight weeks after. */
export function defaultRange(now: Date): DayRange {
  const today = startOfDay(now);
  return { from: addDays(today, -14), to: addDays(today, 56) };
}

export function dayCount(range: DayRange): number {
  return Math.round(dayOffset(range.from, range.to)) + 1;
}

export interface Bar {
  left: number;
  width: number;
}

/**
 * Where a task from `start` to `end` is drawn, in pixels from the range's first day: whole days,
 * by the natural day boundaries (behaviour.md §2: a same-day 15:00–18:00 task is one day long).
 */
export function barGeometry(start: Date, end: Date, range: DayRange, dayWidth: number): Bar {
  const left = dayOffset(range.from, naturalDayStart(start)) * dayWidth;
  const right = Math.round(dayOffset(range.from, naturalDayEnd(end))) * dayWidth;
  return { left, width: Math.max(right - left, Math.min(dayWidth, 8)) };
}

export interface DateSpan {
  start: Date;
  end: Date;
}

/** A whole bar moved by `days`: both dates move, times of day kept. */
export function moveSpan(span: DateSpan, days: number): DateSpan {
  return { start: addDays(span.start, days), end: addDays(span.end, days) };
}

/** One edge dragged by `days`; the bar never gets shorter than an hour or turns around. */
export function resizeSpan(span: DateSpan, edge: 'start' | 'end', days: number): DateSpan {
  const hour = 3_600_000;
  if (edge === 'start') {
    const start = addDays(span.start, days);
    return {
      start: start.getTime() < span.end.getTime() ? start : new Date(span.end.getTime() - hour),
      end: span.end,
    };
  }
  const end = addDays(span.end, days);
  return {
    start: span.start,
    end: end.getTime() > span.start.getTime() ? end : new Date(span.start.getTime() + hour),
  };
}

/** A bar drawn from one day to another (either direction): first day 00:00 to last day 23:59. */
export function drawnSpan(range: DayRange, fromDay: number, toDay: number): DateSpan {
  const first = Math.min(fromDay, toDay);
  const last = Math.max(fromDay, toDay);
  const start = addDays(range.from, first);
  const end = addDays(range.from, last);
  end.setHours(23, 59, 0, 0);
  return { start, end };
}

export interface HeaderCell {
  key: string;
  label: string;
  left: number;
  width: number;
  /** Saturday or Sunday, on the day scale. */
  weekend?: boolean;
}

/** ISO week number (weeks start on Monday; week 1 holds the year's first Thursday). */
export function isoWeek(date: Date): number {
  const day = startOfDay(date);
  const thursday = addDays(day, 3 - ((day.getDay() + 6) % 7));
  const januaryFirst = new Date(thursday.getFullYear(), 0, 1);
  return 1 + Math.floor(Math.round(dayOffset(januaryFirst, thursday)) / 7);
}

/** Consecutive days grouped by a key, as cells. */
function group(
  range: DayRange,
  dayWidth: number,
  keyOf: (day: Date) => string,
  labelOf: (day: Date) => string,
): HeaderCell[] {
  const cells: HeaderCell[] = [];
  const days = dayCount(range);
  for (let i = 0; i < days; i++) {
    const day = addDays(range.from, i);
    const key = keyOf(day);
    const last = cells.at(-1);
    if (last && last.key === key) last.width += dayWidth;
    else cells.push({ key, label: labelOf(day), left: i * dayWidth, width: dayWidth });
  }
  return cells;
}

/** Two header rows: months over days or weeks, or years over months. */
export function headerRows(range: DayRange, scale: GanttScale, locale: string): [HeaderCell[], HeaderCell[]] {
  const dayWidth = DAY_WIDTH[scale];
  const month = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' });
  const shortMonth = new Intl.DateTimeFormat(locale, { month: 'short' });
  const monthKey = (d: Date) => `${d.getFullYear()}-${d.getMonth()}`;
  if (scale === 'month') {
    return [
      group(
        range,
        dayWidth,
        (d) => String(d.getFullYear()),
        (d) => String(d.getFullYear()),
      ),
      group(range, dayWidth, monthKey, (d) => shortMonth.format(d)),
    ];
  }
  const top = group(range, dayWidth, monthKey, (d) => month.format(d));
  if (scale === 'week') {
    const weekStart = (d: Date) => addDays(startOfDay(d), -((d.getDay() + 6) % 7));
    return [
      top,
      group(
        range,
        dayWidth,
        (d) => String(weekStart(d).getTime()),
        (d) => String(isoWeek(d)),
      ),
    ];
  }
  const days = group(
    range,
    dayWidth,
    (d) => String(d.getTime()),
    (d) => String(d.getDate()),
  ).map((cell, i) => {
    const day = addDays(range.from, i).getDay();
    return { ...cell, weekend: day === 0 || day === 6 };
  });
  return [top, days];
}
