import { describe, expect, it } from 'vitest';
import type { OpenIdProvider } from '../../api/types';
import { providerAuthUrl, providerToRedirectTo, randomState } from './openid-redirect';

const keycloak: OpenIdProvider = {
  key: 'keycloak',
  name: 'Keycloak',
  authUrl: 'https://sso.example.com/realms/x/auth',
  clientId: 'ordo',
  scope: '',
  logoutUrl: '',
};
const gitlab: OpenIdProvider = { ...keycloak, key: 'gitlab', name: 'GitLab', scope: 'openid email' };

describe('OpenID redirect', () => {
  it('builds the authorisation address with the default scope', () => {
    const url = new URL(providerAuthUrl(keycloak, 'https://ordo.example.com/auth/openid/', 'abc'));
    expect(url.origin + url.pathname).toBe('https://sso.example.com/realms/x/auth');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'ordo',
      redirect_uri: 'https://ordo.example.com/auth/openid/keycloak',
      response_type: 'code',
      scope: 'openid email profile',
      state: 'abc',
    });
    expect(new URL(providerAuthUrl(gitlab, 'x:/', 's')).searchParams.get('scope')).toBe('openid email');
  });

  it('makes a 24-character state', () => {
    const state = randomState((buffer) => buffer.fill(61));
    expect(state).toHaveLength(24);
    expect(state).toBe('9'.repeat(24));
    expect(randomState()).toMatch(/^[A-Za-z0-9]{24}$/);
  });

  it('picks the matching provider, or the only one', () => {
    expect(providerToRedirectTo([keycloak, gitlab], 'gitlab')).toBe(gitlab);
    expect(providerToRedirectTo([keycloak, gitlab], '')).toBeNull();
    expect(providerToRedirectTo([keycloak], '')).toBe(keycloak);
    expect(providerToRedirectTo([keycloak], 'other')).toBe(keycloak);
    expect(providerToRedirectTo([keycloak], null)).toBeNull();
    expect(providerToRedirectTo([], 'x')).toBeNull();
  });
});
