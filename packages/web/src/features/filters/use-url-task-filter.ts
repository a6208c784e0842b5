/**
 * The filter of a task list lives in the URL (`filter`, `s`, `includeNulls`), so a filtered view
 * can be shared and survives a reload. The URL holds what the API reads: ids and snake_case
 * fields; text that is not a filter query is a search (`s`), as in Vikunja.
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export interface UrlTaskFilter {
  /** The API's filter text (ids, snake_case), '' for none. */
  filter: string;
  s: string;
  includeNulls: boolean;
}

export function readUrlTaskFilter(params: URLSearchParams): UrlTaskFilter {
  return {
    filter: params.get('filter') ?? '',
    s: params.get('s') ?? '',
    includeNulls: params.get('includeNulls') === 'true',
  };
}

/** The search params with the filter written in; other params stay. Empty parts are left out. */
export function writeUrlTaskFilter(params: URLSearchParams, next: UrlTaskFilter): URLSearchParams {
  const out = new URLSearchParams(params);
  for (const [key, value] of [
    ['filter', next.filter],
    ['s', next.s],
    ['includeNulls', next.includeNulls ? 'true' : ''],
  ] as const) {
    if (value) out.set(key, value);
    else out.delete(key);
  }
  return out;
}

/** The task list query parts for the API. */
export function taskFilterQuery(filter: UrlTaskFilter) {
  return {
    filter: filter.filter || undefined,
    s: filter.s || undefined,
    filterIncludeNulls: filter.filter ? filter.includeNulls : undefined,
  };
}

export function useUrlTaskFilter() {
  const [params, setParams] = useSearchParams();
  const current = readUrlTaskFilter(params);
  const apply = useCallback(
    (next: UrlTaskFilter) => setParams((old) => writeUrlTaskFilter(old, next), { preventScrollReset: true }),
    [setParams],
  );
  return { current, apply };
}
