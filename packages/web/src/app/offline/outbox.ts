/**
 * Task writes made without a network wait here, in IndexedDB, in the order they were made, and are
 * sent when the browser is online again. Each carries an Idempotency-Key from its first attempt,
 * so a write the server received but whose answer was lost is never applied twice. A write the
 * server refuses on replay (a conflict, a task deleted meanwhile) is kept in the failed list for
 * the user to see, never dropped silently.
 */
import type { QueryClient } from '@tanstack/react-query';
import { ApiRequestError, ApiUnreachableError } from '../../api/api-error';
import { apiRequestWithHeaders } from '../../api/client';
import type { Task } from '../../api/tasks';
import { idbGet, idbSet } from './idb';
import {
  applyOffline,
  cachedTask,
  type OfflineWrite,
  offlineWriteOf,
  replaceTempTask,
} from './offline-changes';
import { saveQueryCacheNow } from './persist-cache';
import { type InFlightWrite, takeLeftoverWrites } from './writes-in-flight';

export interface OutboxEntry extends OfflineWrite {
  key: string;
  headers: Record<string, string>;
  /** For a create, the task's id until the server gives it one. */
  tempId: number;
  /** What the user sees in the failed list. */
  title: string;
  at: number;
}

export interface FailedEntry extends OutboxEntry {
  status: number;
  message: string;
}

interface OutboxState {
  pending: OutboxEntry[];
  failed: FailedEntry[];
  replaying: boolean;
}

const KEY = 'outbox';
/** The server's answer while a request with the same Idempotency-Key is still being worked on. */
const KEY_IN_PROGRESS = 30062;
/** How long a replay waits before asking again after that answer: doubled each time, to a minute. */
const IN_PROGRESS_FIRST_WAIT_MS = 2000;
const IN_PROGRESS_LONGEST_WAIT_MS = 60_000;
let inProgressWait = IN_PROGRESS_FIRST_WAIT_MS;
let state: OutboxState = { pending: [], failed: [], replaying: false };
const listeners = new Set<() => void>();
let client: QueryClient | null = null;

function set(next: Partial<OutboxState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
  void idbSet(KEY, { pending: state.pending, failed: state.failed }).catch(() => {});
}

export const outbox = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: () => state,
  dismiss(key: string) {
    set({ failed: state.failed.filter((f) => f.key !== key) });
  },
};

/** A new Idempotency-Key (also outside secure contexts, where randomUUID is missing). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
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
): unknown | null {
  const write = offlineWriteOf(method, path, body);
  if (!write || !client) return null;
  const tempId = write.kind === 'create' ? -Date.now() - Math.floor(Math.random() * 1000) : 0;
  const answer = applyOffline(client, write, tempId);
  const title = (answer as Partial<Task>)?.title ?? (body as Partial<Task>)?.title ?? '';
  const entry: OutboxEntry = {
    ...write,
    key: headers['Idempotency-Key'] ?? newIdempotencyKey(),
    headers,
    tempId,
    title,
    at: Date.now(),
  };
  set({ pending: [...state.pending, entry] });
  void saveQueryCacheNow(client);
  return answer;
}

/** Paths and bodies of later writes name the task by its real id once it has one. */
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
    path: entry.path.replace(new RegExp(`/tasks/${tempId}(?=/|$)`), `/tasks/${realId}`),
    body: swap(entry.body),
    taskId: entry.taskId === tempId ? realId : entry.taskId,
  };
}

/** Sends the waiting writes in order; stops at the first that cannot reach the server. */
export async function replayOutbox(): Promise<void> {
  if (state.replaying || state.pending.length === 0 || !client) return;
  set({ replaying: true });
  try {
    while (state.pending.length > 0) {
      const [entry] = state.pending;
      // What waits besides this entry, read after its answer: writes may join while it is sent.
      const others = () => state.pending.filter((e) => e.key !== entry.key);
      try {
        const { data, headers } = await apiRequestWithHeaders<Task>(
          entry.method as 'PUT' | 'POST' | 'DELETE',
          entry.path,
          { body: entry.body, headers: { ...entry.headers, 'Idempotency-Key': entry.key }, direct: true },
        );
        inProgressWait = IN_PROGRESS_FIRST_WAIT_MS;
        let next = others();
        // A create taken over from a closed page never had a temporary id here (tempId 0).
        if (entry.kind === 'create' && entry.tempId !== 0) {
          replaceTempTask(client, entry.tempId, data);
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
        set({ pending: next });
      } catch (error) {
        if (error instanceof ApiUnreachableError) return;
        // The first send of this write (from a page reloaded meanwhile) is still being worked on:
        // ask again shortly, and get its answer.
        if (error instanceof ApiRequestError && error.code === KEY_IN_PROGRESS) {
          setTimeout(() => void replayOutbox(), inProgressWait);
          inProgressWait = Math.min(inProgressWait * 2, IN_PROGRESS_LONGEST_WAIT_MS);
          return;
        }
        // Deleting what is gone already is what was wanted.
        const gone = error instanceof ApiRequestError && error.status === 404 && entry.kind === 'delete';
        const failed: FailedEntry[] = gone
          ? state.failed
          : [
              ...state.failed,
              {
                ...entry,
                status: error instanceof ApiRequestError ? error.status : 0,
                message: error instanceof Error ? error.message : String(error),
              },
            ];
        set({ pending: others(), failed });
      }
    }
  } finally {
    set({ replaying: false });
    await client.invalidateQueries();
  }
}

/** A write a closed page left on its way: replayed like one made offline. */
function fromClosedPage(write: InFlightWrite): OutboxEntry {
  const title =
    (write.body as Partial<Task> | null)?.title ?? (client && cachedTask(client, write.taskId)?.title) ?? '';
  return { ...write, tempId: 0, title };
}

/** Loads the outbox kept from an earlier visit and replays it whenever the browser comes online. */
export async function startOutbox(queryClient: QueryClient): Promise<void> {
  client = queryClient;
  try {
    const stored = await idbGet<Pick<OutboxState, 'pending' | 'failed'>>(KEY);
    if (stored) state = { ...state, pending: stored.pending ?? [], failed: stored.failed ?? [] };
  } catch {
    // Without IndexedDB writes made offline live until the page is closed.
  }
  window.addEventListener('online', () => void replayOutbox());
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
