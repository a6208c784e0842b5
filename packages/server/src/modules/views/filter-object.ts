/**
 * The view filter object `{s, sort_by, order_by, filter, filter_include_nulls}` (reference §3.2,
 * the shape the spec follows) and Vikunja's optional `filter_timezone`, read from a request and
 * stored as JSON text.
 */
import { FIELD_LIMITS, runeLength } from '@ordo/core';
import { invalidFields } from '../../http/api-error.js';
import { invalidModel } from '../input/fields.js';
import { checkFilterTimezone } from '../input/filter-timezone.js';

export interface ViewFilter {
  s: string;
  sort_by: string[] | null;
  order_by: string[] | null;
  filter: string;
  filter_include_nulls: boolean;
  /**
   * IANA zone the filter's dates are read in (reference §4.1); absent when none was given, so
   * that a filter without one keeps the reference's shape.
   */
  filter_timezone?: string;
}

function stringList(value: unknown, field: string): string[] | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return [value];
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value as string[];
  throw invalidModel(`filter.${field} must be a list of strings`);
}

/** Request value → filter object or null. Older clients send the filter text as a plain string. */
export function readViewFilter(value: unknown): ViewFilter | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'string') return readViewFilter({ filter: value });
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw invalidModel('filter must be an object');
  }
  const raw = value as Record<string, unknown>;
  const text = raw.filter ?? '';
  const s = raw.s ?? '';
  const zone = raw.filter_timezone ?? '';
  if (typeof text !== 'string' || typeof s !== 'string') {
    throw invalidModel('filter.filter and filter.s must be strings');
  }
  if (typeof zone !== 'string') throw invalidModel('filter.filter_timezone must be a string');
  // A filter's text becomes SQL parameters (`labels in 1, 2, …`): its length bounds their number.
  const tooLong = [
    ['filter', text],
    ['s', s],
  ].filter(([, t]) => runeLength(t) > FIELD_LIMITS.filter);
  if (tooLong.length > 0) {
    throw invalidFields(
      tooLong.map(([field]) => `filter.${field}: does not validate as runelength(0|${FIELD_LIMITS.filter})`),
    );
  }
  const timezone = checkFilterTimezone(zone.trim());
  return {
    s,
    sort_by: stringList(raw.sort_by, 'sort_by'),
    order_by: stringList(raw.order_by, 'order_by'),
    filter: text,
    filter_include_nulls: raw.filter_include_nulls === true,
    ...(timezone ? { filter_timezone: timezone } : {}),
  };
}

export function parseStoredFilter(stored: string | null): ViewFilter | null {
  if (!stored) return null;
  try {
    return readViewFilter(JSON.parse(stored));
  } catch {
    return null;
  }
}

/**
 * Stored text for a filter; an empty filter object is kept as null. A time zone alone is kept: it
 * also reads the dates of the request's filter through the view.
 */
export function storeViewFilter(filter: ViewFilter | null): string | null {
  if (!filter) return null;
  const empty = !filter.filter && !filter.s && !filter.sort_by && !filter.order_by;
  if (empty && !filter.filter_timezone) return null;
  return JSON.stringify(filter);
}
