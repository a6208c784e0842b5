import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let token: string;
const ids: Record<string, number> = {};

async function user(username: string, settings: Record<string, unknown>, email = `${username}@example.com`) {
  const created = await t.signUp(username, { email });
  ids[username] = created.id;
  const res = await t.request('POST', '/api/v1/user/settings/general', {
    token: created.token,
    body: settings,
  });
  expect(res.statusCode).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.signUp('searcher')).token;
  await user('hidden', { name: 'Hidden Hannah' }, 'hannah@example.com');
  await user('byName', { name: 'Named Norbert', discoverable_by_name: true }, 'norbert@example.com');
  await user('byEmail', { name: 'Mailed Mia', discoverable_by_email: true }, 'mia@example.com');
  await user('percent', { name: '100% Pat', discoverable_by_name: true });
  await user('under_score', { name: 'Under Ulla', discoverable_by_name: false });
});
afterAll(async () => t.close());

const search = async (s?: string) => {
  const url = s === undefined ? '/api/v1/users' : `/api/v1/users?s=${encodeURIComponent(s)}`;
  const res = await t.request('GET', url, { token });
  expect(res.statusCode).toBe(200);
  return res;
};
const usernames = async (s: string) =>
  ((await search(s)).json() as { username: string }[]).map((u) => u.username);

describe('GET /users', () => {
  it('answers a null body without a search term', async () => {
    expect((await search()).body).toBe('null');
    expect((await search('')).body).toBe('null');
    expect((await search(' , ')).body).toBe('null');
  });

  it('finds a user by the exact username, ignoring case, whatever the discoverability', async () => {
    expect(await usernames('hidden')).toEqual(['hidden']);
    expect(await usernames('HIDDEN')).toEqual(['hidden']);
    expect(await usernames('hidd')).toEqual([]);
  });

  it('finds part of a name only for users discoverable by name', async () => {
    expect(await usernames('norb')).toEqual(['byName']);
    expect(await usernames('NAMED')).toEqual(['byName']);
    expect(await usernames('Hannah')).toEqual([]);
    expect(await usernames('Ulla')).toEqual([]);
  });

  it('treats % and _ in a term as plain characters', async () => {
    expect(await usernames('100%')).toEqual(['percent']);
    expect(await usernames('%')).toEqual(['percent']);
    expect(await usernames('_')).toEqual([]);
  });

  it('finds the exact e-mail only for users discoverable by e-mail', async () => {
    expect(await usernames('mia@example.com')).toEqual(['byEmail']);
    expect(await usernames('MIA@example.com')).toEqual(['byEmail']);
    expect(await usernames('mia@example')).toEqual([]);
    expect(await usernames('hannah@example.com')).toEqual([]);
    expect(await usernames('norbert@example.com')).toEqual([]);
  });

  it('takes comma-separated terms', async () => {
    expect((await usernames('hidden,norb, mia@example.com')).sort()).toEqual(['byEmail', 'byName', 'hidden']);
  });

  it('never includes e-mail addresses in results', async () => {
    const res = await search('hidden,norb,mia@example.com');
    const found = res.json() as Record<string, unknown>[];
    expect(found).toHaveLength(3);
    for (const u of found) {
      expect(Object.keys(u).sort()).toEqual(['created', 'id', 'name', 'updated', 'username']);
    }
    expect(res.body).not.toContain('@example.com');
  });

  it('does not find disabled accounts', async () => {
    await t.app.ordo.repos.users.update(ids.byName, { status: 2 });
    expect(await usernames('byName')).toEqual([]);
    await t.app.ordo.repos.users.update(ids.byName, { status: 0 });
    expect(await usernames('byName')).toEqual(['byName']);
  });

  it('needs a token', async () => {
    expect((await t.request('GET', '/api/v1/users?s=hidden')).statusCode).toBe(401);
  });
});

describe('GET /users query forms', () => {
  it('accepts repeated and PHP-style array search parameters', async () => {
    const get = async (query: string) =>
      ((await t.request('GET', `/api/v1/users?${query}`, { token })).json() as { username: string }[])
        .map((u) => u.username)
        .sort();
    expect(await get('s[]=hidden')).toEqual(['hidden']);
    expect(await get('s=hidden&s=norb')).toEqual(['byName', 'hidden']);
    expect(await get('s[]=hidden&s[]=mia@example.com')).toEqual(['byEmail', 'hidden']);
  });
});
