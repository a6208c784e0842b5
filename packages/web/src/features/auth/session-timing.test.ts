import { describe, expect, it } from 'vitest';
import { decideSessionCheck } from './session-timing';

const now = Date.UTC(2026, 3, 6, 9, 0, 0);
const inSeconds = (s: number) => Math.floor(now / 1000) + s;

describe('decideSessionCheck', () => {
  it('ends an expired or unreadable token', () => {
    expect(decideSessionCheck({ expirySeconds: inSeconds(-1), nowMs: now, lastCheckMs: null })).toBe(
      'expired',
    );
    expect(decideSessionCheck({ expirySeconds: inSeconds(0), nowMs: now, lastCheckMs: null })).toBe(
      'expired',
    );
    expect(decideSessionCheck({ expirySeconds: null, nowMs: now, lastCheckMs: null })).toBe('expired');
  });

  it('renews when under 60 minutes remain', () => {
    expect(decideSessionCheck({ expirySeconds: inSeconds(59 * 60), nowMs: now, lastCheckMs: null })).toBe(
      'renew',
    );
    expect(decideSessionCheck({ expirySeconds: inSeconds(3599), nowMs: now, lastCheckMs: null })).toBe(
      'renew',
    );
  });

  it('keeps a token with an hour or more left', () => {
    expect(decideSessionCheck({ expirySeconds: inSeconds(3600), nowMs: now, lastCheckMs: null })).toBe(
      'keep',
    );
    expect(decideSessionCheck({ expirySeconds: inSeconds(3 * 86400), nowMs: now, lastCheckMs: null })).toBe(
      'keep',
    );
  });

  it('skips a check within a minute of the last one, unless the token has expired', () => {
    const soon = inSeconds(10 * 60);
    expect(decideSessionCheck({ expirySeconds: soon, nowMs: now, lastCheckMs: now - 59_000 })).toBe('skip');
    expect(decideSessionCheck({ expirySeconds: soon, nowMs: now, lastCheckMs: now - 60_000 })).toBe('renew');
    expect(decideSessionCheck({ expirySeconds: inSeconds(-5), nowMs: now, lastCheckMs: now - 1000 })).toBe(
      'expired',
    );
  });
});
