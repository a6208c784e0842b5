/**
 * The live-updates WebSocket (reference §6.2), one per signed-in tab: signed in with the session
 * token, subscribed to `notification.created` and to the change topics the open screens ask for
 * (features/live); reopened after a drop
 * with a growing, jittered delay (1 s doubling up to 30 s), and with the newest token, since
 * tokens are renewed while a socket stays open. Nothing here knows React or the query cache.
 */
import {
  type LiveChangePush,
  type LivePresencePush,
  type LiveRevokedPush,
  readLiveChange,
  readLivePush,
  readPresencePush,
} from '@ordo/core';

export const RECONNECT_FIRST_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

/** The WebSocket address for an API address: `https://host/api/v1` → `wss://host/api/v1/ws`. */
export function liveSocketUrl(apiUrl: string): string {
  return `${apiUrl.replace(/^http(s?):/i, (_, secure: string) => `ws${secure.toLowerCase()}:`).replace(/\/+$/, '')}/ws`;
}

/** The wait before reconnect attempt `attempt` (0-based): doubling, capped, with ±20 % jitter. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const plain = Math.min(RECONNECT_FIRST_MS * 2 ** attempt, RECONNECT_MAX_MS);
  return Math.round(plain * (0.8 + 0.4 * random()));
}

export interface LiveSocketOptions {
  url: string;
  /** The token to sign in with, read at each (re)connect. */
  token: () => string | null;
  /** A notification as the API sends it (snake_case). */
  onNotification: (data: unknown) => void;
  /** Signed in and subscribed (again): `reconnected` is false the first time. */
  onLive: (reconnected: boolean) => void;
  /** The socket dropped; pushes may be missed until it is live again. */
  onDown: () => void;
  /** Subscribe frames sent after each sign-in, for the change topics wanted now. */
  topicFrames?: () => object[];
  /** A change or access revocation pushed on a topic. */
  onChange?: (push: LiveChangePush | LiveRevokedPush) => void;
  /** Who is at a place this tab is at (presence). */
  onPresence?: (push: LivePresencePush) => void;
}

export interface LiveSocket {
  /** Sends a frame if the socket is signed in; otherwise it goes with `topicFrames` later. */
  send(frame: object): void;
  stop(): void;
}

export function openLiveSocket(options: LiveSocketOptions): LiveSocket {
  let socket: WebSocket | null = null;
  let attempt = 0;
  let wasLive = false;
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let signedIn = false;

  const connect = () => {
    retry = null;
    const token = options.token();
    if (stopped || !token) return;
    const ws = new WebSocket(options.url);
    socket = ws;
    ws.onopen = () => {
      ws.send(JSON.stringify({ action: 'auth', token }));
    };
    ws.onmessage = (message) => {
      if (typeof message.data !== 'string') return;
      if (message.data.includes('"auth.success"')) {
        ws.send(JSON.stringify({ action: 'subscribe', event: 'notification.created' }));
        for (const frame of options.topicFrames?.() ?? []) ws.send(JSON.stringify(frame));
        signedIn = true;
        attempt = 0;
        options.onLive(wasLive);
        wasLive = true;
        return;
      }
      // A refused token (the session ended) is not tried again soon: the next API call signs
      // the user out, or a renewed token comes, and the reconnect after that uses it.
      if (message.data.includes('"invalid_token"')) attempt = Math.max(attempt, 5);
      const push = readLivePush(message.data);
      if (push?.event === 'notification.created') return options.onNotification(push.data);
      const change = readLiveChange(message.data);
      if (change) return options.onChange?.(change);
      const presence = readPresencePush(message.data);
      if (presence) options.onPresence?.(presence);
    };
    ws.onclose = () => {
      if (socket !== ws) return;
      socket = null;
      signedIn = false;
      options.onDown();
      if (stopped) return;
      retry = setTimeout(connect, reconnectDelay(attempt++));
    };
  };

  connect();
  return {
    send(frame) {
      if (socket && signedIn && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(frame));
    },
    stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      const ws = socket;
      socket = null;
      ws?.close();
    },
  };
}
