/**
 * Sending the visitor to an external OpenID Connect provider (spec 1 §2 login, §4, §9): a random
 * 24-character state is stored first; the callback must return the same state.
 */
import type { OpenIdProvider } from '../../api/types';

export const OPENID_STATE_STORAGE_KEY = 'authenticationState';
const STATE_LENGTH = 24;
const STATE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function randomState(
  random: (buffer: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b),
): string {
  const bytes = random(new Uint8Array(STATE_LENGTH));
  return Array.from(bytes, (byte) => STATE_ALPHABET[byte % STATE_ALPHABET.length]).join('');
}

export function providerAuthUrl(provider: OpenIdProvider, redirectUrl: string, state: string): string {
  const url = new URL(provider.authUrl);
  url.searchParams.set('client_id', provider.clientId);
  url.searchParams.set('redirect_uri', `${redirectUrl}${provider.key}`);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', provider.scope || 'openid email profile');
  url.searchParams.set('state', state);
  return url.toString();
}

/** The provider `redirectToProvider` points at: the matching key, or the only one there is. */
export function providerToRedirectTo(
  providers: readonly OpenIdProvider[],
  wanted: string | null,
): OpenIdProvider | null {
  if (wanted === null) return null;
  return providers.find((p) => p.key === wanted) ?? (providers.length === 1 ? providers[0] : null);
}

export function redirectToProvider(provider: OpenIdProvider, redirectUrl: string): void {
  const state = randomState();
  localStorage.setItem(OPENID_STATE_STORAGE_KEY, state);
  window.location.assign(providerAuthUrl(provider, redirectUrl, state));
}
