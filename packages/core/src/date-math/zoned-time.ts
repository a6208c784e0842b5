import { TZDate } from '@date-fns/tz';

/** Wall-clock fields in some time zone. Months are 1–12. Fields may overflow before normalisation. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

/** Wall-clock fields plus the weekday (Sunday = 0). */
export interface ZonedWallTime extends WallTime {
  weekday: number;
}

/** Is `timeZone` an IANA name or a `±HH:MM` offset that the runtime understands? */
export function isValidTimeZone(timeZone: string): boolean {
  if (!timeZone) return false;
  return !Number.isNaN(new TZDate(0, timeZone).getTime());
}

/** The wall-clock time of an instant (ms since the epoch) in a zone. */
export function wallTimeAt(instant: number, timeZone: string): ZonedWallTime {
  const date = new TZDate(instant, timeZone);
  return {
    year: date.getFullYear(),
    month: date.getMonth() + 1,
    day: date.getDate(),
    hour: date.getHours(),
    minute: date.getMinutes(),
    second: date.getSeconds(),
    millisecond: date.getMilliseconds(),
    weekday: date.getDay(),
  };
}

/**
 * The instant of a wall-clock time in a zone. Overflowing fields are normalised forward, as Go's
 * `time.Date` does (Jan 32 is Feb 1, month 13 is January of the next year). A time that falls in a
 * DST gap moves forward by the gap; an ambiguous time takes the earlier instant.
 */
export function instantOfWallTime(wall: WallTime, timeZone: string): number {
  const { year, month, day, hour, minute, second, millisecond } = wall;
  // The Date constructor maps years 0–99 to 1900–1999, so such years are set explicitly.
  const date = new TZDate(
    year < 100 && year >= 0 ? 2000 : year,
    month - 1,
    day,
    hour,
    minute,
    second,
    millisecond,
    timeZone,
  );
  if (year < 100 && year >= 0) date.setFullYear(year, month - 1, day);
  return date.getTime();
}

/** Days in a month (1–12) of the proleptic Gregorian calendar. */
export function daysInMonth(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
}
