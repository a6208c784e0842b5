/**
 * Where a user is signed in (`/user/sessions`, reference §2.3, §3.14, §5.3): each login listed
 * with the browser that made it, and ended from elsewhere.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const sidOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sid as string;

async function loginFrom(username: string, userAgent: string): Promise<string> {
  const res = await t.request('POST', '/api/v1/login', {
    body: { username, password: 'tidy-otter-42' },
    headers: { 'user-agent': userAgent },
  });
  expect(res.statusCode).toBe(200);
  return res.json().token;
}

describe('/user/sessions', () => {
  it('lists each of your logins with its browser and times, the latest active first, never another user’s', async () => {
    // Times are kept to the second: the steps below are a second apart so the order is theirs.
    const aSecond = () => new Promise((r) => setTimeout(r, 1100));
    await t.signUp('sessionsAna');
    await t.signUp('sessionsBen');
    const laptop = await loginFrom('sessionsAna', 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0');
    await aSecond();
    const phone = await loginFrom('sessionsAna', 'Ordo/1.0 (Android 15; Pixel 9)');
    await loginFrom('sessionsBen', 'Ben’s browser');
    // Renewing the laptop's token makes it the latest active.
    await aSecond();
    expect((await t.request('POST', '/api/v1/user/token', { token: laptop })).statusCode).toBe(200);

    const res = await t.request('GET', '/api/v1/user/sessions', { token: phone });
    expect(res.statusCode).toBe(200);
    const sessions = res.json() as Record<string, string>[];
    expect(sessions.map((s) => s.id)).toEqual([sidOf(laptop), sidOf(phone), expect.any(String)]);
    expect(sessions[0]).toEqual({
      id: sidOf(laptop),
      device_info: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
      ip_address: '127.0.0.1',
      last_active: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      created: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
    });
    expect(sessions[0].last_active > sessions[0].created).toBe(true);
    expect(sessions[1].device_info).toBe('Ordo/1.0 (Android 15; Pixel 9)');
    expect(JSON.stringify(sessions)).not.toContain('Ben’s browser');
    expect(res.headers['x-pagination-result-count']).toBe('3');

    const paged = await t.request('GET', '/api/v1/user/sessions?page=2&per_page=2', { token: phone });
    expect(paged.json()).toHaveLength(1);
    expect(paged.headers['x-pagination-total-pages']).toBe('2');
  });

  it('ends a session from another device: its tokens stop working, the others go on', async () => {
    await t.signUp('sessionsCara');
    const lost = await loginFrom('sessionsCara', 'The lost phone');
    const here = await loginFrom('sessionsCara', 'The desk');
    const renewedOnLost = (await t.request('POST', '/api/v1/user/token', { token: lost })).json().token;

    const res = await t.request('DELETE', `/api/v1/user/sessions/${sidOf(lost)}`, { token: here });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Successfully deleted.' });
    for (const token of [lost, renewedOnLost]) {
      const refused = await t.request('GET', '/api/v1/user', { token });
      expect(refused.statusCode).toBe(401);
      expect(refused.json().code).toBe(11);
    }
    expect((await t.request('GET', '/api/v1/user', { token: here })).statusCode).toBe(200);
    const left = (await t.request('GET', '/api/v1/user/sessions', { token: here })).json();
    expect(left.map((s: { id: string }) => s.id)).not.toContain(sidOf(lost));
  });

  it('refuses another user’s session with 403 and an unknown one with 16001, ending nothing', async () => {
    const { token: mine } = await t.signUp('sessionsDan');
    const { token: theirs } = await t.signUp('sessionsEve');
    const forbidden = await t.request('DELETE', `/api/v1/user/sessions/${sidOf(theirs)}`, { token: mine });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe(0);
    expect((await t.request('GET', '/api/v1/user', { token: theirs })).statusCode).toBe(200);

    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const unknown = await t.request('DELETE', `/api/v1/user/sessions/${id}`, { token: mine });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ code: 16001, message: 'The session does not exist.' });
    }
  });

  it('is for signed-in users only: no token, and link shares, are refused', async () => {
    expect((await t.request('GET', '/api/v1/user/sessions')).statusCode).toBe(401);
    const { token } = await t.signUp('sessionsFay');
    const project = (await t.request('PUT', '/api/v1/projects', { token, body: { title: 'Shared' } })).json();
    const share = (
      await t.request('PUT', `/api/v1/projects/${project.id}/shares`, { token, body: { right: 0 } })
    ).json();
    const visitor = (await t.request('POST', `/api/v1/shares/${share.hash}/auth`, { body: {} })).json().token;
    const refused = await t.request('GET', '/api/v1/user/sessions', { token: visitor });
    expect(refused.statusCode).toBe(403);
    expect(
      (await t.request('DELETE', `/api/v1/user/sessions/${sidOf(token)}`, { token: visitor })).statusCode,
    ).toBe(403);
    expect((await t.request('GET', '/api/v1/user', { token })).statusCode).toBe(200);
  });
});
