/** CalDAV token calls (reference §2.3 `/user/settings/token/caldav`, §3.16). */
import { apiRequest } from './client';
import type { Message } from './types';

export interface CaldavToken {
  id: number;
  created: string;
  /** The secret, in the create answer only. */
  token?: string;
}

export const caldavTokensKey = ['user', 'caldav-tokens'] as const;

export function fetchCaldavTokens(): Promise<CaldavToken[]> {
  return apiRequest<CaldavToken[]>('GET', '/user/settings/token/caldav');
}

export function createCaldavToken(): Promise<CaldavToken> {
  return apiRequest<CaldavToken>('PUT', '/user/settings/token/caldav');
}

export function deleteCaldavToken(id: number): Promise<Message> {
  return apiRequest<Message>('DELETE', `/user/settings/token/caldav/${id}`);
}
