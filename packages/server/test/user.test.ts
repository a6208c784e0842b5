import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const login = (username: string, password: string) =>
  t.request('POST', '/api/v1/login', { body: { username, password } });

describe('GET /user', () => {
  it('answers the user with e-mail, settings and account fields', async () => {
    const { token, id } = await t.signUp('shapeUser');
    const res = await t.request('GET', '/api/v1/user', { token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      id,
      name: '',
      username: 'shapeUser',
      email: 'shapeUser@example.com',
      created: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      updated: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      settings: expect.any(Object),
      deletion_scheduled_at: '0001-01-01T00:00:00Z',
      is_local_user: true,
      auth_provider: 'local',
      is_admin: false,
    });
    expect(body).not.toHaveProperty('pending_email');
    expect(body).not.toHaveProperty('password_hash');
    expect(body).not.toHaveProperty('password');
  });

  it('needs a token', async () => {
    const res = await t.request('GET', '/api/v1/user');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(11);
  });
});

describe('POST /user/password', () => {
  it.each([
    [{ old_password: 'wrong-password', new_password: 'new-password-1' }, 403, 1011],
    [{ old_password: '', new_password: 'new-password-1' }, 412, 1014],
    [{ new_password: 'new-password-1' }, 412, 1014],
    [{ old_password: 'tidy-otter-42', new_password: '' }, 412, 1013],
    [{ old_password: 'tidy-otter-42' }, 412, 1013],
    [{ old_password: 'tidy-otter-42', new_password: 'short' }, 412, 2002],
    [{ old_password: 'tidy-otter-42', new_password: 'y'.repeat(73) }, 412, 2002],
    [{ old_password: 'tidy-otter-42', new_password: 'iloveyou' }, 412, 2002],
    [{ old_password: 'tidy-otter-42', new_password: 'abcdefghijk' }, 412, 2002],
  ])('%j answers %i with code %i and keeps the password', async (body, status, code) => {
    const name = `pw${code}${status}${Math.random().toString(36).slice(2, 8)}`;
    const { token } = await t.signUp(name);
    const res = await t.request('POST', '/api/v1/user/password', { token, body });
    expect(res.statusCode).toBe(status);
    expect(res.json().code).toBe(code);
    if (code === 2002) expect(res.json().invalid_fields[0]).toMatch(/^new_password:/);
    expect((await login(name, 'tidy-otter-42')).statusCode).toBe(200);
    expect((await t.request('GET', '/api/v1/user', { token })).statusCode).toBe(200);
  });

  it('changes the password, revokes every earlier token and lets the new password log in', async () => {
    const { token } = await t.signUp('changer');
    const second = (await login('changer', 'tidy-otter-42')).json().token;
    const renewed = (await t.request('POST', '/api/v1/user/token', { token })).json().token;

    const res = await t.request('POST', '/api/v1/user/password', {
      token,
      body: { old_password: 'tidy-otter-42', new_password: 'brand-new-secret' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'The password was updated successfully.' });

    for (const old of [token, second, renewed]) {
      const after = await t.request('GET', '/api/v1/user', { token: old });
      expect(after.statusCode).toBe(401);
      expect(after.json().code).toBe(11);
    }
    const oldLogin = await login('changer', 'tidy-otter-42');
    expect(oldLogin.statusCode).toBe(403);
    expect(oldLogin.json().code).toBe(1011);
    const fresh = await login('changer', 'brand-new-secret');
    expect(fresh.statusCode).toBe(200);
    expect((await t.request('GET', '/api/v1/user', { token: fresh.json().token })).json().username).toBe(
      'changer',
    );
  });
});

describe('accounts that may not log in', () => {
  it.each([
    [1, 412, 1012],
    [2, 412, 1020],
    [3, 412, 1026],
  ])('status %i answers %i with code %i, even with the right password', async (status, httpStatus, code) => {
    const name = `status${status}`;
    const { token, id } = await t.signUp(name);
    await t.app.ordo.repos.users.update(id, { status });
    const res = await login(name, 'tidy-otter-42');
    expect(res.statusCode).toBe(httpStatus);
    expect(res.json().code).toBe(code);
    // Tokens issued before the account changed state stop working as well.
    expect((await t.request('GET', '/api/v1/user', { token })).statusCode).toBe(401);
    // A wrong password still reads as wrong credentials, so the state leaks to no one.
    expect((await login(name, 'not-the-password')).json().code).toBe(1011);
  });

  it('an account managed by an external provider answers 1021', async () => {
    const { id } = await t.signUp('externalUser');
    await t.app.ordo.repos.users.update(id, { issuer: 'keycloak' });
    const res = await login('externalUser', 'tidy-otter-42');
    expect(res.statusCode).toBe(412);
    expect(res.json().code).toBe(1021);
  });
});

describe('expired sessions', () => {
  it('are cleared when the user logs in again; live ones stay', async () => {
    const { id } = await t.signUp('sessionKeeper');
    const long = await t.request('POST', '/api/v1/login', {
      body: { username: 'sessionKeeper', password: 'tidy-otter-42', long_token: true },
    });
    expect(long.statusCode).toBe(200);
    const db = t.app.ordo.db.kysely;
    const sessions = await db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', id)
      .orderBy('created')
      .execute();
    expect(sessions).toHaveLength(2);
    const [short, remembered] = [sessions.find((s) => !s.long_lived), sessions.find((s) => !!s.long_lived)];
    const daysAgo = (n: number) =>
      new Date(Date.now() - n * 86400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    // The short session's last token (72 h) has expired; the remembered one (30 days) has not.
    await db
      .updateTable('sessions')
      .set({ last_active: daysAgo(4) })
      .where('id', '=', short?.id ?? '')
      .execute();
    await db
      .updateTable('sessions')
      .set({ last_active: daysAgo(20) })
      .where('id', '=', remembered?.id ?? '')
      .execute();

    expect((await login('sessionKeeper', 'tidy-otter-42')).statusCode).toBe(200);
    const after = await db.selectFrom('sessions').select('id').where('user_id', '=', id).execute();
    const ids = after.map((s) => s.id);
    expect(ids).not.toContain(short?.id);
    expect(ids).toContain(remembered?.id);
    expect(ids).toHaveLength(2);
  });
});
