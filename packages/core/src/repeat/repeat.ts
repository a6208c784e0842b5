import { instantOfWallTime, wallTimeAt } from '../date-math/zoned-time.js';

/**
 * What marking a repeating task done does to its dates (reference §4.5). The task is not left
 * done: its dates move to the next occurrence, `done` goes back to false and `done_at` is now.
 */

/** 0: every `repeat_after` seconds; 1: every calendar month; 2: `repeat_after` seconds from the time it is done. */
export type RepeatMode = 0 | 1 | 2;

export const repeatModes = { default: 0, monthly: 1, fromCurrentDate: 2 } as const satisfies Record<
  string,
  RepeatMode
>;

export interface RepeatSettings {
  /** Interval in seconds. */
  repeatAfter: number;
  repeatMode: RepeatMode;
}

/** A task's dates; null means unset (the wire's zero date). Reminders are absolute instants. */
export interface RepeatingDates {
  dueDate: Date | null;
  startDate: Date | null;
  endDate: Date | null;
  reminders: Date[];
}

export interface RepeatContext extends RepeatSettings {
  now: Date;
  /**
   * Zone whose calendar the task's repeats step in (the user's): the monthly mode's months, and the
   * days of an interval of whole days. UTC when not given.
   */
  timeZone?: string;
}

/** A task repeats with a positive interval, or in monthly mode. */
export function isRepeating({ repeatAfter, repeatMode }: RepeatSettings): boolean {
  return repeatAfter > 0 || repeatMode === 1;
}

/**
 * The dates after a repeating task is marked done. A task that does not repeat keeps its dates.
 * Relative reminders are not handled here: recompute them from the moved dates afterwards.
 */
export function advanceRepeatingDates(dates: RepeatingDates, context: RepeatContext): RepeatingDates {
  if (!isRepeating(context)) return copy(dates);
  if (context.repeatMode === 1) return advanceByOneMonth(dates, context.timeZone ?? 'UTC');
  if (context.repeatMode === 2)
    return advanceFromNow(dates, context.repeatAfter * 1000, context.now.getTime());
  if (context.repeatAfter % DAY_SECONDS === 0 && context.timeZone)
    return advanceByDays(dates, context.repeatAfter / DAY_SECONDS, context.now.getTime(), context.timeZone);
  return advanceByInterval(dates, context.repeatAfter * 1000, context.now.getTime());
}

const DAY_SECONDS = 86_400;

function copy(dates: RepeatingDates): RepeatingDates {
  return { ...dates, reminders: [...dates.reminders] };
}

/** Mode 0: at least one interval, and as many more as needed to land after now; each date on its own. */
function advanceByInterval(dates: RepeatingDates, interval: number, now: number): RepeatingDates {
  const move = (date: Date): Date => {
    const behind = now - date.getTime();
    const steps = behind < 0 ? 1 : Math.floor(behind / interval) + 1;
    return new Date(date.getTime() + steps * interval);
  };
  return moveEach(dates, move);
}

/** Every set date and reminder moved on its own. */
function moveEach(dates: RepeatingDates, move: (date: Date) => Date): RepeatingDates {
  return {
    dueDate: dates.dueDate && move(dates.dueDate),
    startDate: dates.startDate && move(dates.startDate),
    endDate: dates.endDate && move(dates.endDate),
    reminders: dates.reminders.map(move),
  };
}

/**
 * Mode 0 with an interval of whole days, in the user's calendar: as `advanceByInterval`, but each
 * step is that many days at the same wall-clock time, so a daily task at 09:00 stays at 09:00 and
 * an all-day task (at midnight) on its day when the clocks change in between; 24-hour steps would
 * move them an hour, and an all-day task onto the evening before.
 */
function advanceByDays(dates: RepeatingDates, days: number, now: number, timeZone: string): RepeatingDates {
  const move = (date: Date): Date => {
    const wall = wallTimeAt(date.getTime(), timeZone);
    const after = (steps: number) => instantOfWallTime({ ...wall, day: wall.day + steps * days }, timeZone);
    const behind = now - date.getTime();
    // Counted in 24-hour days; a clock change may leave the last step an hour short of now.
    let steps = behind < 0 ? 1 : Math.floor(behind / (days * DAY_SECONDS * 1000)) + 1;
    while (after(steps) <= now) steps++;
    return new Date(after(steps));
  };
  return moveEach(dates, move);
}

/** Mode 1: one calendar month, same day and wall-clock time (overflow rolls forward, Jan 31 → Mar 2/3). */
function advanceByOneMonth(dates: RepeatingDates, timeZone: string): RepeatingDates {
  const move = (date: Date): Date => {
    const wall = wallTimeAt(date.getTime(), timeZone);
    return new Date(instantOfWallTime({ ...wall, month: wall.month + 1 }, timeZone));
  };
  const startDate = dates.startDate && move(dates.startDate);
  const endDate =
    dates.endDate &&
    (startDate && dates.startDate ? shift(startDate, dates.endDate, dates.startDate) : move(dates.endDate));
  return {
    dueDate: dates.dueDate && move(dates.dueDate),
    startDate,
    endDate,
    reminders: dates.reminders.map(move),
  };
}

/**
 * Mode 2: the due date becomes now + interval; start and end keep their offset to it (or, without a
 * due date, start becomes now + interval and end keeps the span); reminders keep their spacing with
 * the earliest at now + interval.
 */
function advanceFromNow(dates: RepeatingDates, interval: number, now: number): RepeatingDates {
  const next = new Date(now + interval);
  const { dueDate, startDate, endDate, reminders } = dates;
  let result: Omit<RepeatingDates, 'reminders'>;
  if (dueDate) {
    result = {
      dueDate: next,
      startDate: startDate && shift(next, startDate, dueDate),
      endDate: endDate && shift(next, endDate, dueDate),
    };
  } else if (startDate) {
    result = { dueDate: null, startDate: next, endDate: endDate && shift(next, endDate, startDate) };
  } else {
    result = { dueDate: null, startDate: null, endDate: endDate && next };
  }
  const earliest = Math.min(...reminders.map((reminder) => reminder.getTime()));
  return { ...result, reminders: reminders.map((reminder) => shift(next, reminder, new Date(earliest))) };
}

/** `date` moved so that it keeps its distance to `from` when `from` lands on `to`. */
function shift(to: Date, date: Date, from: Date): Date {
  return new Date(to.getTime() + (date.getTime() - from.getTime()));
}

/**
 * Uncheck every checklist item of a rich-text description: `data-checked="true"` becomes `"false"`
 * and checked checkbox inputs lose their `checked` attribute.
 */
export function uncheckChecklistItems(description: string): string {
  // Only attributes inside tags change; the same words in the text stay as they are.
  return description.replace(/<[A-Za-z][^>]*>/g, (tag) => {
    const unchecked = tag.replace(/(\sdata-checked\s*=\s*)(["'])true\2/gi, '$1$2false$2');
    if (!/^<input\b/i.test(unchecked) || !/\stype\s*=\s*["']?checkbox\b/i.test(unchecked)) return unchecked;
    return unchecked.replace(/\s+checked(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>/]+))?(?=[\s/>])/gi, '');
  });
}
