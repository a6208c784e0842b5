/**
 * Dates in the mails Ordo sends about tasks (reminders, overdue digests), read in the
 * recipient's time zone and written as the web app writes them (spec 2: "Y-m-d H:i").
 */
import { isValidTimeZone, wallTimeAt } from '../date-math/zoned-time.js';

/** The zone a user's dates are read in: their setting, or UTC when unset (or no longer known). */
export function userTimeZone(setting: string | null | undefined): string {
  return setting && isValidTimeZone(setting) ? setting : 'UTC';
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `2026-11-23 09:00 (Europe/Berlin)`: an instant (stored ISO text or ms) on the wall clock of `timeZone`. */
export function formatMailDate(instant: string | number, timeZone: string): string {
  const ms = typeof instant === 'string' ? Date.parse(instant) : instant;
  const w = wallTimeAt(ms, timeZone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)} (${timeZone})`;
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * How long something has been overdue, to the hour, as Vikunja words it in its overdue mails
 * ("2 days and 3 hours"); under half an hour is "less than an hour".
 */
export function overdueSince(elapsedMs: number): string {
  const hours = Math.round(Math.max(0, elapsedMs) / HOUR_MS);
  if (hours === 0) return 'less than an hour';
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  return [days ? part(days, 'day') : '', rest ? part(rest, 'hour') : ''].filter(Boolean).join(' and ');
}
