/** Bad input of every kind answers with the catalogue shape and the right status, never a 500. */
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';

const SECRET = 'test-secret-test-secret-test-secret';
const invalidToken = { code: 11, message: 'missing, malformed, expired or otherwise invalid token provided' };

let t: TestApp;
let user: { token: string; id: number };
let sid: string;
beforeAll(async () => {
  t = await createTestApp();
  user = await t.signUp('errorsUser');
  sid = JSON.parse(Buffer.from(user.token.split('.')[1], 'base64url').toString()).sid;
});
afterAll(async () => t.close());

function sign(claims: Record<string, unknown>, secret = SECRET, exp = Math.floor(Date.now() / 1000) + 3600) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode(secret));
}

describe('unknown routes and methods', () => {
  it('answers 404 {"message":"Not Found"} for an unknown API route, with or without a token', async () => {
    for (const token of [undefined, user.token]) {
      const res = await t.request('GET', '/api/v1/does-not-exist', { token });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not Found' });
    }
  });

  it('answers 405 {"message":"Method Not Allowed"} with Allow for a known path with the wrong method', async () => {
    for (const [method, url, allow] of [
      ['DELETE', '/api/v1/login', 'POST'],
      ['PUT', '/api/v1/info', 'GET'],
      ['DELETE', '/api/v1/info?x=1', 'GET'],
      ['PATCH', '/api/v1/user', 'GET'],
      ['PATCH', '/api/v1/projects/12345', 'GET, POST, DELETE'],
    ] as const) {
      const res = await t.request(method, url, { token: user.token });
      expect(res.statusCode, `${method} ${url}`).toBe(405);
      expect(res.json()).toEqual({ message: 'Method Not Allowed' });
      expect(res.headers.allow, `${method} ${url}`).toBe(allow);
    }
    // A path no route has stays 404 whatever the method.
    const unknown = await t.request('DELETE', '/api/v1/projects/1/nothing-here', { token: user.token });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Not Found' });
  });
});

describe('bodies that cannot be bound', () => {
  const routes: [string, string, boolean][] = [
    ['POST', '/api/v1/login', false],
    ['POST', '/api/v1/register', false],
    ['POST', '/api/v1/user/password', true],
    ['POST', '/api/v1/user/settings/general', true],
  ];

  it.each(routes)(
    '%s %s: malformed JSON, arrays and scalars answer 400 code 2004',
    async (method, url, auth) => {
      for (const payload of ['{"username":', '[1,2]', '"text"', '42', 'true']) {
        const res = await t.request(method, url, { body: payload, token: auth ? user.token : undefined });
        expect(res.statusCode, payload).toBe(400);
        expect(res.json().code, payload).toBe(2004);
        expect(res.json().message, payload).toMatch(/^Invalid model provided/);
      }
    },
  );

  // Go's decoder reads `null` into a struct as nothing at all, and Vikunja's mobile app sends
  // `null` as the body of a POST that carries none.
  it.each(routes)('%s %s: a null body is bound as an empty one', async (method, url, auth) => {
    const token = auth ? user.token : undefined;
    const asNull = await t.request(method, url, { body: 'null', token });
    const asEmpty = await t.request(method, url, { body: '{}', token });
    expect(asNull.statusCode).toBe(asEmpty.statusCode);
    expect(asNull.json()).toEqual(asEmpty.json());
  });

  it.each(routes)('%s %s: a body that is not JSON at all never gives 500', async (method, url, auth) => {
    const res = await t.request(method, url, {
      body: 'username=x&password=y',
      token: auth ? user.token : undefined,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().message).toBeTruthy();
  });

  it('wrong types answer 400 code 2004 naming the field', async () => {
    const cases: [string, unknown][] = [
      ['/api/v1/login', { username: ['a'], password: 'x' }],
      ['/api/v1/login', { username: 'a', password: 12345678 }],
      ['/api/v1/login', { username: 'a', password: 'x', long_token: 'yes' }],
      ['/api/v1/register', { username: 'abc', email: { a: 1 }, password: 'sturdy-lamp-81' }],
    ];
    for (const [url, body] of cases) {
      const res = await t.request('POST', url, { body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe(2004);
    }
    const settings = await t.request('POST', '/api/v1/user/settings/general', {
      token: user.token,
      body: { week_start: '1' },
    });
    expect(settings.statusCode).toBe(400);
    expect(settings.json().message).toContain('week_start');
  });

  it('an empty body with a JSON content type is no body: the login asks for username and password', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(1004);
  });

  it('a login without a body asks for username and password', async () => {
    const res = await t.request('POST', '/api/v1/login');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(1004);
  });
});

describe('overlong strings', () => {
  const long = 'x'.repeat(5000);

  it('login with huge values is simply wrong credentials', async () => {
    const res = await t.request('POST', '/api/v1/login', { body: { username: long, password: long } });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(1011);
  });

  it('registration with huge values lists the fields', async () => {
    const res = await t.request('POST', '/api/v1/register', {
      body: {
        username: long,
        email: `${long}@example.com`,
        password: long,
        language: `de-${'abcdefgh-'.repeat(20)}x1`,
      },
    });
    expect(res.statusCode).toBe(412);
    const fields: string[] = res.json().invalid_fields;
    for (const f of ['username:', 'email:', 'password:', 'language:'])
      expect(
        fields.some((x) => x.startsWith(f)),
        f,
      ).toBe(true);
  });

  it('settings with huge values answer 412 or 400, never 500', async () => {
    const bodies = [
      { name: long },
      { language: `de-${'abcdefgh-'.repeat(20)}x1` },
      { timezone: long },
      { overdue_tasks_reminders_time: long },
      { week_start: 2 ** 40 },
      { default_project_id: 2 ** 40 },
      { frontend_settings: { note: long } },
    ];
    for (const body of bodies) {
      const res = await t.request('POST', '/api/v1/user/settings/general', { token: user.token, body });
      expect(res.statusCode, Object.keys(body)[0]).not.toBe(500);
      expect(res.statusCode, Object.keys(body)[0]).toBeGreaterThanOrEqual(200);
    }
  });

  it('a password change with huge values answers 412', async () => {
    const res = await t.request('POST', '/api/v1/user/password', {
      token: user.token,
      body: { old_password: long, new_password: long },
    });
    expect(res.statusCode).toBe(412);
  });

  it('a huge search answers an empty list', async () => {
    const res = await t.request('GET', `/api/v1/users?s=${long}`, { token: user.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });
});

describe('tokens', () => {
  it.each([
    ['no header', undefined],
    ['an empty bearer', 'Bearer '],
    ['another scheme', 'Basic dXNlcjpwYXNz'],
    ['garbage', 'Bearer garbage'],
    ['an API token shape', 'Bearer tk_2eef46f40ebab3304919ab2e7e39993f75f29d2e'],
    ['three dots', 'Bearer a.b.c'],
  ])('%s → 401 code 11', async (_name, authorization) => {
    const res = await t.request('GET', '/api/v1/user', { headers: authorization ? { authorization } : {} });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(invalidToken);
  });

  it('a token signed with another secret → 401 code 11', async () => {
    const token = await sign(
      { type: 1, id: user.id, username: 'errorsUser', sid },
      'someone-elses-secret-entirely',
    );
    const res = await t.request('GET', '/api/v1/user', { token });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(invalidToken);
  });

  it('an unsigned (alg none) token → 401 code 11', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(
      JSON.stringify({
        type: 1,
        id: user.id,
        username: 'errorsUser',
        sid,
        exp: Math.floor(Date.now() / 1000) + 3600,
      }),
    ).toString('base64url');
    const res = await t.request('GET', '/api/v1/user', { token: `${header}.${payload}.` });
    expect(res.statusCode).toBe(401);
  });

  it('an expired token → 401 code 11', async () => {
    const token = await sign(
      { type: 1, id: user.id, username: 'errorsUser', sid },
      SECRET,
      Math.floor(Date.now() / 1000) - 10,
    );
    expect((await t.request('GET', '/api/v1/user', { token })).json()).toEqual(invalidToken);
  });

  it('the genuine claims work, so the cases below fail because of the claims alone', async () => {
    const token = await sign({ type: 1, id: user.id, username: 'errorsUser', sid });
    expect((await t.request('GET', '/api/v1/user', { token })).statusCode).toBe(200);
  });

  it.each([
    ['id as a string', { type: 1, id: 'x', username: 'errorsUser' }],
    ['id as a numeric string', { type: 1, id: '1', username: 'errorsUser' }],
    ['a fractional id', { type: 1, id: 1.5, username: 'errorsUser' }],
    ['a negative id', { type: 1, id: -1, username: 'errorsUser' }],
    ['an id beyond 32 bits', { type: 1, id: 2 ** 40, username: 'errorsUser' }],
    ['an id beyond safe integers', { type: 1, id: 1e300, username: 'errorsUser' }],
    ['a missing id', { type: 1, id: undefined, username: 'errorsUser' }],
    ['username as a number', { type: 1, id: 0, username: 5 }],
    ['type as a string', { type: '1', username: 'errorsUser' }],
    ['a link-share type', { type: 2, project_id: 1, hash: 'test', right: 2, username: 'errorsUser' }],
    ['an unknown type', { type: 3, username: 'errorsUser' }],
    ['sid as a number', { type: 1, username: 'errorsUser', sid: 12 }],
    ['sid as an object', { type: 1, username: 'errorsUser', sid: { $ne: '' } }],
    ['a missing sid', { type: 1, username: 'errorsUser', sid: undefined }],
    ['another session id', { type: 1, username: 'errorsUser', sid: '00000000-0000-0000-0000-000000000000' }],
    ['a huge sid', { type: 1, username: 'errorsUser', sid: 'x'.repeat(10000) }],
    ['exp as a string', { type: 1, username: 'errorsUser', exp: 'tomorrow' }],
  ])('a correctly signed token with %s → 401 code 11', async (_name, claims) => {
    const full: Record<string, unknown> = { id: user.id, sid, ...claims };
    for (const key of Object.keys(full)) if (full[key] === undefined) delete full[key];
    const key = new TextEncoder().encode(SECRET);
    const jwt = new SignJWT(full).setProtectedHeader({ alg: 'HS256' });
    if (typeof full.exp !== 'string') jwt.setExpirationTime(Math.floor(Date.now() / 1000) + 3600);
    const token = await jwt.sign(key);
    for (const [method, url] of [
      ['GET', '/api/v1/user'],
      ['POST', '/api/v1/user/token'],
      ['GET', '/api/v1/users?s=errorsUser'],
    ] as const) {
      const res = await t.request(method, url, { token });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toEqual(invalidToken);
    }
  });

  it('a token of another user id with this session → 401 code 11', async () => {
    const other = await t.signUp('errorsOther');
    const token = await sign({ type: 1, id: other.id, username: 'errorsOther', sid });
    expect((await t.request('GET', '/api/v1/user', { token })).statusCode).toBe(401);
  });
});

describe('link-share tokens', () => {
  let share: { id: number; hash: string };
  let project: number;
  let shareToken: string;

  beforeAll(async () => {
    project = (
      await t.request('PUT', '/api/v1/projects', { token: user.token, body: { title: 'Shared' } })
    ).json().id;
    const created = await t.request('PUT', `/api/v1/projects/${project}/shares`, {
      token: user.token,
      body: { right: 0 },
    });
    expect(created.statusCode).toBe(201);
    share = created.json();
    const auth = await t.request('POST', `/api/v1/shares/${share.hash}/auth`, { body: {} });
    expect(auth.statusCode).toBe(200);
    shareToken = auth.json().token;
  });

  it('the genuine token works, so the cases below fail because of the claims alone', async () => {
    expect((await t.request('GET', `/api/v1/projects/${project}`, { token: shareToken })).statusCode).toBe(
      200,
    );
    const claims = JSON.parse(Buffer.from(shareToken.split('.')[1] ?? '', 'base64url').toString());
    const forged = await sign(claims);
    expect((await t.request('GET', `/api/v1/projects/${project}`, { token: forged })).statusCode).toBe(200);
  });

  it.each([
    ['id as a string', { id: 'x' }],
    ['id as a numeric string', { id: '1' }],
    ['a fractional id', { id: 1.5 }],
    ['a negative id', { id: -1 }],
    ['an id beyond 32 bits', { id: 2 ** 40 }],
    ['another share id', { id: 424242 }],
    ['hash as a number', { hash: 5 }],
    ['hash as an object', { hash: { $ne: '' } }],
    ['a wrong hash', { hash: 'not-the-hash' }],
    ['a huge hash', { hash: 'x'.repeat(10000) }],
    ['a missing hash', { hash: undefined }],
    ['type as a string', { type: '2' }],
  ])('a correctly signed share token with %s → 401 code 11', async (_name, change) => {
    const claims: Record<string, unknown> = {
      ...JSON.parse(Buffer.from(shareToken.split('.')[1] ?? '', 'base64url').toString()),
      ...change,
    };
    for (const key of Object.keys(claims)) if (claims[key] === undefined || key === 'exp') delete claims[key];
    const token = await sign(claims);
    for (const url of [`/api/v1/projects/${project}`, '/api/v1/user']) {
      const res = await t.request('GET', url, { token });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual(invalidToken);
    }
  });

  it('a share token stops working when the share is deleted', async () => {
    const other = await t.request('PUT', `/api/v1/projects/${project}/shares`, {
      token: user.token,
      body: { right: 0 },
    });
    const token = (await t.request('POST', `/api/v1/shares/${other.json().hash}/auth`, { body: {} })).json()
      .token;
    expect((await t.request('GET', `/api/v1/projects/${project}`, { token })).statusCode).toBe(200);
    const del = await t.request('DELETE', `/api/v1/projects/${project}/shares/${other.json().id}`, {
      token: user.token,
    });
    expect(del.statusCode).toBe(200);
    const after = await t.request('GET', `/api/v1/projects/${project}`, { token });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual(invalidToken);
  });
});

describe('bodies over the size limit', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp({ ORDO_MAX_BODY_SIZE: '1KB' });
  });
  afterAll(async () => small.close());

  it('answer 413 code 30040 naming the limit before anything is parsed', async () => {
    const huge = JSON.stringify({ username: 'x'.repeat(3 * 1024 * 1024), password: 'y' });
    const res = await small.request('POST', '/api/v1/login', { body: huge });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      code: 30040,
      message:
        'The request body is larger than the limit of 1 KB. Files are uploaded as multipart/form-data.',
    });
  });
});
