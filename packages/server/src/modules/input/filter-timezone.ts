/**
 * A filter's `filter_timezone` (reference §4.1): the IANA zone its dates without an offset, and
 * `now/d`, are read in. One check for every place a filter takes one: a task list's query, a
 * view's filter object and its buckets', a saved filter's.
 */
import { isTimeZone } from '@ordo/core';
import { fail } from '../../http/api-error.js';

/** The zone as given ('' for none); 400/2003 for a name that is not an IANA zone. */
export function checkFilterTimezone(zone: string): string {
  if (zone && !isTimeZone(zone)) {
    throw fail('invalidTimezoneGeneric', [zone], { i18n_params: { timezone: zone } });
  }
  return zone;
}
