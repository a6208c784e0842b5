import { describe, expect, it } from 'vitest';
import { tokenExpired } from './auth-token';

/** A JWT-shaped token (unsigned: the app never checks signatures) with the given claims. */
function jwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${part({ alg: 'HS256' })}.${part(claims)}.signature`;
}

describe('tokenExpired', () => {
  const now = Date.parse('2026-12-01T12:00:00Z');
  it('is false before the expiry and true from it on', () => {
    expect(tokenExpired(jwt({ exp: now / 1000 + 60 }), now)).toBe(false);
    expect(tokenExpired(jwt({ exp: now / 1000 }), now)).toBe(true);
    expect(tokenExpired(jwt({ exp: now / 1000 - 1 }), now)).toBe(true);
  });
  it('counts a token without a readable expiry as expired', () => {
    expect(tokenExpired(jwt({ sub: 1 }), now)).toBe(true);
    expect(tokenExpired('not a token', now)).toBe(true);
  });
});
