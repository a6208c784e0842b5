/**
 * Task writes on their way to the server are kept on the device until the server answers, so a
 * reload or a closed tab at that moment does not lose them: the next start of the app takes what
 * a closed page left behind into the outbox, whose replay sends it again under the same
 * Idempotency-Key (a write that did arrive is answered from the server's record, never applied
 * twice). Each page keeps its own record, and holds a Web Lock named after it while it lives, so a
 * page that starts beside another one still open leaves that page's writes alone.
 */
import { idbDelete, idbGet, idbKeys, idbSet } from './idb';
import { type OfflineWrite, offlineWriteOf } from './offline-changes';

export interface InFlightWrite extends OfflineWrite {
  key: string;
  headers: Record<string, string>;
  at: number;
}

const RECORD_PREFIX = 'in-flight:';
const LOCK_PREFIX = 'ordo-page:';
/** Pages taking over leftovers one at a time, so two starting together do not both take them. */
const ADOPTION_LOCK = 'ordo-leftover-writes';
const pageId = `${Math.round(performance.timeOrigin).toString(36)}-${Math.random().toString(36).slice(2)}`;
/** How long a write waits for the device to keep it before it is sent anyway. */
const SAVE_WAIT_MS = 500;
const mine = new Map<string, InFlightWrite>();
let holdingLock = false;

function holdPageLock(): void {
  if (holdingLock || !navigator.locks) return;
  holdingLock = true;
  // Never released: the browser lets go of it when the page goes.
  void navigator.locks.request(LOCK_PREFIX + pageId, () => new Promise<never>(() => {})).catch(() => {});
}

function save(): Promise<void> {
  const record = RECORD_PREFIX + pageId;
  return (mine.size > 0 ? idbSet(record, [...mine.values()]) : idbDelete(record)).catch(() => {});
}

/**
 * Keeps a task write on the device (resolved once it is written there); the function it gives
 * forgets the write once the server has answered it.
 */
export async function trackWrite(
  method: string,
  path: string,
  body: unknown,
  headers: Record<string, string>,
  base?: unknown,
): Promise<() => void> {
  const write = offlineWriteOf(method, path, body);
  const key = headers['Idempotency-Key'];
  if (!write || !key) return () => {};
  holdPageLock();
  mine.set(key, { ...write, base, key, headers, at: Date.now() });
  // Keeping it is a safeguard, not a condition: a storage that hangs (some browsers' IndexedDB
  // can, on its first open) must not hold the write back for longer than a moment.
  await Promise.race([save(), new Promise((resolve) => setTimeout(resolve, SAVE_WAIT_MS))]);
  return () => {
    if (mine.delete(key)) void save();
  };
}

/** The writes of pages that went before their answers came, oldest first; their records go. */
export async function takeLeftoverWrites(): Promise<InFlightWrite[]> {
  holdPageLock();
  const take = async () => {
    const held = (await navigator.locks?.query())?.held ?? [];
    const alive = new Set(held.map((lock) => lock.name));
    const records = (await idbKeys()).filter(
      (key) =>
        key.startsWith(RECORD_PREFIX) &&
        key !== RECORD_PREFIX + pageId &&
        !alive.has(LOCK_PREFIX + key.slice(RECORD_PREFIX.length)),
    );
    const writes: InFlightWrite[] = [];
    for (const record of records) {
      writes.push(...((await idbGet<InFlightWrite[]>(record)) ?? []));
      await idbDelete(record);
    }
    return writes.sort((a, b) => a.at - b.at);
  };
  return navigator.locks ? navigator.locks.request(ADOPTION_LOCK, take) : take();
}
