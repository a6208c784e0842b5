/** Logging in with a link share (spec 1 §7 `POST /shares/{hash}/auth`; reference §3.8). */
import { apiRequest } from './client';

export interface LinkShareAuth {
  token: string;
  projectId: number;
}

export function authenticateLinkShare(hash: string, password: string): Promise<LinkShareAuth> {
  return apiRequest('POST', `/shares/${encodeURIComponent(hash)}/auth`, {
    body: password ? { password } : {},
  });
}
