/**
 * Keeps the bell live: while a user (not a link share) is signed in, a WebSocket (live-socket.ts)
 * hears new notifications and puts them at the top of the cached list at once, so the badge and
 * the popup update without waiting for the next poll. Polling goes on, more slowly while the
 * socket is live (use-notifications.ts); after a drop the list is read again once the socket is
 * back, for what was pushed meanwhile.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { getApiUrl } from '../../api/api-url';
import { getToken, tokenClaims } from '../../api/auth-token';
import { toCamel } from '../../api/case-conversion';
import type { AppNotification } from '../../api/notifications';
import { queryKeys } from '../../api/query-keys';
import { useToken } from '../auth/use-current-user';
import { attachLiveSocket, dispatchLiveChange, dispatchPresence, topicFrames } from '../live/live-hub';
import { liveSocketUrl, openLiveSocket } from './live-socket';
import { notificationKeys } from './use-notifications';

let live = false;
const liveListeners = new Set<() => void>();
function setLive(next: boolean) {
  if (live === next) return;
  live = next;
  for (const listener of liveListeners) listener();
}

/** Whether pushes are arriving now (the poll can take its time). */
export function useLiveNotificationsConnected(): boolean {
  return useSyncExternalStore(
    (listener) => {
      liveListeners.add(listener);
      return () => liveListeners.delete(listener);
    },
    () => live,
  );
}

/** The session a token belongs to: a renewed token keeps it, and the socket stays open. */
function sessionOf(token: string | null): string | null {
  const claims = token ? tokenClaims(token) : null;
  // Link shares (type 2) have no notifications, and the socket takes user sessions only.
  if (claims?.type !== 1) return null;
  return typeof claims.sid === 'string' ? claims.sid : String(claims.id ?? '');
}

export function useLiveNotifications(): void {
  const client = useQueryClient();
  const session = sessionOf(useToken());

  useEffect(() => {
    const apiUrl = getApiUrl();
    if (!session || !apiUrl || typeof WebSocket === 'undefined') return;
    const socket = openLiveSocket({
      url: liveSocketUrl(apiUrl),
      token: getToken,
      onNotification: async (data) => {
        const notification = toCamel<AppNotification>(data);
        // A poll under way might answer without it and hide it again for a moment: it is
        // cancelled, and the pushed one goes in front of the list the poll would have replaced.
        await client.cancelQueries({ queryKey: notificationKeys.all });
        const list = client.getQueryData<AppNotification[]>(notificationKeys.all);
        if (!list) {
          void client.invalidateQueries({ queryKey: notificationKeys.all });
          return;
        }
        client.setQueryData<AppNotification[]>(notificationKeys.all, [
          notification,
          ...list.filter((n) => n.id !== notification.id),
        ]);
      },
      onLive: (reconnected) => {
        setLive(true);
        if (!reconnected) return;
        // Changes pushed while the socket was down were missed: what is open is read again.
        void client.invalidateQueries({ queryKey: notificationKeys.all });
        void client.invalidateQueries({ queryKey: queryKeys.tasks });
        void client.invalidateQueries({ queryKey: queryKeys.projects });
      },
      onDown: () => setLive(false),
      topicFrames,
      onChange: dispatchLiveChange,
      onPresence: dispatchPresence,
    });
    attachLiveSocket(socket);
    return () => {
      attachLiveSocket(null);
      socket.stop();
      setLive(false);
    };
  }, [client, session]);
}
