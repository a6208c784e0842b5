/**
 * The live-updates WebSocket protocol (reference §6.2), as client and server both read it. Every
 * frame is a JSON text; what a client sends is `{"action", "token"?, "event"?}`.
 */

/**
 * The events a socket may subscribe to. The timer events belong to time tracking, which Ordo does
 * not have: the reference lists them as valid subscriptions, so a Vikunja client subscribing to
 * them is answered as Vikunja answers it (no error), and nothing is ever pushed for them.
 */
export const LIVE_EVENTS = [
  'notification.created',
  'timer.created',
  'timer.updated',
  'timer.deleted',
] as const;
export type LiveEvent = (typeof LIVE_EVENTS)[number];

export function isLiveEvent(name: unknown): name is LiveEvent {
  return typeof name === 'string' && (LIVE_EVENTS as readonly string[]).includes(name);
}

/** What a client asked for; unknown actions and frames that are no JSON object are ignored. */
export type LiveClientFrame =
  | { action: 'auth'; token: string }
  | { action: 'subscribe' | 'unsubscribe'; event: string; project_id?: unknown; place?: unknown };

/** The frame a client sent, or null when the server ignores it. */
export function readLiveClientFrame(text: string): LiveClientFrame | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const { action, token, event, project_id, place } = value as Record<string, unknown>;
  // A missing or non-text token or event is answered like a wrong one.
  if (action === 'auth') return { action, token: typeof token === 'string' ? token : '' };
  if (action === 'subscribe' || action === 'unsubscribe') {
    // A topic's project (changes.ts) is checked by the server, which words the refusal.
    return {
      action,
      event: typeof event === 'string' ? event : '',
      ...(project_id === undefined ? {} : { project_id }),
      ...(place === undefined ? {} : { place }),
    };
  }
  return null;
}

/** The server's answers, exactly as Vikunja words them. */
export const liveAnswers = {
  authSuccess: { action: 'auth.success', success: true },
  invalidToken: { error: 'invalid_token' },
  alreadyAuthenticated: { error: 'already_authenticated' },
  authRequired: { error: 'auth_required' },
  invalidEvent: (event: string) => ({ error: 'invalid_event', event }),
} as const;

/** A pushed event: `{"event":"notification.created","data":<notification>}`. */
export interface LivePush<T = unknown> {
  event: LiveEvent;
  data: T;
}

/** A pushed event the client understands, or null for anything else the server sends. */
export function readLivePush(text: string): LivePush | null {
  try {
    const value = JSON.parse(text) as Record<string, unknown> | null;
    if (value && typeof value === 'object' && isLiveEvent(value.event) && 'data' in value) {
      return { event: value.event, data: value.data };
    }
  } catch {
    // Not JSON: not a push.
  }
  return null;
}
