/**
 * Small client-side date helpers (behaviour.md §2). They work on local wall-clock time (the
 * runtime's zone) and take the one injected `now`; nothing here reads the system clock.
 */

export type DayIntervalName =
  | 'today'
  | 'tomorrow'
  | 'nextMonday'
  | 'thisWeekend'
  | 'laterThisWeek'
  | 'laterNextWeek'
  | 'nextWeek';

// Days to add, indexed by weekday (Sunday = 0).
const dayIntervals: Record<DayIntervalName, readonly number[]> = {
  today: [0, 0, 0, 0, 0, 0, 0],
  tomorrow: [1, 1, 1, 1, 1, 1, 1],
  nextMonday: [1, 0, 6, 5, 4, 3, 2],
  thisWeekend: [0, 5, 4, 3, 2, 1, 0],
  laterThisWeek: [0, 2, 2, 2, 2, 0, 0],
  laterNextWeek: [7, 9, 9, 9, 9, 7, 7],
  nextWeek: [7, 7, 7, 7, 7, 7, 7],
};

/** Days to add for a named interval on a weekday (Sunday = 0); an unknown name gives 0. */
export function dayInterval(name: string, weekday: number): number {
  return Object.hasOwn(dayIntervals, name) ? (dayIntervals[name as DayIntervalName][weekday] ?? 0) : 0;
}

/** The default hour for a date without a time: the next of 9, 12, 15, 18, 21, wrapping to 9 after 21:00. */
export function defaultHour(now: Date): number {
  const minutes = now.getHours() * 60 + now.getMinutes();
  for (const hour of [9, 12, 15, 18, 21]) {
    if (minutes <= hour * 60) return hour;
  }
  return 9;
}

/** A Gantt start rounds down to local 00:00:00.000. */
export function naturalDayStart(date: Date): Date {
  const result = new Date(date);
  result.setHours(0, 0, 0, 0);
  return result;
}

/** A Gantt end before 12:00 rounds down to 00:00; from 12:00 on it rounds up to 23:59:59.999 of the same day. */
export function naturalDayEnd(date: Date): Date {
  const result = new Date(date);
  if (date.getHours() < 12) result.setHours(0, 0, 0, 0);
  else result.setHours(23, 59, 59, 999);
  return result;
}

/** Whole days a Gantt bar covers between natural boundaries (a same-day 15:00–18:00 range is 1 day). */
export function naturalDaySpan(start: Date, end: Date): number {
  return Math.round((naturalDayEnd(end).getTime() - naturalDayStart(start).getTime()) / 86_400_000);
}

/** Safari-safe parsing: every `-` becomes `/`, so date-only text is local midnight rather than UTC. */
export function parseLocalDateString(text: string): Date {
  return new Date(text.replaceAll('-', '/'));
}

/**
 * Null or undefined gives the fallback; text containing `now` or `||` (any case) is date math and
 * stays text; other text becomes a Date when it parses, and stays text otherwise.
 */
export function dateOrDateMath<F>(value: string | null | undefined, fallback: F): Date | string | F {
  if (value === null || value === undefined) return fallback;
  const lower = value.toLowerCase();
  if (lower.includes('now') || lower.includes('||')) return value;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date;
}

const routeDatePattern = /^(\d+)-(\d{1,2})-(\d{1,2})$/;

/** A route date `YYYY-M-D` as the ISO string of local midnight (day overflow rolls forward), or undefined. */
export function parseRouteDate(text: string): string | undefined {
  const match = routeDatePattern.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  const date = new Date(2000, month - 1, day);
  date.setFullYear(year, month - 1, day);
  return date.toISOString();
}

export type PeriodUnit = 'weeks' | 'days' | 'hours' | 'minutes';

/** Seconds as the largest fitting period: weeks, days, hours, else (possibly fractional) minutes. */
export function secondsToPeriod(seconds: number): { amount: number; unit: PeriodUnit } {
  if (seconds % 86_400 === 0) {
    return seconds % 604_800 === 0
      ? { amount: seconds / 604_800, unit: 'weeks' }
      : { amount: seconds / 86_400, unit: 'days' };
  }
  if (seconds % 3600 === 0) return { amount: seconds / 3600, unit: 'hours' };
  return { amount: seconds / 60, unit: 'minutes' };
}

export interface TimeEntrySpan {
  start: Date;
  /** Null while the entry is running. */
  end: Date | null;
}

/**
 * Start for a new time entry: the latest end among the entries (running ones ignored), or else the
 * default `HH:MM` (empty means 09:00) on now's date; never later than now.
 */
export function smartFillStart(entries: readonly TimeEntrySpan[], defaultStart: string, now: Date): Date {
  const ends = entries.flatMap((entry) => (entry.end ? [entry.end.getTime()] : []));
  let start: Date;
  if (ends.length > 0) {
    start = new Date(Math.max(...ends));
  } else {
    const [hours, minutes] = (/^(\d{1,2}):(\d{2})$/.exec(defaultStart.trim())?.slice(1) ?? ['9', '0']).map(
      Number,
    );
    start = new Date(now);
    start.setHours(hours, minutes, 0, 0);
  }
  return start.getTime() > now.getTime() ? new Date(now) : start;
}
