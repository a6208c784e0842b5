/** Local wall-clock calendar arithmetic for quick-add. Every function copies; none reads the clock. */
import { defaultHour } from '../date-math/date-helpers.js';

/** Local midnight of a calendar day. Unlike `new Date(y, m, d)`, years 0 to 99 are taken literally. */
export function localMidnight(year: number, monthIndex: number, day: number): Date {
  const date = new Date(2000, 0, 1);
  date.setFullYear(year, monthIndex, day);
  date.setHours(0, 0, 0, 0);
  return date;
}

export function daysInMonth(year: number, monthIndex: number): number {
  return localMidnight(year, monthIndex + 1, 0).getDate();
}

/** Does this day exist (month 1 to 12, day within the month)? */
export function isCalendarDay(year: number, month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month - 1);
}

/** Adds whole days, keeping the wall-clock time of day. */
export function addDays(date: Date, days: number): Date {
  const result = new Date(date.getTime());
  result.setDate(result.getDate() + days);
  return result;
}

/**
 * The same day at its default hour (the first of 9, 12, 15, 18, 21 at or after the time of day, 9
 * after 21:00, same day), minutes and seconds cleared.
 */
export function atDefaultHour(date: Date): Date {
  const result = new Date(date.getTime());
  result.setHours(defaultHour(date), 0, 0, 0);
  return result;
}

export function isValidDate(date: Date): boolean {
  return !Number.isNaN(date.getTime());
}
