/**
 * Dates on the wire are RFC 3339 with second precision in UTC; an unset date is the zero time,
 * never null (reference §1.3). The database stores the same text, or null when unset.
 */
import { daysInMonth } from './date-math/zoned-time.js';

export const ZERO_DATE = '0001-01-01T00:00:00Z';

/** A Date as stored and sent: `2024-01-31T09:00:00Z`. */
export function toIsoSeconds(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

/** The current time as stored text. */
export function nowIso(): string {
  return toIsoSeconds(new Date());
}

/**
 * A stored date moved by whole days (null stays null): what a template's dates become when it is
 * used some days after it was saved, so each keeps its distance from the day and its time of day.
 */
export function shiftStoredDate(stored: string | null, days: number): string | null {
  if (stored === null || days === 0) return stored;
  return toIsoSeconds(new Date(Date.parse(stored) + days * 86_400_000));
}

/** Whole days from one moment to another, rounded to the nearest day. */
export function wholeDaysBetween(from: Date, to: Date): number {
  return Math.round((to.getTime() - from.getTime()) / 86_400_000);
}

/** Stored date (or null) → wire date (zero time when unset). */
export function toApiDate(stored: string | null | undefined): string {
  return stored ? stored : ZERO_DATE;
}

/** Is this wire value the zero time or otherwise unset? */
export function isUnsetDate(value: string | null | undefined): boolean {
  return !value || value.startsWith('0001-01-01');
}

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|([+-])(\d{2}):?(\d{2}))$/i;

/**
 * Wire date (RFC 3339 with any offset, zero time or null) → stored text, or null when unset.
 * Returns undefined when the value is not an RFC 3339 date-time or names no real moment: a day the
 * month does not have (2026-02-30), month 13, 24:00, minute 61 or an offset beyond ±23:59 is
 * refused, as Go's time.Parse does, rather than rolled over into another date.
 */
export function fromApiDate(value: string | null | undefined): string | null | undefined {
  if (isUnsetDate(value)) return null;
  const m = RFC3339.exec(value as string);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  if (m[9] && (Number(m[10]) > 23 || Number(m[11]) > 59)) return undefined;
  const date = new Date(value as string);
  return Number.isNaN(date.getTime()) ? undefined : toIsoSeconds(date);
}
