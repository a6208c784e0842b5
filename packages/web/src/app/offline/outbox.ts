/**
 * Task writes made without a network wait here, in IndexedDB, in the order they were made, and are
 * sent when the browser is online again. Each carries an Idempotency-Key from its first attempt,
 * so a write the server received but whose answer was lost is never applied twice. A write the
 * server refuses on replay (a task deleted meanwhile) is kept in the failed list for the user to
 * see, never dropped silently. An update goes as its own changes on the server's current copy
 * (rebase-update.ts); fields someone else changed too are listed for the user as well.
 *
 * Writes belong to the user who made them: a replay stops when the session has ended (401) and
 * goes on once that user signs in again; another user signed in on the device never sends them.
 */
import type { QueryClient } from '@tanstack/react-query';
import { ApiRequestError, ApiUnreachableError } from '../../api/api-error';
import { getToken, subscribeToken, tokenClaims } from '../../api/auth-token';
import { apiRequest, apiRequestWithHeaders } from '../../api/client';
import type { Label } from '../../api/labels';
import type { Task } from '../../api/tasks';
import { idbGet, idbSet } from './idb';
import {
  applyOffline,
  cachedTask,
  dropTempLabel,
  offlineWriteOf,
  replaceTempLabel,
  replaceTempTask,
} from './offline-changes';
import { joinedSince, newIdempotencyKey, type OutboxEntry } from './outbox-entry';
import { saveQueryCacheNow } from './persist-cache';
import { type InFlightWrite, takeLeftoverWrites } from './writes-in-flight';

export interface FailedEntry extends OutboxEntry {
  status: number;
  message: string;
  /** The catalogue code of the refusal, for the text in the user's language. */
  code?: number;
}

/** An update saved on top of someone else's change to some of the same fields. */
export interface MetEntry extends OutboxEntry {
  /** Fields whose other value was kept. */
  kept: string[];
  /** Fields whose two texts were both kept. */
  merged: string[];
}

interface OutboxState {
  pending: OutboxEntry[];
  failed: FailedEntry[];
  met: MetEntry[];
  /** Tasks made offline that the server has made since: their temporary id → their id. */
  madeAs: Record<number, number>;
  replaying: boolean;
}

type Stored = Pick<OutboxState, 'pending' | 'failed' | 'met' | 'madeAs'>;
/** How many temporary ids are remembered (an address naming one opens the task it became). */
const MADE_AS_KEPT = 50;

const KEY = 'outbox';
/** The server's answer while a request with the same Idempotency-Key is still being worked on. */
const KEY_IN_PROGRESS = 30062;
/** How long a replay waits before asking again after that answer: doubled each time, to a minute. */
const IN_PROGRESS_FIRST_WAIT_MS = 2000;
const IN_PROGRESS_LONGEST_WAIT_MS = 60_000;
let inProgressWait = IN_PROGRESS_FIRST_WAIT_MS;
/** A write that failed on the network while the browser says it is online is tried again after this. */
const UNREACHABLE_FIRST_WAIT_MS = 3000;
const UNREACHABLE_LONGEST_WAIT_MS = 60_000;
let unreachableWait = UNREACHABLE_FIRST_WAIT_MS;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let state: OutboxState = { pending: [], failed: [], met: [], madeAs: {}, replaying: false };
const listeners = new Set<() => void>();
let client: QueryClient | null = null;

function set(next: Partial<OutboxState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
  const stored: Stored = {
    pending: state.pending,
    failed: state.failed,
    met: state.met,
    madeAs: state.madeAs,
  };
  void idbSet(KEY, stored).catch(() => {});
}

/** The signed-in user's id, from the session token; null when signed out. */
function signedInUserId(): number | null {
  const token = getToken();
  const id = token ? tokenClaims(token)?.id : null;
  return typeof id === 'number' ? id : null;
}

/** Whether the entry is the signed-in user's to send and to see. */
export function isOwn(entry: OutboxEntry, userId = signedInUserId()): boolean {
  return entry.userId === undefined || userId === null || entry.userId === userId;
}

export const outbox = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: () => state,
  dismiss(key: string) {
    set({ failed: state.failed.filter((f) => f.key !== key), met: state.met.filter((m) => m.key !== key) });
  },
};

/** The keys of the writes waiting now, to tell afterwards whether a call added one (waitsSince). */
export function waitingKeys(): Set<string> {
  return new Set(state.pending.map((entry) => entry.key));
}

/**
 * Whether a write joined the outbox since `before` was read: the call between was made without a
 * network, so its notice says the change waits on the device rather than that it is done.
 */
export function waitsSince(before: Set<string>): boolean {
  return joinedSince(state.pending, before);
}

/** Whether a write to this address waits in the outbox (it was made without a network). */
export function isWaiting(method: string, path: string): boolean {
  return state.pending.some((entry) => entry.method === method && entry.path === path);
}

/** Sends again a little later, each time waiting longer, while the network fails but the browser is online. */
function retrySoon(): void {
  if (retryTimer !== undefined) return;
  retryTimer = setTimeout(() => {
    retryTimer = undefined;
    void replayOutbox();
  }, unreachableWait);
  unreachableWait = Math.min(unreachableWait * 2, UNREACHABLE_LONGEST_WAIT_MS);
}

let lastTempId = 0;
/**
 * A negative id for a task or label made here: minus the time, so below those of earlier visits
 * still waiting, and below the last one given in this page (quick-add makes a label and the task
 * that wears it within the same millisecond).
 */
function newTempId(): number {
  lastTempId = Math.min(-Date.now() - Math.floor(Math.random() * 1000), lastTempId - 1);
  return lastTempId;
}

/**
 * Takes a task write that could not reach the server into the outbox and answers as the server
 * would; null when the request is not one that can wait.
 */
export function captureOfflineWrite(
  method: string,
  path: string,
  body: unknown,
  headers: Record<string, string>,
  base?: unknown,
): unknown | null {
  const write = offlineWriteOf(method, path, body);
  if (!write || !client) return null;
  const madeHere = write.kind === 'create' || write.kind === 'labelCreate';
  const tempId = madeHere ? newTempId() : 0;
  const answer = applyOffline(client, write, tempId);
  // A new comment keeps the negative id it is shown with while it waits (waiting-comments.ts).
  const shownAs = write.kind === 'comment' ? (answer as { id: number }).id : tempId;
  // A label or comment write names its task by the task's title; a new label is named by its own.
  const title =
    write.kind === 'create' || write.kind === 'update' || write.kind === 'labelCreate'
      ? ((answer as Partial<Task>)?.title ?? (body as Partial<Task>)?.title ?? '')
      : (cachedTask(client, write.taskId)?.title ?? '');
  const entry: OutboxEntry = {
    ...write,
    ...(base === undefined ? {} : { base }),
    key: headers['Idempotency-Key'] ?? newIdempotencyKey(),
    headers,
    tempId: shownAs,
    title,
    at: Date.now(),
    ...(signedInUserId() === null ? {} : { userId: signedInUserId() as number }),
  };
  set({ pending: [...state.pending, entry] });
  void saveQueryCacheNow(client);
  // Online, the network failed this one write: it is tried again without waiting for an event.
  if (navigator.onLine) retrySoon();
  return answer;
}

/** Paths and bodies of later writes name the task or label by its real id once it has one. */
function withRealId(entry: OutboxEntry, tempId: number, realId: number): OutboxEntry {
  const swap = (value: unknown): unknown => {
    if (value === tempId) return realId;
    if (Array.isArray(value)) return value.map(swap);
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, swap(v)]));
    return value;
  };
  return {
    ...entry,
    path: entry.path.replace(new RegExp(`/${tempId}(?=/|$)`, 'g'), `/${realId}`),
    body: swap(entry.body),
    ...(entry.base === undefined ? {} : { base: swap(entry.base) }),
    taskId: entry.taskId === tempId ? realId : entry.taskId,
  };
}

interface Sent {
  /** The server's answer (a new label's for labelCreate); null for a label write the task had done already. */
  data: Task | null;
  headers: Headers;
  met?: Pick<MetEntry, 'kept' | 'merged'>;
}

/**
 * The account's label of this name (case aside), from a search by it, page by page until an empty
 * one (the name is matched as a part of longer ones too, and the server sets the page size): a
 * label made offline under that name is this one. api/labels.ts's findLabelByTitle does the same,
 * but is not part of the first download.
 */
async function labelTitled(title: string): Promise<Label | undefined> {
  const wanted = title.toLowerCase();
  for (let page = 1; ; page++) {
    const search = `/labels?s=${encodeURIComponent(title)}&page=${page}`;
    const found = (await apiRequest<Label[] | null>('GET', search, { direct: true })) ?? [];
    const label = found.find((l) => l.title.toLowerCase() === wanted);
    if (label || found.length === 0) return label;
  }
}

/** The server's refusal of a label the task has already (sent twice, or put on it meanwhile). */
const LABEL_ALREADY_ON_TASK = 8001;

/** Sends one waiting write: an update made on a known task as its changes, the rest as made. */
async function send(entry: OutboxEntry): Promise<Sent> {
  // A label made offline under a name the account's labels have (made elsewhere meanwhile, or
  // never loaded on this device) is that label, not a second one of the same name.
  if (entry.kind === 'labelCreate') {
    const existing = await labelTitled((entry.body as Partial<Label>)?.title ?? '');
    if (existing) return { data: existing as unknown as Task, headers: new Headers() };
  }
  if (entry.kind === 'update' && entry.base) {
    const { sendUpdateChanges } = await import('./send-update-changes');
    return sendUpdateChanges(entry);
  }
  try {
    return await apiRequestWithHeaders<Task>(entry.method as 'PUT' | 'POST' | 'DELETE', entry.path, {
      body: entry.body,
      headers: { ...entry.headers, 'Idempotency-Key': entry.key },
      direct: true,
    });
  } catch (error) {
    if (await doneAlready(entry, error)) return { data: null, headers: new Headers() };
    throw error;
  }
}

/**
 * Whether a refused label write asked for what the task already is: a label it has (8001), or the
 * removal of one it no longer has (refused as 403, as Vikunja does, so the task is read to tell
 * that from a lost right).
 */
async function doneAlready(entry: OutboxEntry, error: unknown): Promise<boolean> {
  if (!(error instanceof ApiRequestError)) return false;
  if (entry.kind === 'labelAdd') return error.code === LABEL_ALREADY_ON_TASK;
  if (entry.kind !== 'labelRemove' || error.status !== 403) return false;
  const labelId = Number(/\/labels\/(\d+)$/.exec(entry.path)?.[1]);
  try {
    const task = await apiRequest<Task>('GET', `/tasks/${entry.taskId}`, { direct: true });
    return !(task.labels ?? []).some((label) => label.id === labelId);
  } catch {
    return false;
  }
}

/** Sends the waiting writes in order; stops at the first that cannot reach the server. */
export async function replayOutbox(): Promise<void> {
  // Signed out (the session ended meanwhile), the writes wait for their user to sign in again.
  const userId = signedInUserId();
  if (state.replaying || userId === null || !client) return;
  const own = () => state.pending.find((e) => isOwn(e, userId));
  if (!own()) return;
  set({ replaying: true });
  try {
    for (let entry = own(); entry; entry = own()) {
      const current = entry;
      // What waits besides this entry, read after its answer: writes may join while it is sent.
      const others = () => state.pending.filter((e) => e.key !== current.key);
      try {
        const { data, headers, met } = await send(entry);
        inProgressWait = IN_PROGRESS_FIRST_WAIT_MS;
        unreachableWait = UNREACHABLE_FIRST_WAIT_MS;
        let next = others();
        let madeAs = state.madeAs;
        // A create taken over from a closed page never had a temporary id here (tempId 0).
        if (entry.kind === 'create' && entry.tempId !== 0 && data) {
          replaceTempTask(client, entry.tempId, data);
          next = next.map((e) => withRealId(e, entry.tempId, data.id));
          const kept = Object.entries(madeAs).slice(-(MADE_AS_KEPT - 1));
          madeAs = { ...Object.fromEntries(kept), [entry.tempId]: data.id };
        }
        if (entry.kind === 'labelCreate' && entry.tempId !== 0 && data) {
          replaceTempLabel(client, entry.tempId, data as unknown as Label);
          next = next.map((e) => withRealId(e, entry.tempId, data.id));
        }
        // A later offline edit of this task made against the version this one replaced follows it.
        const version = headers.get('etag');
        const sent = entry.headers['If-Match'];
        if (version && sent)
          next = next.map((e) =>
            e.path === entry.path && e.headers['If-Match'] === sent
              ? { ...e, headers: { ...e.headers, 'If-Match': version } }
              : e,
          );
        set({ pending: next, madeAs, met: met ? [...state.met, { ...entry, ...met }] : state.met });
      } catch (error) {
        if (error instanceof ApiUnreachableError) {
          if (navigator.onLine) retrySoon();
          return;
        }
        // The session has ended: the write waits until its user has signed in again.
        if (error instanceof ApiRequestError && error.status === 401) return;
        // The first send of this write (from a page reloaded meanwhile) is still being worked on:
        // ask again shortly, and get its answer.
        if (error instanceof ApiRequestError && error.code === KEY_IN_PROGRESS) {
          setTimeout(() => void replayOutbox(), inProgressWait);
          inProgressWait = Math.min(inProgressWait * 2, IN_PROGRESS_LONGEST_WAIT_MS);
          return;
        }
        // Deleting what is gone already is what was wanted.
        const gone =
          error instanceof ApiRequestError &&
          error.status === 404 &&
          (entry.kind === 'delete' || entry.kind === 'commentDelete');
        const failed: FailedEntry[] = gone
          ? state.failed
          : [
              ...state.failed,
              {
                ...entry,
                status: error instanceof ApiRequestError ? error.status : 0,
                code: error instanceof ApiRequestError ? error.code : undefined,
                message: error instanceof Error ? error.message : String(error),
              },
            ];
        // A new task the server refused takes the later writes that name it along (its own
        // changes, and relations other tasks were given to it): the notice names the task. So does
        // a new label: it comes off the tasks it was put on.
        const refusedId =
          (entry.kind === 'create' || entry.kind === 'labelCreate') && entry.tempId !== 0
            ? entry.tempId
            : null;
        if (entry.kind === 'labelCreate' && refusedId !== null) dropTempLabel(client, refusedId);
        set({
          pending: others().filter((e) => refusedId === null || !namesTempId(e, refusedId)),
          failed,
        });
      }
    }
  } finally {
    set({ replaying: false });
    await client.invalidateQueries();
  }
}

/**
 * Whether a waiting write names a task or label made offline: as the task it changes, in its path
 * (a relation's other task, a label taken off) or in its body (a relation's other task, a label
 * put on). The places withRealId swaps; temporary ids are large negative numbers no other field holds.
 */
function namesTempId(entry: OutboxEntry, tempId: number): boolean {
  const holds = (value: unknown): boolean =>
    value === tempId || (typeof value === 'object' && value !== null && Object.values(value).some(holds));
  return entry.taskId === tempId || new RegExp(`/${tempId}(?=/|$)`).test(entry.path) || holds(entry.body);
}

/** A write a closed page left on its way: replayed like one made offline, as its user's. */
function fromClosedPage(write: InFlightWrite): OutboxEntry {
  const title =
    (write.body as Partial<Task> | null)?.title ?? (client && cachedTask(client, write.taskId)?.title) ?? '';
  const userId = signedInUserId();
  return { ...write, tempId: 0, title, fromClosedPage: true, ...(userId === null ? {} : { userId }) };
}

/** Loads the outbox kept from an earlier visit and replays it whenever the browser comes online. */
export async function startOutbox(queryClient: QueryClient): Promise<void> {
  client = queryClient;
  try {
    const stored = await idbGet<Stored>(KEY);
    if (stored)
      state = {
        ...state,
        pending: stored.pending ?? [],
        failed: stored.failed ?? [],
        met: stored.met ?? [],
        madeAs: stored.madeAs ?? {},
      };
  } catch {
    // Without IndexedDB writes made offline live until the page is closed.
  }
  window.addEventListener('online', () => void replayOutbox());
  // A sign-in (after a session ended while changes waited) sends what its user left waiting.
  subscribeToken(() => {
    if (navigator.onLine) void replayOutbox();
  });
  // Not awaited: the first screen does not wait for what closed pages left.
  void adoptLeftovers().then(() => {
    if (navigator.onLine) void replayOutbox();
  });
}

/** Takes the writes pages closed on while they were on their way into the outbox, in order. */
async function adoptLeftovers(): Promise<void> {
  try {
    const leftovers = await takeLeftoverWrites();
    if (leftovers.length === 0) return;
    set({ pending: [...state.pending, ...leftovers.map(fromClosedPage)].sort((a, b) => a.at - b.at) });
  } catch {
    // No IndexedDB: nothing was kept to take.
  }
}
