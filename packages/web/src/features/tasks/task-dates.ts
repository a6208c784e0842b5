/** Wire dates (`0001-01-01T00:00:00Z` = unset) to Dates and back, and how the detail shows them. */
import { isUnsetDate, toIsoSeconds, ZERO_DATE } from '@ordo/core';
import { relativeTimeFormat } from '../../i18n/date-formats';

export function dateOf(wire: string | null | undefined): Date | null {
  return isUnsetDate(wire) ? null : new Date(wire as string);
}

export function wireDate(date: Date | null): string {
  return date ? toIsoSeconds(date) : ZERO_DATE;
}

export function sameInstant(a: Date | null, b: Date | null): boolean {
  return (a?.getTime() ?? null) === (b?.getTime() ?? null);
}

export { formatDateTime } from '../../i18n/date-formats';

/** "in 3 days", "2 hours ago": the largest unit that reads naturally. */
export function formatRelative(date: Date, now: Date, language: string): string {
  const seconds = (date.getTime() - now.getTime()) / 1000;
  const format = relativeTimeFormat(language);
  const abs = Math.abs(seconds);
  if (abs < 3600) return format.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return format.format(Math.round(seconds / 3600), 'hour');
  if (abs < 604_800 * 2) return format.format(Math.round(seconds / 86_400), 'day');
  if (abs < 2_592_000 * 2) return format.format(Math.round(seconds / 604_800), 'week');
  if (abs < 31_536_000) return format.format(Math.round(seconds / 2_592_000), 'month');
  return format.format(Math.round(seconds / 31_536_000), 'year');
}
