/**
 * The requests the app's first screen waits for, asked as soon as the entry runs rather than once
 * the app has drawn its first frame (which waits for the language, the kept cache and the style
 * sheet): the server's configuration, then, with a session that has not expired, the signed-in
 * user. The readiness gate asks for the same queries and takes these answers, or their requests
 * in flight, in the same order (spec 1 §2: the configuration first, then the session).
 */
import type { QueryClient } from '@tanstack/react-query';
import { getToken, tokenExpired } from '../api/auth-token';
import { queryKeys } from '../api/query-keys';
import { currentUserQuery } from '../features/auth/use-current-user';
import { serverInfoQuery } from './server-info';

export function startOpeningRequests(client: QueryClient): void {
  // Offline, the readiness gate opens with the kept data or the offline screen: nothing to ask.
  if (!navigator.onLine) return;
  void client.prefetchQuery(serverInfoQuery).then(() => {
    if (!client.getQueryData(queryKeys.info)) return; // the gate shows why
    const token = getToken();
    // An expired session is dropped by the gate without asking the server.
    if (!token || tokenExpired(token)) return;
    return client.prefetchQuery({ ...currentUserQuery, retry: false });
  });
}
