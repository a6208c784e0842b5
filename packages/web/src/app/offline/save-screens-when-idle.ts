/**
 * Every screen saved for offline use, not only the ones opened before. The service worker
 * precaches only the shell (vite.config.ts, `pwa`): the first screen's download has a tight budget
 * (bench/web-budget.mjs), and an update should not download every page. The pages, views, dialogs
 * and editors are cached by the worker as they are first used, so someone who opened only a list
 * and then lost the connection would find the task detail or the editor missing
 * (not-saved-offline.tsx says so in its place).
 *
 * So once a signed-in session has drawn its first screen and its data has arrived, and the browser
 * has then been idle, the rest of the app's files are fetched through the worker, which caches
 * them as a first use would (save-screens-offline.ts, a chunk of its own loaded only then; the
 * list of files comes from the build, vite.config.ts `offlineFilesList`). Late enough not to
 * compete with the first screen nor fall in Lighthouse's measured window (which ends a few seconds
 * after load); only online, with a worker in control (without one nothing would be kept) and when
 * the user has not asked the browser to save data; once per build: the list's name, which changes
 * with any of its files, is remembered once every file is saved.
 */
import { useEffect } from 'react';
import i18n from '../../i18n/i18n';
import { queryClient } from '../query-client';

/** The name of the list whose files are all saved (localStorage). */
const SAVED_KEY = 'ordo-offline-files-saved';
/** How long after the session's first screen to start looking for an idle moment. */
const AFTER_START_MS = 10_000;
/** How often to look again while queries are still fetching. */
const RECHECK_MS = 2_000;

let started = false;

/** The address of this build's list of files (index.html names it), if there is one. */
function listAddress(): string | undefined {
  return document.querySelector<HTMLMetaElement>('meta[name="ordo-offline-files"]')?.content || undefined;
}

function mayDownload(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return navigator.onLine && Boolean(navigator.serviceWorker?.controller) && !connection?.saveData;
}

/** Schedules the download once `signedIn`, once per page load. */
export function useSaveScreensWhenIdle(signedIn: boolean): void {
  useEffect(() => {
    const list = listAddress();
    // The development server has no list; a later visit of the same build has nothing to do.
    if (!signedIn || started || !list || localStorage.getItem(SAVED_KEY) === list) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let idle: number | undefined;
    const start = () => {
      if (!mayDownload() || started) return;
      started = true;
      void import('./save-screens-offline')
        .then(({ saveScreensOffline }) => saveScreensOffline(list, i18n.language))
        .then(
          (complete) => {
            if (complete) localStorage.setItem(SAVED_KEY, list);
            // Cut short (offline, a file missing): the next page load tries again.
          },
          () => undefined,
        );
    };
    const whenIdle = () => {
      // The first screen's data (or the next screen's, if the user moved on) is still coming.
      if (queryClient.isFetching() > 0) timer = setTimeout(whenIdle, RECHECK_MS);
      else if (typeof requestIdleCallback === 'function')
        idle = requestIdleCallback(start, { timeout: 5_000 });
      else start();
    };
    timer = setTimeout(whenIdle, AFTER_START_MS);
    return () => {
      clearTimeout(timer);
      if (idle !== undefined) cancelIdleCallback(idle);
    };
  }, [signedIn]);
}
