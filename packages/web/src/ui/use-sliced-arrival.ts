import { useDeferredValue } from 'react';

/**
 * Whether a page's data may be drawn: false while it is on its way, and true only from a deferred
 * pass once it has arrived. React draws an arriving query answer in one long task (updates from
 * useSyncExternalStore are never split), which on a slow phone blocks a tap for the whole board,
 * list or task at once; a deferred pass is drawn in short slices with the browser let in between.
 * Data already at hand when the page mounts (the cache) is drawn at once, and so is every later
 * change, as the flag stays true.
 */
export function useSlicedArrival(arrived: boolean): boolean {
  return useDeferredValue(arrived) && arrived;
}
