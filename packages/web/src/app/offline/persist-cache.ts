/**
 * The query cache kept in IndexedDB, so the app opens without a network showing what it last
 * loaded. Successful queries are written a moment after they change and read back before the first
 * render; a cache from another session (another token) or older than a week is not used.
 */
import { dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';
import { getToken } from '../../api/auth-token';
import { idbGet, idbSet } from './idb';

const KEY = 'query-cache';
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const WRITE_DELAY_MS = 1000;

interface Stored {
  owner: string;
  savedAt: number;
  state: ReturnType<typeof dehydrate>;
}

/** Whose cache it is: the session token (never sent anywhere, only compared). */
const owner = () => getToken() ?? '';

export async function restoreQueryCache(client: QueryClient): Promise<void> {
  try {
    const stored = await idbGet<Stored>(KEY);
    if (!stored || stored.owner !== owner() || Date.now() - stored.savedAt > MAX_AGE_MS) return;
    hydrate(client, stored.state);
    // What was kept is shown at once but read again as soon as a screen uses it (online): the
    // server may have changed since, even within the usual 30 s a fresh answer is trusted.
    void client.invalidateQueries({ refetchType: 'none' });
  } catch {
    // No IndexedDB (private mode in some browsers): the app works online as before.
  }
}

/** Queries IndexedDB can store (a query holding a function or a DOM node cannot be cloned). */
function cloneable(data: unknown): boolean {
  try {
    structuredClone(data);
    return true;
  } catch {
    return false;
  }
}

/** Writes the successful queries; when one cannot be stored, the others still are. */
function writeCache(client: QueryClient): Promise<void> {
  const stored = (careful: boolean): Stored => ({
    owner: owner(),
    savedAt: Date.now(),
    state: dehydrate(client, {
      shouldDehydrateQuery: (q) => q.state.status === 'success' && (!careful || cloneable(q.state.data)),
    }),
  });
  return idbSet(KEY, stored(false))
    .catch(() => idbSet(KEY, stored(true)))
    .catch(() => {});
}

/** Writes the cache after each change settles; answers the unsubscribe. */
export function persistQueryCache(client: QueryClient): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const write = () => {
    timer = undefined;
    void writeCache(client);
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' && event.type !== 'removed') return;
    timer ??= setTimeout(write, WRITE_DELAY_MS);
  });
  // Leaving the page writes what is pending at once.
  const flush = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    write();
  };
  window.addEventListener('pagehide', flush);
  return () => {
    unsubscribe();
    window.removeEventListener('pagehide', flush);
  };
}

/** Writes the cache now (after an offline change, before the page may be reloaded). */
export function saveQueryCacheNow(client: QueryClient): Promise<void> {
  return writeCache(client);
}
