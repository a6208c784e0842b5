import { describe, expect, it } from 'vitest';
import { hasSignedInHint, SIGNED_OUT_HINT_COOKIE, signedInHintCookie } from './signed-in-hint.js';

describe('the signed-in hint cookie', () => {
  it('is found among other cookies, and only with its own name and value', () => {
    expect(hasSignedInHint('ordo_signed_in=1')).toBe(true);
    expect(hasSignedInHint('theme=dark; ordo_signed_in=1; lang=de')).toBe(true);
    expect(hasSignedInHint(undefined)).toBe(false);
    expect(hasSignedInHint('')).toBe(false);
    expect(hasSignedInHint('ordo_signed_in=')).toBe(false);
    expect(hasSignedInHint('ordo_signed_in=0')).toBe(false);
    expect(hasSignedInHint('not_ordo_signed_in=1')).toBe(false);
    expect(hasSignedInHint('ordo_signed_in=10')).toBe(false);
  });

  it('lasts the browser session, or 400 days for a remembered login, and is Secure over https', () => {
    expect(signedInHintCookie({ remembered: false, secure: false })).toBe(
      'ordo_signed_in=1; Path=/; SameSite=Lax',
    );
    expect(signedInHintCookie({ remembered: true, secure: true })).toBe(
      'ordo_signed_in=1; Path=/; SameSite=Lax; Max-Age=34560000; Secure',
    );
    expect(SIGNED_OUT_HINT_COOKIE).toContain('Max-Age=0');
  });
});
