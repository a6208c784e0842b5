/**
 * The requests the app's first screen waits for, asked as soon as the entry runs rather than once
 * the app has drawn its first frame (which waits for the language, the kept cache and the style
 * sheet): the server's configuration, then, with a session that has not expired, the signed-in
 * user. The readiness gate asks for the same queries and takes these answers, or their requests
 * in flight, in the same order (spec 1 §2: the configuration first, then the session). The page
 * the app opens at may ask for its own data beside the user (a route's `opening`, lazy-page.ts).
 */
import type { QueryClient } from '@tanstack/react-query';
import { getToken, tokenExpired } from '../api/auth-token';
import { queryKeys } from '../api/query-keys';
import { currentUserQuery } from '../features/auth/use-current-user';
import { serverInfoQuery } from './server-info';

/**
 * Resolves once the configuration has been read, true when the session may then ask the server
 * for its data: online, configured, and with a session that has not expired (an expired one is
 * dropped by the gate without asking the server).
 */
export function sessionMayAsk(client: QueryClient): Promise<boolean> {
  // Offline, the readiness gate opens with the kept data or the offline screen: nothing to ask.
  if (!navigator.onLine) return Promise.resolve(false);
  // The same request as the gate's (the query client sends one for both).
  return client.prefetchQuery(serverInfoQuery).then(() => {
    if (!client.getQueryData(queryKeys.info)) return false; // the gate shows why
    const token = getToken();
    return token !== null && !tokenExpired(token);
  });
}

export function startOpeningRequests(client: QueryClient): void {
  void sessionMayAsk(client).then((ask) => {
    if (ask) return client.prefetchQuery({ ...currentUserQuery, retry: false });
  });
}
