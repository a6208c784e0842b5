import { DateMathError, type DateMathOptions, resolveDateMath } from './date-math.js';
import { daysInMonth, instantOfWallTime, isValidTimeZone } from './zoned-time.js';

const rfc3339Pattern = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
const dateTimeLocalPattern = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/;
const plainDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const looseDatePattern = /^(\d+)-(\d+)-(\d+)$/;

/**
 * Read a date value of a task filter the way the API does (behaviour.md §3.5, reference §4.1): the
 * trimmed text is tried as date math, then RFC 3339, then `YYYY-MM-DD HH:MM`, then `YYYY-MM-DD`,
 * then as three numbers split on `-` (`2024-1-5`; a day or month beyond the calendar, such as
 * `2024-02-30` or `2024-13-01`, is an error rather than rolled over). Values
 * without an offset are wall-clock times in `timeZone`; a bare number of 5+ digits is unix time
 * in milliseconds. Throws `DateMathError` when nothing fits.
 */
export function readDateFilterValue(value: string, options: DateMathOptions): Date {
  const text = value.trim();
  if (!isValidTimeZone(options.timeZone))
    throw new DateMathError(text, `unknown time zone '${options.timeZone}'`);
  try {
    return resolveDateMath(text, options);
  } catch (error) {
    if (!(error instanceof DateMathError)) throw error;
  }
  const rfc = rfc3339Pattern.exec(text);
  if (rfc && isValidDate(rfc) && isValidTime(rfc[4], rfc[5], rfc[6])) {
    const offset = rfc[8].toUpperCase() === 'Z' ? 'UTC' : rfc[8];
    const millisecond = rfc[7] ? Math.floor(Number(`0${rfc[7]}`) * 1000) : 0;
    return new Date(wallInstant(rfc, offset, Number(rfc[4]), Number(rfc[5]), Number(rfc[6]), millisecond));
  }
  const local = dateTimeLocalPattern.exec(text);
  if (local && isValidDate(local) && isValidTime(local[4], local[5], '0')) {
    return new Date(wallInstant(local, options.timeZone, Number(local[4]), Number(local[5]), 0, 0));
  }
  const plain = plainDatePattern.exec(text);
  if (plain && isValidDate(plain)) return new Date(wallInstant(plain, options.timeZone, 0, 0, 0, 0));
  // The loose form takes one-digit months and days (`2024-1-5`). Vikunja lets a day or month
  // beyond the calendar roll over (`2024-02-30` as Mar 1); Ordo refuses it, as it refuses such a
  // date anywhere else, rather than filter on a day nobody asked for.
  const loose = looseDatePattern.exec(text);
  if (loose && isValidDate(loose)) {
    const instant = wallInstant(loose, options.timeZone, 0, 0, 0, 0);
    if (Math.abs(instant) <= 8.64e15) return new Date(instant);
  }
  throw new DateMathError(text, 'not a date');
}

/** Does `value` read as a filter date (in any zone)? */
export function isDateFilterValue(value: string): boolean {
  try {
    readDateFilterValue(value, { now: new Date(0), timeZone: 'UTC' });
    return true;
  } catch {
    return false;
  }
}

function wallInstant(
  ymd: RegExpExecArray,
  zone: string,
  hour: number,
  minute: number,
  second: number,
  millisecond: number,
): number {
  return instantOfWallTime(
    { year: Number(ymd[1]), month: Number(ymd[2]), day: Number(ymd[3]), hour, minute, second, millisecond },
    zone,
  );
}

function isValidDate(ymd: RegExpExecArray): boolean {
  const year = Number(ymd[1]);
  const month = Number(ymd[2]);
  const day = Number(ymd[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month);
}

function isValidTime(hour: string, minute: string, second: string): boolean {
  return Number(hour) <= 23 && Number(minute) <= 59 && Number(second) <= 59;
}
