/** Where the user is signed in (reference §2.3 `/user/sessions`, §3.14). */
import { ApiRequestError } from './api-error';
import { getToken, tokenClaims } from './auth-token';
import { apiRequest } from './client';
import type { Message } from './types';

export interface Session {
  /** A UUID; the token of a login names its session in the claim `sid`. */
  id: string;
  /** The User-Agent of the browser or app that logged in. */
  deviceInfo: string;
  ipAddress: string;
  /** When the session last renewed its token. */
  lastActive: string;
  created: string;
}

export const sessionsKey = ['user', 'sessions'] as const;

/** The most recently active first; one page of the server’s largest holds every real case. */
export function fetchSessions(): Promise<Session[]> {
  return apiRequest<Session[]>('GET', '/user/sessions?per_page=100');
}

export function endSession(id: string): Promise<Message> {
  return apiRequest<Message>('DELETE', `/user/sessions/${encodeURIComponent(id)}`);
}

/**
 * Ends each of these sessions. One that has ended meanwhile (16001: signed out elsewhere, or
 * expired) is what was wanted; any other refusal is thrown once the rest are done.
 */
export async function endSessions(ids: readonly string[]): Promise<void> {
  const results = await Promise.allSettled(ids.map(endSession));
  const failed = results.find(
    (r): r is PromiseRejectedResult =>
      r.status === 'rejected' && !(r.reason instanceof ApiRequestError && r.reason.code === 16001),
  );
  if (failed) throw failed.reason;
}

/** The session of the token this browser holds, or null. */
export function currentSessionId(): string | null {
  const token = getToken();
  const sid = token ? tokenClaims(token)?.sid : null;
  return typeof sid === 'string' ? sid : null;
}
