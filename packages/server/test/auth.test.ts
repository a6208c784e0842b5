import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('POST /register', () => {
  it('creates an account and answers the user with its e-mail', async () => {
    const res = await t.request('POST', '/api/v1/register', {
      body: { username: 'newUser', email: 'newUser@example.com', password: 'sturdy-lamp-81' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: 'newUser', email: 'newUser@example.com', name: '' });
    expect(res.json().password_hash).toBeUndefined();
  });

  it.each([
    [{}, 1004],
    [{ username: '', password: 'sturdy-lamp-81', email: 'x@example.com' }, 1004],
    [{ username: 'someone', password: '', email: 'x@example.com' }, 1004],
    [{ username: 'someone', password: 'sturdy-lamp-81', email: '' }, 1004],
    [{ username: 'newUser', password: 'sturdy-lamp-81', email: 'other@example.com' }, 1001],
    [{ username: 'other', password: 'sturdy-lamp-81', email: 'NEWUSER@example.com' }, 1002],
    [{ username: 'has space', password: 'sturdy-lamp-81', email: 's@example.com' }, 1022],
    [{ username: 'link-share-3', password: 'sturdy-lamp-81', email: 'l@example.com' }, 1026],
  ])('rejects %j with code %i', async (body, code) => {
    const res = await t.request('POST', '/api/v1/register', { body });
    expect(res.json().code).toBe(code);
    expect(res.statusCode).toBe(code === 1022 ? 412 : 400);
  });

  it('answers 412 with invalid_fields for rule violations', async () => {
    const res = await t.request('POST', '/api/v1/register', {
      body: { username: 'ok_name', password: 'short', email: 'not-an-email', language: 'xx-YY' },
    });
    expect(res.statusCode).toBe(412);
    const body = res.json();
    expect(body.code).toBe(2002);
    expect(body.invalid_fields.some((f: string) => f.startsWith('email:'))).toBe(true);
    expect(body.invalid_fields.some((f: string) => f.startsWith('password:'))).toBe(true);
    expect(body.invalid_fields.some((f: string) => f.startsWith('language:'))).toBe(true);
  });

  it('refuses usernames that look like addresses and passwords over 72 bytes', async () => {
    for (const body of [
      { username: 'example.com', password: 'sturdy-lamp-81', email: 'u1@example.com' },
      { username: 'http://x', password: 'sturdy-lamp-81', email: 'u2@example.com' },
      { username: 'www.foo.org', password: 'sturdy-lamp-81', email: 'u4@example.com' },
      { username: 'longpass', password: 'x'.repeat(73), email: 'u3@example.com' },
    ]) {
      const res = await t.request('POST', '/api/v1/register', { body });
      expect(res.statusCode, JSON.stringify(body)).toBe(412);
    }
  });

  it.each([
    [
      '12345678',
      'password: the password must not be a run of consecutive characters such as 12345678 or abcdefgh',
    ],
    ['baseball1', 'password: the password is one of the most common passwords'],
    ['Password123', 'password: the password is one of the most common passwords'],
    ['qwertyuiop', 'password: the password is one of the most common passwords'],
    ['Heron-Pond', 'password: the password must not be the username or the e-mail address'],
    ['heron-pond@example.org', 'password: the password must not be the username or the e-mail address'],
    ['zzzzzzzzzz', 'password: the password must not be one character repeated'],
    [
      '23456789',
      'password: the password must not be a run of consecutive characters such as 12345678 or abcdefgh',
    ],
  ])('refuses the trivial or common password %s with the reason', async (password, reason) => {
    const res = await t.request('POST', '/api/v1/register', {
      body: { username: 'heron-pond', email: 'heron-pond@example.org', password },
    });
    expect(res.statusCode).toBe(412);
    expect(res.json()).toMatchObject({ code: 2002, invalid_fields: [reason] });
  });

  it('takes usernames as one name whatever their case', async () => {
    const first = await t.request('POST', '/api/v1/register', {
      body: { username: 'Case1048', email: 'case-a@example.com', password: 'sturdy-lamp-81' },
    });
    expect(first.statusCode).toBe(200);
    const second = await t.request('POST', '/api/v1/register', {
      body: { username: 'case1048', email: 'case-b@example.com', password: 'sturdy-lamp-81' },
    });
    expect(second.statusCode).toBe(400);
    expect(second.json().code).toBe(1001);
    const login = await t.request('POST', '/api/v1/login', {
      body: { username: 'CASE1048', password: 'sturdy-lamp-81' },
    });
    expect(login.statusCode).toBe(200);
    const me = await t.request('GET', '/api/v1/user', { token: login.json().token });
    expect(me.json().username).toBe('Case1048');
  });

  it('answers 400/2004 for wrong types and malformed JSON, never 500', async () => {
    const wrongType = await t.request('POST', '/api/v1/register', { body: { username: 5 } });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().code).toBe(2004);
    const bad = await t.request('POST', '/api/v1/register', { body: '{"username":' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe(2004);
  });
});

describe('POST /login', () => {
  beforeAll(async () => {
    await t.request('POST', '/api/v1/register', {
      body: { username: 'loginUser', email: 'login@example.com', password: 'sturdy-lamp-81' },
    });
  });

  it('accepts the username or the e-mail and returns a JWT with exp', async () => {
    for (const username of ['loginUser', 'login@example.com', 'LOGIN@example.com']) {
      const res = await t.request('POST', '/api/v1/login', {
        body: { username, password: 'sturdy-lamp-81' },
      });
      expect(res.statusCode, username).toBe(200);
      const [, payload] = res.json().token.split('.');
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      expect(claims).toMatchObject({ type: 1, username: 'loginUser', long: false });
      expect(claims.exp - Date.now() / 1000).toBeGreaterThan(71 * 3600);
      expect(typeof claims.sid).toBe('string');
    }
  });

  it('gives a 30-day token with long_token', async () => {
    const res = await t.request('POST', '/api/v1/login', {
      body: { username: 'loginUser', password: 'sturdy-lamp-81', long_token: true },
    });
    const claims = JSON.parse(Buffer.from(res.json().token.split('.')[1], 'base64url').toString());
    expect(claims.long).toBe(true);
    expect(claims.exp - Date.now() / 1000).toBeGreaterThan(29 * 86400);
  });

  it('accepts a totp_passcode field for accounts without two-factor', async () => {
    const res = await t.request('POST', '/api/v1/login', {
      body: { username: 'loginUser', password: 'sturdy-lamp-81', totp_passcode: '123456' },
    });
    expect(res.statusCode).toBe(200);
  });

  it.each([
    [{}, 400, 1004],
    [{ username: 'loginUser', password: 'wrong-password' }, 403, 1011],
    [{ username: 'nobody', password: 'sturdy-lamp-81' }, 403, 1011],
  ])('rejects %j', async (body, status, code) => {
    const res = await t.request('POST', '/api/v1/login', { body });
    expect(res.statusCode).toBe(status);
    expect(res.json().code).toBe(code);
  });
});

describe('tokens and sessions', () => {
  it('401 code 11 without, with a garbage, a badly signed or an expired token', async () => {
    const { token } = await t.signUp('tokenUser');
    const [h, p] = token.split('.');
    const expiredPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), exp: 1000 }),
    ).toString('base64url');
    for (const auth of [
      undefined,
      'garbage',
      `${h}.${p}.invalidsignature`,
      `${h}.${expiredPayload}.${token.split('.')[2]}`,
    ]) {
      const res = await t.request('GET', '/api/v1/user', { token: auth });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        code: 11,
        message: 'missing, malformed, expired or otherwise invalid token provided',
      });
    }
  });

  it('renews a token for the same session and keeps long', async () => {
    const { token } = await t.signUp('renewUser', { long: true });
    const res = await t.request('POST', '/api/v1/user/token', { token });
    expect(res.statusCode).toBe(200);
    const renewed = res.json().token as string;
    const claims = JSON.parse(Buffer.from(renewed.split('.')[1], 'base64url').toString());
    const original = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    expect(claims.sid).toBe(original.sid);
    expect(claims.long).toBe(true);
    expect((await t.request('GET', '/api/v1/user', { token: renewed })).statusCode).toBe(200);
  });

  it('logout revokes the token and every token renewed from it, but not other sessions', async () => {
    const { token } = await t.signUp('logoutUser');
    const other = await t.request('POST', '/api/v1/login', {
      body: { username: 'logoutUser', password: 'tidy-otter-42' },
    });
    const renewed = (await t.request('POST', '/api/v1/user/token', { token })).json().token;
    const out = await t.request('POST', '/api/v1/user/logout', { token });
    expect(out.statusCode).toBe(200);
    expect(out.json().message).toBe('Successfully logged out.');
    expect((await t.request('GET', '/api/v1/user', { token })).statusCode).toBe(401);
    expect((await t.request('GET', '/api/v1/user', { token: renewed })).statusCode).toBe(401);
    expect((await t.request('GET', '/api/v1/user', { token: other.json().token })).statusCode).toBe(200);
  });

  it('answers the token checks', async () => {
    const { token } = await t.signUp('checkUser');
    const teapot = await t.request('POST', '/api/v1/token/test', { token });
    expect(teapot.statusCode).toBe(418);
    expect(teapot.body).toContain('🍵');
    expect((await t.request('POST', '/api/v1/tokenTest', { token })).statusCode).toBe(418);
    const ok = await t.request('GET', '/api/v1/token/test', { token });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'ok' });
    for (const [method, url] of [
      ['GET', '/api/v1/token/test'],
      ['POST', '/api/v1/token/test'],
      ['POST', '/api/v1/tokenTest'],
    ] as const) {
      expect((await t.request(method, url)).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
