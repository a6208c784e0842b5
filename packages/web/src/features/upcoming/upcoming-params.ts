/**
 * The upcoming screen's URL (spec 2 §2 `tasks.range`): `from` and `to` (date math or dates, as
 * the range picker gives them), `showNulls` and `showOverdue` ('true' / 'false'). Without any
 * range it opens the next 7 days; `from` and `to` present but empty mean the current tasks.
 */
import { type DateRangePresetName, dateRangePresets, matchDateRangePreset } from '@ordo/core';

export interface UpcomingParams {
  from: string;
  to: string;
  showNulls: boolean;
  showOverdue: boolean;
}

export const DEFAULT_UPCOMING: UpcomingParams = {
  ...dateRangePresets.next7Days,
  showNulls: false,
  showOverdue: false,
};

/** Null when the URL names no range at all: the page then goes on to the default range. */
export function readUpcomingParams(params: URLSearchParams): UpcomingParams | null {
  if (!params.has('from') && !params.has('to')) return null;
  return {
    from: params.get('from')?.trim() ?? '',
    to: params.get('to')?.trim() ?? '',
    showNulls: params.get('showNulls') === 'true',
    showOverdue: params.get('showOverdue') === 'true',
  };
}

export function upcomingSearch(params: UpcomingParams): string {
  return new URLSearchParams({
    from: params.from,
    to: params.to,
    showNulls: String(params.showNulls),
    showOverdue: String(params.showOverdue),
  }).toString();
}

export function hasRange(params: Pick<UpcomingParams, 'from' | 'to'>): boolean {
  return params.from !== '' && params.to !== '';
}

export type UpcomingHeading =
  | { kind: 'preset'; preset: DateRangePresetName }
  | { kind: 'range'; from: string; to: string }
  | { kind: 'current' };

/** The heading: the range's preset name, else from–until, else the current tasks. */
export function upcomingHeading(params: Pick<UpcomingParams, 'from' | 'to'>): UpcomingHeading {
  if (!hasRange(params)) return { kind: 'current' };
  const preset = matchDateRangePreset(params.from, params.to);
  return preset ? { kind: 'preset', preset } : { kind: 'range', from: params.from, to: params.to };
}

/** A side of the range for people: a plain date in the user's language, date math as written. */
export function formatRangeSide(value: string, locale: string): string {
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || value.includes('||')) return value;
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00` : value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(date);
}
