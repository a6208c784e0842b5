/**
 * Starting and ending the session (spec 1 §4). Signing out asks the server to end the session,
 * then forgets everything local except the API address (without it the app could not reach the
 * server again), and finally lets the provider end its session when the login came from one.
 */
import { isApiRequestError } from '../../api/api-error';
import { API_URL_STORAGE_KEY } from '../../api/api-url';
import { logout } from '../../api/auth';
import { clearToken, getToken, setToken } from '../../api/auth-token';
import { queryKeys } from '../../api/query-keys';
import type { CurrentUser, ServerInfo } from '../../api/types';
import { queryClient } from '../../app/query-client';

export function startSession(token: string, remember: boolean): void {
  setToken(token, remember);
  void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
}

/** Ends the session here without asking the server: its token is no longer accepted anyway. */
export function dropSession(): void {
  clearToken();
  queryClient.removeQueries({ queryKey: queryKeys.currentUser, exact: false });
}

function clearLocalStorageExceptApiUrl(): void {
  const apiUrl = localStorage.getItem(API_URL_STORAGE_KEY);
  localStorage.clear();
  if (apiUrl) localStorage.setItem(API_URL_STORAGE_KEY, apiUrl);
}

/** Returns the provider's logout address when the session came from an external provider. */
export async function endSession(): Promise<string | null> {
  const user = queryClient.getQueryData<CurrentUser>(queryKeys.currentUser);
  const info = queryClient.getQueryData<ServerInfo>(queryKeys.info);
  let providerLogout: string | null = null;
  if (getToken()) {
    try {
      providerLogout = (await logout()).oidcLogoutUrl || null;
    } catch (error) {
      // An already-ended session is fine; anything else must not keep the user signed in here.
      if (!isApiRequestError(error)) console.warn('Logout request failed', error);
    }
  }
  clearLocalStorageExceptApiUrl();
  dropSession();
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.info[0] });
  if (providerLogout) return providerLogout;
  // The server names it; when it could not be asked, the provider the account came from does.
  const provider = info?.auth.openidConnect.providers?.find((p) => user && p.key === user.authProvider);
  return provider?.logoutUrl || null;
}
