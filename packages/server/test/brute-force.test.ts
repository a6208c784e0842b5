/**
 * Brute-force protection: failed sign-ins back off per account and per client address, counted in
 * the database. The clock is faked (Date only; I/O runs for real), so waits pass without sleeping.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { type SmtpSink, startSmtpSink } from './support/smtp-sink.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/** The production defaults: 10 requests a minute per address and route, 5 free failures. */
const DEFAULTS = { ORDO_RATE_LIMIT: '10', ORDO_BRUTE_FORCE_FAILURES: '5' };
const THROTTLED = /^Too many (failed attempts|requests)\. Please wait \d+ seconds and try again\.$/;

// Each test starts two hours after the previous one, so their counts are forgotten (after an hour).
let clock = Date.now() + 3600_000;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(clock);
});
afterEach(() => {
  clock = Date.now() + 2 * 3600_000;
  vi.useRealTimers();
});
const advance = (ms: number) => vi.setSystemTime(Date.now() + ms);

/** A new address (from the benchmarking range 198.18.0.0/15) for each call: a client nobody else is. */
let lastHost = 0;
const freshIp = () => {
  lastHost++;
  return `198.18.${Math.floor(lastHost / 254)}.${(lastHost % 254) + 1}`;
};

const json = { 'content-type': 'application/json' };

function login(
  app: FastifyInstance,
  username: string,
  password: string,
  from: { ip: string; forwardedFor?: string },
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/v1/login',
    remoteAddress: from.ip,
    headers: { ...json, ...(from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {}) },
    payload: JSON.stringify({ username, password }),
  });
}

function expectThrottled(res: LightMyRequestResponse): number {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json().message).toMatch(THROTTLED);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  return retryAfter;
}

describe('login with the default settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    vi.useRealTimers();
    t = await createTestApp(DEFAULTS);
  });
  afterAll(async () => t.close());

  it('counts a Docker bridge or LAN client by its own address, whatever X-Forwarded-For says', async () => {
    const codes: number[] = [];
    for (let n = 1; n <= 15; n++) {
      const res = await login(t.app, `nobody${n}`, 'wrong-password', {
        ip: '172.17.0.1',
        forwardedFor: `198.51.100.${n}`,
      });
      codes.push(res.statusCode);
      if (res.statusCode === 429) expectThrottled(res);
    }
    expect(codes).toEqual([...Array(10).fill(403), ...Array(5).fill(429)]);
  });

  it('backs an account off across addresses: the right password is refused while it waits', async () => {
    await t.signUp('victim');
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      codes.push((await login(t.app, 'victim', `guess-${i}`, { ip: freshIp() })).statusCode);
    }
    // Five free failures, a sixth that starts a wait, and every guess inside the wait refused.
    expect(codes).toEqual([...Array(6).fill(403), ...Array(6).fill(429)]);
    const refused = await login(t.app, 'victim', 'tidy-otter-42', { ip: freshIp() });
    expect(expectThrottled(refused)).toBe(1);
    // Its e-mail address is the same account.
    expectThrottled(await login(t.app, 'victim@example.com', 'tidy-otter-42', { ip: freshIp() }));

    advance(1000);
    expect((await login(t.app, 'victim', 'tidy-otter-42', { ip: freshIp() })).statusCode).toBe(200);
    // That success cleared the account's count: five failures are free again.
    for (let i = 0; i < 5; i++) {
      expect((await login(t.app, 'victim', `again-${i}`, { ip: freshIp() })).statusCode).toBe(403);
    }
    expect((await login(t.app, 'victim', 'tidy-otter-42', { ip: freshIp() })).statusCode).toBe(200);
  });

  it('doubles the wait with each further failure up to five minutes, and forgets after an hour', async () => {
    await t.signUp('doubling');
    for (let i = 0; i < 5; i++) await login(t.app, 'doubling', `free-${i}`, { ip: freshIp() });
    const waits: number[] = [];
    for (let i = 0; i < 12; i++) {
      expect((await login(t.app, 'doubling', `paid-${i}`, { ip: freshIp() })).statusCode).toBe(403);
      const wait = expectThrottled(await login(t.app, 'doubling', 'tidy-otter-42', { ip: freshIp() }));
      waits.push(wait);
      advance(wait * 1000 - 1);
      expectThrottled(await login(t.app, 'doubling', 'tidy-otter-42', { ip: freshIp() }));
      advance(1);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300, 300]);

    // An hour without attempts: the count starts again, so one more failure starts no wait.
    advance(3600_000);
    expect((await login(t.app, 'doubling', 'one-more', { ip: freshIp() })).statusCode).toBe(403);
    expect((await login(t.app, 'doubling', 'tidy-otter-42', { ip: freshIp() })).statusCode).toBe(200);
  });

  it('backs off names that are no account the same way, telling nothing', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) {
      codes.push((await login(t.app, 'no-such-user', `guess-${i}`, { ip: freshIp() })).statusCode);
    }
    expect(codes).toEqual([...Array(6).fill(403), 429, 429]);
  });
});

describe('one address trying many accounts', () => {
  // With the route's limit off only the backoff counts: 20 free failures, then waits.
  let u: TestApp;
  beforeAll(async () => {
    vi.useRealTimers();
    u = await createTestApp({ ORDO_BRUTE_FORCE_FAILURES: '5' });
  });
  afterAll(async () => u.close());

  it('backs off too, four times as late as one account', async () => {
    const codes: number[] = [];
    for (let n = 0; n < 23; n++) {
      codes.push((await login(u.app, `spray${n}`, 'tidy-otter-42', { ip: '192.0.2.77' })).statusCode);
    }
    expect(codes).toEqual([...Array(21).fill(403), 429, 429]);
    // Another address is not held back.
    expect((await login(u.app, 'spray0', 'tidy-otter-42', { ip: '192.0.2.78' })).statusCode).toBe(403);
  });
});

describe('two servers on one database', () => {
  let t: TestApp;
  let second: FastifyInstance;
  beforeAll(async () => {
    vi.useRealTimers();
    t = await createTestApp({ ORDO_BRUTE_FORCE_FAILURES: '5' });
    second = await buildApp(t.config, { logger: false });
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('share the counts: failures on one hold the account back on the other', async () => {
    await t.signUp('shared');
    for (let i = 0; i < 3; i++) {
      expect((await login(t.app, 'shared', `one-${i}`, { ip: freshIp() })).statusCode).toBe(403);
      expect((await login(second, 'shared', `two-${i}`, { ip: freshIp() })).statusCode).toBe(403);
    }
    expectThrottled(await login(t.app, 'shared', 'tidy-otter-42', { ip: freshIp() }));
    expectThrottled(await login(second, 'shared', 'tidy-otter-42', { ip: freshIp() }));
    advance(1000);
    expect((await login(second, 'shared', 'tidy-otter-42', { ip: freshIp() })).statusCode).toBe(200);
  });
});

describe('CalDAV Basic authentication', () => {
  let t: TestApp;
  beforeAll(async () => {
    vi.useRealTimers();
    t = await createTestApp(DEFAULTS);
    await t.signUp('calla');
  });
  afterAll(async () => t.close());

  const dav = (username: string, password: string, from: { ip: string; forwardedFor?: string }) =>
    t.app.inject({
      method: 'PROPFIND',
      url: '/dav/',
      remoteAddress: from.ip,
      headers: {
        authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`,
        depth: '0',
        ...(from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {}),
      },
    });

  it('refuses 60 wrong sign-ins with forged addresses after a few, and then the right password', async () => {
    const codes: number[] = [];
    for (let n = 1; n <= 60; n++) {
      const res = await dav('calla', `guess-${n}`, { ip: '10.0.0.5', forwardedFor: `198.51.100.${n}` });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([...Array(6).fill(401), ...Array(54).fill(429)]);
    const refused = await dav('calla', 'tidy-otter-42', { ip: freshIp() });
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toMatch(THROTTLED);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    advance(1000);
    expect((await dav('calla', 'tidy-otter-42', { ip: freshIp() })).statusCode).toBe(207);
  });

  it('shares the account count with POST /login', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await dav('calla', `dav-${i}`, { ip: freshIp() })).statusCode).toBe(401);
      expect((await login(t.app, 'calla', `web-${i}`, { ip: freshIp() })).statusCode).toBe(403);
    }
    expectThrottled(await login(t.app, 'calla', 'tidy-otter-42', { ip: freshIp() }));
    expect((await dav('calla', 'tidy-otter-42', { ip: freshIp() })).statusCode).toBe(429);
  });
});

describe('the account password asked for behind a session', () => {
  // Someone holding a session (a stolen token, a shared machine) guesses no faster than at /login.
  let t: TestApp;
  beforeAll(async () => {
    vi.useRealTimers();
    t = await createTestApp({ ORDO_BRUTE_FORCE_FAILURES: '5' });
  });
  afterAll(async () => t.close());

  const post = (url: string, token: string, body: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      remoteAddress: freshIp(),
      headers: { ...json, authorization: `Bearer ${token}` },
      payload: JSON.stringify(body),
    });

  /** Each route, its body with the password, and its answer once the right one gets through. */
  const routes: [string, (password: string, name: string) => Record<string, string>, number][] = [
    ['/user/password', (p) => ({ old_password: p, new_password: 'quiet-heron-81' }), 200],
    ['/user/settings/email', (p, name) => ({ new_email: `${name}-new@example.com`, password: p }), 200],
    ['/user/deletion/request', (p) => ({ password: p }), 200],
    ['/user/deletion/cancel', (p) => ({ password: p }), 204],
    ['/user/export/request', (p) => ({ password: p }), 200],
    // No export was made, and two-factor login is off: each says so once the password is right.
    ['/user/export/download', (p) => ({ password: p }), 404],
    ['/user/settings/totp/disable', (p) => ({ password: p }), 412],
  ];

  it.each(routes)(
    '%s backs off wrong passwords as /login does, the right one included',
    async (url, body, ok) => {
      const name = `guarded${routes.findIndex(([u]) => u === url)}`;
      const { token } = await t.signUp(name);
      const codes: number[] = [];
      for (let i = 0; i < 8; i++) {
        const res = await post(url, token, body(`guess-${i}`, name));
        codes.push(res.statusCode);
        if (res.statusCode === 403) expect(res.json().code).toBe(1011);
      }
      // Five free failures, a sixth that starts a wait, and every guess inside the wait refused.
      expect(codes).toEqual([...Array(6).fill(403), 429, 429]);
      expect(expectThrottled(await post(url, token, body('tidy-otter-42', name)))).toBe(1);
      // The account's count is login's: the right password is refused there too.
      expectThrottled(await login(t.app, name, 'tidy-otter-42', { ip: freshIp() }));

      advance(1000);
      const right = await post(url, token, body('tidy-otter-42', name));
      expect(right.statusCode, right.body).toBe(ok);
    },
  );

  it('counts guesses here and at /login together, and a right password clears the count', async () => {
    const { token } = await t.signUp('together');
    for (let i = 0; i < 3; i++) {
      expect(
        (await post('/user/settings/email', token, { new_email: 'x@example.com', password: `s-${i}` }))
          .statusCode,
      ).toBe(403);
      expect((await login(t.app, 'together', `l-${i}`, { ip: freshIp() })).statusCode).toBe(403);
    }
    expectThrottled(await post('/user/deletion/request', token, { password: 'tidy-otter-42' }));
    expectThrottled(await login(t.app, 'together', 'tidy-otter-42', { ip: freshIp() }));
    advance(1000);
    expect((await post('/user/export/request', token, { password: 'tidy-otter-42' })).statusCode).toBe(200);
    // Five failures are free again.
    for (let i = 0; i < 5; i++) {
      expect((await login(t.app, 'together', `again-${i}`, { ip: freshIp() })).statusCode).toBe(403);
    }
    expect((await login(t.app, 'together', 'tidy-otter-42', { ip: freshIp() })).statusCode).toBe(200);
  });
});

describe('link-share passwords', () => {
  let t: TestApp;
  let owner: { token: string };
  let projectId: number;
  beforeAll(async () => {
    vi.useRealTimers();
    t = await createTestApp(DEFAULTS);
    owner = await t.signUp('sharer');
    projectId = (
      await t.request('PUT', '/api/v1/projects', { token: owner.token, body: { title: 'Shared' } })
    ).json().id;
  });
  afterAll(async () => t.close());

  const createShare = (password: string) =>
    t.request('PUT', `/api/v1/projects/${projectId}/shares`, {
      token: owner.token,
      body: { right: 0, password },
    });

  it('must be at least 8 characters long', async () => {
    for (const short of ['1234', '1234567']) {
      const res = await createShare(short);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 30010,
        message: 'The link share password must be at least 8 characters long.',
      });
    }
    expect((await createShare('12345678')).statusCode).toBe(201);
    // No password is still an open share.
    expect((await createShare('')).json().sharing_type).toBe(1);
  });

  it('backs off wrong passwords per share across addresses, the right one included', async () => {
    const { hash } = (await createShare('correct horse')).json();
    const auth = (password: string, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/shares/${hash}/auth`,
        remoteAddress: ip,
        headers: json,
        payload: JSON.stringify({ password }),
      });
    const codes: number[] = [];
    for (let n = 0; n < 101; n++)
      codes.push((await auth(`${1000 + n}`.padStart(8, '0'), freshIp())).statusCode);
    expect(codes).toEqual([...Array(6).fill(403), ...Array(95).fill(429)]);
    expectThrottled(await auth('correct horse', freshIp()));
    advance(1000);
    const ok = await auth('correct horse', freshIp());
    expect(ok.statusCode).toBe(200);
    expect(ok.json().token).toBeTruthy();
  });
});

describe('password reset and e-mail confirmation', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  beforeAll(async () => {
    vi.useRealTimers();
    smtp = await startSmtpSink();
    t = await createTestApp({ ORDO_BRUTE_FORCE_FAILURES: '5', ORDO_SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const post = (url: string, body: unknown, ip: string, forwardedFor?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      remoteAddress: ip,
      headers: { ...json, ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
      payload: JSON.stringify(body),
    });

  it('backs off reset requests for one address across client addresses', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) {
      codes.push((await post('/user/password/token', { email: 'target@example.com' }, freshIp())).statusCode);
    }
    // Unknown or not, every request answers alike (account-mail.test.ts) and counts.
    expect(codes).toEqual([...Array(6).fill(200), 429, 429]);
  });

  it('backs off wrong reset and confirmation tokens per client address, forged headers or not', async () => {
    const codes: number[] = [];
    for (let n = 0; n < 24; n++) {
      const [url, body] =
        n % 2 === 0
          ? ['/user/confirm', { token: `guess-${n}` }]
          : ['/user/password/reset', { token: `guess-${n}`, new_password: 'a-new-password' }];
      codes.push((await post(url, body, '192.168.1.20', `198.51.100.${n}`)).statusCode);
    }
    expect(codes.slice(0, 21).every((c) => c === 412)).toBe(true);
    expect(codes.slice(21)).toEqual([429, 429, 429]);
    // The backoff is the client's, not everyone's.
    expect((await post('/user/confirm', { token: 'guess' }, '192.168.1.21')).statusCode).toBe(412);
  });
});
