import { describe, expect, it } from 'vitest';
import { linkShareSession, shareHashIn } from './link-share-session';

function jwt(claims: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

describe('linkShareSession', () => {
  it('reads a link-share token (type 2)', () => {
    const token = jwt({ type: 2, id: 4, hash: 'h4sh', project_id: 9, right: 1, exp: 1 });
    expect(linkShareSession(token)).toEqual({ shareId: 4, hash: 'h4sh', projectId: 9, right: 1 });
  });

  it('accepts the newer claim name permission', () => {
    const token = jwt({ type: 2, id: 4, hash: 'h', project_id: 9, permission: 2 });
    expect(linkShareSession(token)?.right).toBe(2);
  });

  it('is null for user tokens, no token and unreadable tokens', () => {
    expect(linkShareSession(jwt({ type: 1, id: 1, username: 'ada' }))).toBeNull();
    expect(linkShareSession(null)).toBeNull();
    expect(linkShareSession('not-a-jwt')).toBeNull();
    expect(linkShareSession(jwt({ type: 2, id: '4', hash: 'h', project_id: 9 }))).toBeNull();
  });
});

describe('shareHashIn', () => {
  it('reads the share hash from a URL hash', () => {
    expect(shareHashIn('#share-auth-token=abc')).toBe('abc');
    expect(shareHashIn('#share-auth-token=')).toBeNull();
    expect(shareHashIn('#comment-3')).toBeNull();
    expect(shareHashIn('')).toBeNull();
  });
});
