/**
 * A write waiting in the outbox, and the key that makes sending it again safe: apart from the
 * outbox itself, so that what it sends (send-update-changes.ts) can name them without a cycle.
 */
import type { OfflineWrite } from './offline-changes';

export interface OutboxEntry extends OfflineWrite {
  key: string;
  headers: Record<string, string>;
  /** For a create, the task's id until the server gives it one; for a comment, its waiting id. */
  tempId: number;
  /** What the user sees in the failed list. */
  title: string;
  at: number;
  /** Who made it (the session token's user); absent in entries kept by older versions. */
  userId?: number;
  /** Taken over from a page that closed while it was on its way (writes-in-flight.ts). */
  fromClosedPage?: true;
}

/**
 * Whether a write made here joined `pending` since the keys `before` were read: the call between
 * was made without a network. A write taken over from a closed page meanwhile (which the app does
 * once, as it starts) is not the call's: its notice must not say it waits on the device.
 */
export function joinedSince(pending: readonly OutboxEntry[], before: ReadonlySet<string>): boolean {
  return pending.some((entry) => !before.has(entry.key) && !entry.fromClosedPage);
}

/** A new Idempotency-Key (also outside secure contexts, where randomUUID is missing). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}
