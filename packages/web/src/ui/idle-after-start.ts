/**
 * "A little after the first screen, when the browser has nothing else to do": the moment for code
 * the first screen does not draw but the user may soon want (the header's menus, the search
 * palette). Fetched earlier, it would share a slow connection with what the first screen waits for.
 */
import { useEffect, useState } from 'react';

/** How long after the caller's first render to wait before looking for an idle moment. */
const AFTER_START_MS = 2_000;
/** The longest to then wait for one. */
const IDLE_TIMEOUT_MS = 5_000;

/** Calls `run` once the browser is idle after the start; returns the cancel. */
export function whenIdleAfterStart(run: () => void): () => void {
  let idle: number | undefined;
  const timer = setTimeout(() => {
    if (typeof requestIdleCallback === 'function')
      idle = requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    else run();
  }, AFTER_START_MS);
  return () => {
    clearTimeout(timer);
    if (idle !== undefined) cancelIdleCallback(idle);
  };
}

/** False until the browser has been idle a little after the component first drew. */
export function useIdleAfterStart(): boolean {
  const [reached, setReached] = useState(false);
  useEffect(() => whenIdleAfterStart(() => setReached(true)), []);
  return reached;
}
