/** Two-factor authentication (reference §2.2, §5.5): enrolment, login with passcodes, backoff. */
import { Secret, TOTP } from 'otpauth';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** The passcode an authenticator app shows `steps` periods from now. */
const passcode = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });

const login = (username: string, totp_passcode?: string) =>
  t.request('POST', '/api/v1/login', {
    body: { username, password: 'tidy-otter-42', ...(totp_passcode === undefined ? {} : { totp_passcode }) },
  });

/** A user with two-factor login on; answers their secret. */
async function withTwoFactor(username: string): Promise<{ token: string; secret: string; used: string }> {
  const { token } = await t.signUp(username);
  const enrolled = await t.request('POST', '/api/v1/user/settings/totp/enroll', { token });
  const { secret } = enrolled.json();
  const used = passcode(secret);
  const enabled = await t.request('POST', '/api/v1/user/settings/totp/enable', {
    token,
    body: { passcode: used },
  });
  expect(enabled.statusCode, enabled.body).toBe(200);
  return { token, secret, used };
}

describe('enrolment', () => {
  it('gives a secret and an otpauth address, confirmed by a passcode from the app', async () => {
    const { token } = await t.signUp('tara');
    const before = await t.request('GET', '/api/v1/user/settings/totp', { token });
    expect(before.statusCode).toBe(412);
    expect(before.json().code).toBe(1016);

    const enrolled = await t.request('POST', '/api/v1/user/settings/totp/enroll', { token });
    expect(enrolled.statusCode).toBe(200);
    const status = enrolled.json();
    expect(status.enabled).toBe(false);
    expect(status.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(status.url).toBe(
      `otpauth://totp/Ordo:tara?issuer=Ordo&secret=${status.secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect((await t.request('GET', '/api/v1/user/settings/totp', { token })).json()).toEqual(status);

    // Not on yet: logging in needs no passcode.
    expect((await login('tara')).statusCode).toBe(200);

    const wrong = await t.request('POST', '/api/v1/user/settings/totp/enable', {
      token,
      body: { passcode: '000000' === passcode(status.secret) ? '111111' : '000000' },
    });
    expect(wrong.statusCode).toBe(412);
    expect(wrong.json().code).toBe(1017);

    const enabled = await t.request('POST', '/api/v1/user/settings/totp/enable', {
      token,
      body: { passcode: passcode(status.secret) },
    });
    expect(enabled.json()).toEqual({ message: 'TOTP was enabled successfully.' });
    expect((await t.request('GET', '/api/v1/user/settings/totp', { token })).json().enabled).toBe(true);

    const again = await t.request('POST', '/api/v1/user/settings/totp/enroll', { token });
    expect(again.statusCode).toBe(412);
    expect(again.json().code).toBe(1015);
  });

  it('draws the address as a QR code, a JPEG', async () => {
    const { token } = await t.signUp('uwe');
    const none = await t.request('GET', '/api/v1/user/settings/totp/qrcode', { token });
    expect(none.json().code).toBe(1016);
    await t.request('POST', '/api/v1/user/settings/totp/enroll', { token });
    const res = await t.request('GET', '/api/v1/user/settings/totp/qrcode', { token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBeGreaterThanOrEqual(200);
  });

  it('is refused without a session', async () => {
    for (const [method, path] of [
      ['GET', '/user/settings/totp'],
      ['POST', '/user/settings/totp/enroll'],
      ['GET', '/user/settings/totp/qrcode'],
    ] as const) {
      expect((await t.request(method, `/api/v1${path}`)).statusCode).toBe(401);
    }
  });
});

/** A six-digit code that is none of the passcodes valid now. */
function wrongPasscode(secret: string): string {
  const valid = new Set([passcode(secret, -1), passcode(secret), passcode(secret, 1)]);
  return ['123456', '234567', '345678', '456789'].find((c) => !valid.has(c)) as string;
}

describe('login with two-factor on', () => {
  it('asks for the passcode (1017), takes a fresh one, and takes each passcode once (1025)', async () => {
    const { secret, used } = await withTwoFactor('vera');
    const missing = await login('vera');
    expect(missing.statusCode).toBe(412);
    expect(missing.json().code).toBe(1017);

    // The enabling passcode is spent. The next step's is accepted once.
    const again = await login('vera', used);
    expect(again.statusCode).toBe(412);
    expect(again.json()).toEqual({ code: 1025, message: 'This totp passcode has already been used.' });
    const next = passcode(secret, 1);
    expect((await login('vera', next)).statusCode).toBe(200);
    expect((await login('vera', next)).json().code).toBe(1025);
    // The step before it, passed over, is no longer valid.
    expect((await login('vera', passcode(secret))).json().code).toBe(1017);
  });

  it('checks the password first, so a wrong password never reveals two-factor', async () => {
    await withTwoFactor('wim');
    const res = await t.request('POST', '/api/v1/login', {
      body: { username: 'wim', password: 'not-it-at-all' },
    });
    expect(res.json().code).toBe(1011);
  });

  it('never locks the account: without the backoff, wrong passcodes are just wrong', async () => {
    const { secret } = await withTwoFactor('xena');
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) codes.push((await login('xena', wrongPasscode(secret))).json().code);
    expect(codes).toEqual(Array(12).fill(1017));
    expect((await login('xena', passcode(secret, 1))).statusCode).toBe(200);
  });

  it('is turned off with the password', async () => {
    const { token } = await withTwoFactor('yuki');
    const wrong = await t.request('POST', '/api/v1/user/settings/totp/disable', {
      token,
      body: { password: 'nope-nope' },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe(1011);
    const off = await t.request('POST', '/api/v1/user/settings/totp/disable', {
      token,
      body: { password: 'tidy-otter-42' },
    });
    expect(off.json()).toEqual({ message: 'TOTP was disabled successfully.' });
    expect((await login('yuki')).statusCode).toBe(200);
    expect((await t.request('GET', '/api/v1/user/settings/totp', { token })).json().code).toBe(1016);
  });
});

describe('with ORDO_TOTP=false', () => {
  it('has no enrolment routes', async () => {
    const off = await createTestApp({ ORDO_TOTP: 'false' });
    try {
      const { token } = await off.signUp('zora');
      expect((await off.request('POST', '/api/v1/user/settings/totp/enroll', { token })).statusCode).toBe(
        404,
      );
      expect((await off.request('GET', '/api/v1/info')).json().totp_enabled).toBe(false);
    } finally {
      await off.close();
    }
  });
});

describe('wrong passcodes with the backoff on', () => {
  let b: TestApp;
  beforeAll(async () => {
    b = await createTestApp({ ORDO_BRUTE_FORCE_FAILURES: '3' });
  });
  afterAll(async () => b.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  let host = 0;
  const loginFrom = (totp_passcode: string) =>
    b.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      // Each try from another address: the account's count holds them all back.
      remoteAddress: `198.51.100.${++host}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'zora', password: 'tidy-otter-42', totp_passcode }),
    });

  it('make the next try wait, the right passcode included, and never lock the account', async () => {
    const { token } = await b.signUp('zora');
    const { secret } = (await b.request('POST', '/api/v1/user/settings/totp/enroll', { token })).json();
    await b.request('POST', '/api/v1/user/settings/totp/enable', {
      token,
      body: { passcode: passcode(secret) },
    });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now());

    const codes: number[] = [];
    for (let i = 0; i < 10; i++) codes.push((await loginFrom(wrongPasscode(secret))).statusCode);
    // Three free, a fourth that starts a one-second wait, and the rest refused inside it.
    expect(codes).toEqual([412, 412, 412, 412, ...Array(6).fill(429)]);
    const refused = await loginFrom(passcode(secret, 1));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many failed attempts. Please wait 1 seconds and try again.');
    expect(refused.headers['retry-after']).toBe('1');

    vi.setSystemTime(Date.now() + 1000);
    const user = await b.app.ordo.db.kysely
      .selectFrom('users')
      .select('status')
      .where('username', '=', 'zora')
      .executeTakeFirstOrThrow();
    expect(user.status).toBe(0);
    expect((await loginFrom(passcode(secret, 1))).statusCode).toBe(200);
  });
});
