/** Two-factor authentication (reference §2.2, §5.5): enrolment, login with passcodes, lockout. */
import { Secret, TOTP } from 'otpauth';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('login with two-factor on', () => {
  it('asks for the passcode (1017), takes a fresh one, and takes each passcode once', async () => {
    const { secret, used } = await withTwoFactor('vera');
    const missing = await login('vera');
    expect(missing.statusCode).toBe(412);
    expect(missing.json().code).toBe(1017);

    // The enabling passcode is spent. The next step's is accepted once.
    expect((await login('vera', used)).json().code).toBe(1017);
    const next = passcode(secret, 1);
    expect((await login('vera', next)).statusCode).toBe(200);
    expect((await login('vera', next)).json().code).toBe(1017);
  });

  it('checks the password first, so a wrong password never reveals two-factor', async () => {
    await withTwoFactor('wim');
    const res = await t.request('POST', '/api/v1/login', {
      body: { username: 'wim', password: 'not-it-at-all' },
    });
    expect(res.json().code).toBe(1011);
  });

  it('locks the account at the tenth wrong passcode, until its password is reset', async () => {
    const { secret } = await withTwoFactor('xena');
    const wrong = (() => {
      const codes = new Set([passcode(secret, -1), passcode(secret), passcode(secret, 1)]);
      return ['123456', '234567', '345678', '456789'].find((c) => !codes.has(c)) as string;
    })();
    const codes: number[] = [];
    for (let i = 0; i < 10; i++) codes.push((await login('xena', wrong)).json().code);
    expect(codes).toEqual([...Array(9).fill(1017), 1026]);
    expect((await login('xena', passcode(secret, 1))).json().code).toBe(1026);

    await t.app.ordo.users.resetPassword('xena', 'tidy-otter-42');
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
