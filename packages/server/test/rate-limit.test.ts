import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseRateLimitCounter } from '../src/http/rate-limit-store.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const badLogin = (t: TestApp, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/login',
    remoteAddress: ip,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ username: 'nobody', password: 'wrong-password' }),
  });

describe('ORDO_RATE_LIMIT=3', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ ORDO_RATE_LIMIT: '3' });
    // Registered before the limited calls, from another address.
    token = (await t.signUp('limited')).token;
  });
  afterAll(async () => t.close());

  it('answers the 4th login in a minute with 429, a clear message and the X-RateLimit headers', async () => {
    const ip = '198.51.100.7';
    for (let i = 1; i <= 3; i++) {
      const res = await badLogin(t, ip);
      expect(res.statusCode).toBe(403);
      expect(res.headers['x-ratelimit-limit']).toBe('3');
      expect(res.headers['x-ratelimit-remaining']).toBe(String(3 - i));
    }
    const limited = await badLogin(t, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many requests\. Please wait \d+ seconds and try again\.$/);
    expect(limited.headers['x-ratelimit-limit']).toBe('3');
    expect(limited.headers['x-ratelimit-remaining']).toBe('0');
    expect(Number(limited.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.headers['cache-control']).toBe('no-store');
  });

  it('counts per client address', async () => {
    expect((await badLogin(t, '198.51.100.8')).statusCode).toBe(403);
  });

  it('limits registration as well', async () => {
    const register = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/register',
        remoteAddress: '198.51.100.9',
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
    for (let i = 0; i < 3; i++) expect((await register()).statusCode).toBe(400);
    expect((await register()).statusCode).toBe(429);
  });

  it('does not limit authenticated routes or /info', async () => {
    for (let i = 0; i < 12; i++) {
      const user = await t.app.inject({
        method: 'GET',
        url: '/api/v1/user',
        remoteAddress: '198.51.100.7',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(user.statusCode).toBe(200);
      expect(user.headers['x-ratelimit-limit']).toBeUndefined();
      const info = await t.app.inject({ method: 'GET', url: '/api/v1/info', remoteAddress: '198.51.100.7' });
      expect(info.statusCode).toBe(200);
    }
  });

  it('ignores X-Forwarded-For from clients that are not trusted proxies', async () => {
    const spoof = (n: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        remoteAddress: '203.0.113.50',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `192.0.2.${n}` },
        payload: JSON.stringify({ username: 'nobody', password: 'wrong-password' }),
      });
    const codes = [];
    for (let n = 1; n <= 4; n++) codes.push((await spoof(n)).statusCode);
    expect(codes).toEqual([403, 403, 403, 429]);
  });

  it('ignores X-Forwarded-For from this host and private networks too, unless told to trust them', async () => {
    // 127.0.0.1 signed up above; any loopback address will do.
    for (const proxy of ['127.0.0.2', '172.17.0.1', '10.1.2.3', '::1']) {
      const codes = [];
      for (let n = 1; n <= 4; n++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/v1/login',
          remoteAddress: proxy,
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `192.0.2.${n}` },
          payload: JSON.stringify({ username: 'nobody', password: 'wrong-password' }),
        });
        codes.push(res.statusCode);
      }
      expect(codes, proxy).toEqual([403, 403, 403, 429]);
    }
  });
});

describe('ORDO_TRUST_PROXY naming the proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ORDO_RATE_LIMIT: '3', ORDO_TRUST_PROXY: 'loopback' });
  });
  afterAll(async () => t.close());

  it('uses X-Forwarded-For from that proxy only', async () => {
    const viaProxy = (client: string, proxy = '127.0.0.1') =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        remoteAddress: proxy,
        headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
        payload: JSON.stringify({ username: 'nobody', password: 'wrong-password' }),
      });
    for (let i = 0; i < 3; i++) expect((await viaProxy('192.0.2.200')).statusCode).toBe(403);
    expect((await viaProxy('192.0.2.200')).statusCode).toBe(429);
    expect((await viaProxy('192.0.2.201')).statusCode).toBe(403);
    // Another private address is not the named proxy: its header is ignored.
    const codes = [];
    for (let n = 1; n <= 4; n++) codes.push((await viaProxy(`192.0.2.${n}`, '10.9.9.9')).statusCode);
    expect(codes).toEqual([403, 403, 403, 429]);
  });
});

describe('ORDO_RATE_LIMIT=0', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ORDO_RATE_LIMIT: '0' });
  });
  afterAll(async () => t.close());

  it('turns the limit off', async () => {
    for (let i = 0; i < 15; i++) {
      const res = await badLogin(t, '198.51.100.7');
      expect(res.statusCode).toBe(403);
      expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    }
  });
});

describe('the rate limit counter in the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('counts within a window, starts again after it, and keeps keys apart', async () => {
    const counter = new DatabaseRateLimitCounter(t.app.ordo.db.kysely);
    const start = 1_800_000_000_000;
    expect(await counter.count('login|10.0.0.1', 60_000, start)).toEqual({ current: 1, ttl: 60_000 });
    expect(await counter.count('login|10.0.0.1', 60_000, start + 10_000)).toEqual({
      current: 2,
      ttl: 50_000,
    });
    expect(await counter.count('login|10.0.0.2', 60_000, start + 10_000)).toEqual({
      current: 1,
      ttl: 60_000,
    });
    // The window of 10.0.0.1 has passed: a new one begins with this request.
    expect(await counter.count('login|10.0.0.1', 60_000, start + 60_000)).toEqual({
      current: 1,
      ttl: 60_000,
    });
    expect(await counter.count('login|10.0.0.1', 60_000, start + 61_000)).toEqual({
      current: 2,
      ttl: 59_000,
    });
  });
});
