/**
 * Fetches the app's files named by the build's list (vite.config.ts, `offlineFilesList`) so that
 * the service worker caches them (its runtime rule for /assets/, cache `ordo-assets`): why and
 * when, in save-screens-when-idle.ts. A few at a time and at low priority, so that what the user
 * does meanwhile goes first; files already cached are skipped, and the whole stops as soon as the
 * browser goes offline.
 */

/** The build's list: names of files in /assets/. */
interface OfflineFiles {
  /** Every file of the signed-in app loaded after its start. */
  files: string[];
  /** Each interface language's files, by its code (English is in the app itself). */
  languages: Record<string, string[]>;
}

const AT_ONCE = 3;

/**
 * Whether a file is in one of the worker's caches: the precache keeps its files with a
 * `?__WB_REVISION__`, and a file saved when a module script asked for it has an Origin header
 * this request lacks (the server answers `Vary: Origin`).
 */
function isSaved(url: string): Promise<boolean> {
  return caches.match(url, { ignoreSearch: true, ignoreVary: true }).then(Boolean);
}

/** Saves every file of the list at `listUrl` and `language`'s; resolves whether all are saved. */
export async function saveScreensOffline(listUrl: string, language: string): Promise<boolean> {
  const stop = new AbortController();
  const goneOffline = () => stop.abort();
  addEventListener('offline', goneOffline);
  try {
    const answer = await fetch(listUrl, { priority: 'low', signal: stop.signal });
    if (!answer.ok) return false;
    const list = (await answer.json()) as OfflineFiles;
    const queue = [...list.files, ...(list.languages[language] ?? [])].map((name) => `/assets/${name}`);
    let missed = 0;
    const fetchInTurn = async () => {
      for (let url = queue.shift(); url && !stop.signal.aborted; url = queue.shift()) {
        if (await isSaved(url)) continue;
        try {
          const file = await fetch(url, { priority: 'low', signal: stop.signal });
          // Read to the end: the worker keeps the file once it has all of it.
          await file.arrayBuffer();
          if (!file.ok) missed += 1;
        } catch {
          missed += 1;
        }
      }
    };
    await Promise.all(Array.from({ length: AT_ONCE }, fetchInTurn));
    return missed === 0 && !stop.signal.aborted;
  } catch {
    return false;
  } finally {
    removeEventListener('offline', goneOffline);
  }
}
