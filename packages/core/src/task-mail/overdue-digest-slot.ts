/**
 * When a user's daily overdue-tasks mail is due (user settings `overdue_tasks_reminders_time`,
 * "HH:MM" on the wall clock of their time zone). Sweeps run about once a minute, so the mail is
 * due from that moment for a grace window (a sweep that was late or a server that was down for a
 * few minutes still sends it), and never outside it: a server that comes up in the evening does
 * not send the morning's mail. The local date names the day, so each day's mail is claimed once.
 */
import { instantOfWallTime, wallTimeAt } from '../date-math/zoned-time.js';

export interface OverdueDigestSlot {
  /** The user's calendar day the mail belongs to, `YYYY-MM-DD`. */
  localDate: string;
  /** The instant of the configured time on that day (ms since the epoch). */
  at: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The slot whose window [at, at + windowMs) holds `now`, or null. Yesterday's slot is looked at
 * too, so a mail at 23:50 is still sent at 00:05. A time that does not exist on a day (a DST gap)
 * moves forward by the gap.
 */
export function dueOverdueDigestSlot(
  now: number,
  time: string,
  timeZone: string,
  windowMs: number,
): OverdueDigestSlot | null {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return null;
  const [hour, minute] = [Number(match[1]), Number(match[2])];
  const today = wallTimeAt(now, timeZone);
  for (const dayBack of [0, 1]) {
    // Calendar arithmetic on the date alone: a day is not always 24 hours long.
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day - dayBack));
    const [year, month, day] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
    const at = instantOfWallTime({ year, month, day, hour, minute, second: 0, millisecond: 0 }, timeZone);
    if (at <= now && now < at + windowMs) {
      return { localDate: `${year}-${pad(month)}-${pad(day)}`, at };
    }
  }
  return null;
}
