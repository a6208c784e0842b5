/** The end of a sign-in through an OpenID Connect provider (reference §2.2). */
import { apiRequest } from './client';

export interface OpenIdCallbackInput {
  code: string;
  /** The address the provider sent the browser back to; the code is only good with it. */
  redirectUrl: string;
}

export function openIdCallback(provider: string, input: OpenIdCallbackInput): Promise<{ token: string }> {
  return apiRequest('POST', `/auth/openid/${encodeURIComponent(provider)}/callback`, { body: input });
}
