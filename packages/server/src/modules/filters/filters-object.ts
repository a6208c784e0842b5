/**
 * The `filters` object of a saved filter (reference §3.9): `{s, sort_by, order_by, filter,
 * filter_include_nulls}` plus an optional `filter_timezone`. Keys a client leaves out take the
 * defaults of spec 2 §3: sort by done then id (asc, desc), `done = false`, nulls included.
 */
import { invalidModel } from '../input/fields.js';
import { readViewFilter, type ViewFilter } from '../views/filter-object.js';

export interface SavedFilterObject extends ViewFilter {
  /** IANA zone for dates in the filter; empty means the owner's time zone setting. */
  filter_timezone: string;
}

export const DEFAULT_SAVED_FILTER: SavedFilterObject = {
  s: '',
  sort_by: ['done', 'id'],
  order_by: ['asc', 'desc'],
  filter: 'done = false',
  filter_include_nulls: true,
  filter_timezone: '',
};

/** Request value → filters object with defaults for missing keys; null when none was sent. */
export function readSavedFilterObject(value: unknown): SavedFilterObject | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidModel('filters must be an object');
  const raw = value as Record<string, unknown>;
  const read = readViewFilter(raw) as ViewFilter;
  const sortGiven = raw.sort_by !== undefined;
  return {
    s: read.s,
    sort_by: sortGiven ? read.sort_by : DEFAULT_SAVED_FILTER.sort_by,
    order_by: raw.order_by !== undefined || sortGiven ? read.order_by : DEFAULT_SAVED_FILTER.order_by,
    filter: raw.filter !== undefined ? read.filter : DEFAULT_SAVED_FILTER.filter,
    filter_include_nulls:
      raw.filter_include_nulls !== undefined
        ? read.filter_include_nulls
        : DEFAULT_SAVED_FILTER.filter_include_nulls,
    filter_timezone: read.filter_timezone ?? '',
  };
}

export function parseStoredSavedFilter(stored: string): SavedFilterObject {
  try {
    return { ...DEFAULT_SAVED_FILTER, ...(JSON.parse(stored) as Partial<SavedFilterObject>) };
  } catch {
    return DEFAULT_SAVED_FILTER;
  }
}

/** The wire shape: `filter_timezone` only when one is set. */
export function serializeSavedFilterObject(f: SavedFilterObject) {
  const { filter_timezone, ...rest } = f;
  return {
    s: rest.s,
    sort_by: rest.sort_by,
    order_by: rest.order_by,
    filter: rest.filter,
    filter_include_nulls: rest.filter_include_nulls,
    ...(filter_timezone ? { filter_timezone } : {}),
  };
}
