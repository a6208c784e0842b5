/**
 * Directory (LDAP) login against a real slapd (test/support/slapd.ts): accounts created and kept
 * in step with the directory, wrong and empty passwords, filter injection, local accounts beside
 * the directory, accounts managed elsewhere (1021), and a directory that cannot be reached.
 */
import { Client } from 'ldapts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LdapDirectory } from '../src/modules/auth/ldap-directory.js';
import { type Slapd, startSlapd } from './support/slapd.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const people = [
  { uid: 'alice', password: 'alice-directory-pw', mail: 'alice@dir.test', displayName: 'Alice Directory' },
  { uid: 'bob', password: 'bob-directory-pw', mail: 'bob@dir.test', displayName: 'Bob Directory' },
  { uid: 'carol', password: 'carol-directory-pw', mail: 'carol@dir.test', displayName: 'Carol Directory' },
  { uid: 'dave', password: 'dave-directory-pw', mail: 'dave@dir.test', displayName: 'Dave Directory' },
  { uid: 'grace', password: 'grace-directory-pw', mail: 'grace@dir.test', displayName: 'Grace Directory' },
  { uid: 'juergen', password: 'juergen-directory-pw', mail: 'juergen@dir.test', displayName: 'Jürgen Groß' },
];

let slapd: Slapd;
let t: TestApp;
beforeAll(async () => {
  slapd = await startSlapd(people);
  t = await createTestApp(slapd.env());
});
afterAll(async () => {
  await t?.close();
  await slapd?.stop();
});

const login = (app: TestApp, username: string, password: string) =>
  app.request('POST', '/api/v1/login', { body: { username, password } });

async function signIn(app: TestApp, username: string, password: string): Promise<string> {
  const res = await login(app, username, password);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token;
}

const currentUser = async (app: TestApp, token: string) =>
  (await app.request('GET', '/api/v1/user', { token })).json();

const accountsOf = (app: TestApp, dn: string) =>
  app.app.ordo.db.kysely.selectFrom('users').selectAll().where('subject', '=', dn).execute();

describe('a directory user', () => {
  it('gets an account on the first login, made from the directory entry, with an Inbox', async () => {
    const token = await signIn(t, 'alice', 'alice-directory-pw');
    const me = await currentUser(t, token);
    expect(me).toMatchObject({
      username: 'alice',
      name: 'Alice Directory',
      email: 'alice@dir.test',
      is_local_user: false,
      auth_provider: 'ldap',
    });
    const [account, ...others] = await accountsOf(t, slapd.dnOf('alice'));
    expect(others).toHaveLength(0);
    expect(account).toMatchObject({
      id: me.id,
      issuer: 'ldap',
      subject: 'uid=alice,ou=people,dc=ordo,dc=test',
    });
    expect(account.password_hash).toBe('');
    const projects = (await t.request('GET', '/api/v1/projects', { token })).json();
    expect(projects.map((p: { title: string }) => p.title)).toContain('Inbox');
  });

  it('finds the same account on the next login', async () => {
    const first = await currentUser(t, await signIn(t, 'carol', 'carol-directory-pw'));
    const second = await currentUser(t, await signIn(t, 'carol', 'carol-directory-pw'));
    expect(second.id).toBe(first.id);
    expect(await accountsOf(t, slapd.dnOf('carol'))).toHaveLength(1);
  });

  it('brings its e-mail address and name up to date with the directory on each login', async () => {
    const before = await currentUser(t, await signIn(t, 'dave', 'dave-directory-pw'));
    expect(before).toMatchObject({ email: 'dave@dir.test', name: 'Dave Directory' });
    await slapd.modify(slapd.dnOf('dave'), { mail: 'dave.new@dir.test', displayName: 'Dave Renamed' });
    const after = await currentUser(t, await signIn(t, 'dave', 'dave-directory-pw'));
    expect(after).toMatchObject({
      id: before.id,
      username: 'dave',
      email: 'dave.new@dir.test',
      name: 'Dave Renamed',
    });
  });

  it('keeps names beyond ASCII as the directory spells them', async () => {
    const me = await currentUser(t, await signIn(t, 'juergen', 'juergen-directory-pw'));
    expect(me.name).toBe('Jürgen Groß');
  });

  it('is refused with 1011 for a wrong password, and no account is made', async () => {
    const res = await login(t, 'grace', 'not-her-password');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(1011);
    expect(await accountsOf(t, slapd.dnOf('grace'))).toHaveLength(0);
  });

  it('gets one account when two first logins arrive at once', async () => {
    const [a, b] = await Promise.all([
      login(t, 'grace', 'grace-directory-pw'),
      login(t, 'grace', 'grace-directory-pw'),
    ]);
    expect([a.statusCode, b.statusCode], `${a.body} ${b.body}`).toEqual([200, 200]);
    expect(await accountsOf(t, slapd.dnOf('grace'))).toHaveLength(1);
  });

  it('cannot change or reset the password, nor set up two-factor login, in Ordo (1021)', async () => {
    const token = await signIn(t, 'alice', 'alice-directory-pw');
    const change = await t.request('POST', '/api/v1/user/password', {
      token,
      body: { old_password: 'alice-directory-pw', new_password: 'a-new-password-1' },
    });
    expect(change.statusCode).toBe(412);
    expect(change.json().code).toBe(1021);
    const totp = await t.request('POST', '/api/v1/user/settings/totp/enroll', { token });
    expect(totp.json().code).toBe(1021);
    const email = await t.request('POST', '/api/v1/user/settings/email', {
      token,
      body: { new_email: 'alice@elsewhere.test', password: 'alice-directory-pw' },
    });
    expect(email.statusCode).toBe(412);
    expect(email.json().code).toBe(1021);
    // The directory password still works; nothing was changed.
    await signIn(t, 'alice', 'alice-directory-pw');
  });
});

describe('the name of a directory user', () => {
  const general = (name?: string) => ({
    ...(name === undefined ? {} : { name }),
    overdue_tasks_reminders_time: '09:00',
    week_start: 1,
  });

  it('comes from the directory: changing it in Ordo gives 1021, other settings still save', async () => {
    const token = await signIn(t, 'juergen', 'juergen-directory-pw');
    const renamed = await t.request('POST', '/api/v1/user/settings/general', {
      token,
      body: general('Somebody Else'),
    });
    expect(renamed.statusCode).toBe(412);
    expect(renamed.json().code).toBe(1021);
    for (const body of [general('Jürgen Groß'), general()]) {
      const saved = await t.request('POST', '/api/v1/user/settings/general', { token, body });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const me = await currentUser(t, token);
    expect(me.name).toBe('Jürgen Groß');
    expect(me.settings.week_start).toBe(1);
  });

  it('of a local user stays theirs to change', async () => {
    const { token } = await t.signUp('ivy');
    const saved = await t.request('POST', '/api/v1/user/settings/general', {
      token,
      body: general('Ivy Local'),
    });
    expect(saved.statusCode).toBe(200);
    expect((await currentUser(t, token)).name).toBe('Ivy Local');
  });
});

describe('what must not log anyone in', () => {
  it('an empty password, although this directory would accept it as an anonymous bind', async () => {
    // The directory itself answers a DN with an empty password with success (unauthenticated bind)…
    const raw = new Client({ url: slapd.url });
    await expect(raw.bind(slapd.dnOf('alice'), '')).resolves.toBeUndefined();
    await raw.unbind();
    // …so Ordo's own rule is what refuses it, at the API and in the directory client.
    const res = await login(t, 'alice', '');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(1004);
    const config = t.config.ldap;
    if (!config) throw new Error('the test app runs without LDAP');
    expect(await new LdapDirectory(config).authenticate('alice', '')).toBeNull();
    expect(await new LdapDirectory(config).authenticate('alice', 'alice-directory-pw')).toMatchObject({
      dn: slapd.dnOf('alice'),
    });
  });

  it('filter syntax in the login name: wildcards and injected terms are looked for literally', async () => {
    for (const name of ['*', 'al*', '*)(uid=*', ')(uid=*', 'alice)(uid=*', 'x)(|(uid=*']) {
      const res = await login(t, name, 'alice-directory-pw');
      expect(res.statusCode, `login name ${name}`).toBe(403);
      expect(res.json().code).toBe(1011);
    }
    const config = t.config.ldap;
    if (!config) throw new Error('the test app runs without LDAP');
    expect(await new LdapDirectory(config).authenticate('al*', 'alice-directory-pw')).toBeNull();
  });
});

describe('local accounts beside the directory', () => {
  it('a name the directory does not know logs in locally', async () => {
    const { id } = await t.signUp('frank');
    const me = await currentUser(t, await signIn(t, 'frank', 'tidy-otter-42'));
    expect(me).toMatchObject({ id, is_local_user: true, auth_provider: 'local' });
  });

  it('a directory user whose name a local account holds gets another one; both keep logging in', async () => {
    const local = await t.signUp('bob');
    const directoryBob = await currentUser(t, await signIn(t, 'bob', 'bob-directory-pw'));
    expect(directoryBob).toMatchObject({ username: 'bob2', name: 'Bob Directory', auth_provider: 'ldap' });
    expect(directoryBob.id).not.toBe(local.id);
    const localBob = await currentUser(t, await signIn(t, 'bob', 'tidy-otter-42'));
    expect(localBob).toMatchObject({ id: local.id, username: 'bob', auth_provider: 'local' });
    // The Ordo name of the directory account is not a way in: it has no password in Ordo.
    expect((await login(t, 'bob2', 'bob-directory-pw')).json().code).toBe(1011);
  });

  it('/info says directory login is on', async () => {
    const info = (await t.request('GET', '/api/v1/info')).json();
    expect(info.auth.ldap).toEqual({ enabled: true });
    expect(info.auth.local.enabled).toBe(true);
  });
});

describe('directory login only (ORDO_LOCAL_AUTH=false)', () => {
  let only: TestApp;
  beforeAll(async () => {
    only = await createTestApp(slapd.env({ ORDO_LOCAL_AUTH: 'false' }));
  });
  afterAll(async () => only?.close());

  it('logs directory users in, nobody else, and /info says so', async () => {
    const me = await currentUser(only, await signIn(only, 'alice', 'alice-directory-pw'));
    expect(me.auth_provider).toBe('ldap');
    expect((await login(only, 'nobody', 'whatever-1')).json().code).toBe(1011);
    const info = (await only.request('GET', '/api/v1/info')).json();
    expect(info.auth.local.enabled).toBe(false);
    expect(info.auth.ldap.enabled).toBe(true);
  });
});

describe('a directory that allows anonymous searches (no service account)', () => {
  let open: Slapd;
  let app: TestApp;
  beforeAll(async () => {
    open = await startSlapd([people[0]], { anonymousSearch: true });
    app = await createTestApp({ ORDO_LDAP_URL: open.url, ORDO_LDAP_BASE_DN: open.baseDn });
  });
  afterAll(async () => {
    await app?.close();
    await open?.stop();
  });

  it('is searched anonymously and logs the user in', async () => {
    const me = await currentUser(app, await signIn(app, 'alice', 'alice-directory-pw'));
    expect(me).toMatchObject({ username: 'alice', auth_provider: 'ldap' });
    expect((await login(app, 'alice', 'wrong-password')).json().code).toBe(1011);
  });
});

describe('a directory that cannot be reached', () => {
  let app: TestApp;
  beforeAll(async () => {
    // A port nobody listens on: the slapd above is stopped after taking one.
    const gone = await startSlapd([]);
    await gone.stop();
    app = await createTestApp(gone.env());
  });
  afterAll(async () => app?.close());

  it('answers 503 with a clear message, not a 500, and local accounts still log in', async () => {
    const res = await login(app, 'alice', 'alice-directory-pw');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      message:
        'The login directory (LDAP) cannot be reached right now. Please try again later or ask your administrator.',
    });
    const { id } = await app.signUp('henry');
    const me = await currentUser(app, await signIn(app, 'henry', 'tidy-otter-42'));
    expect(me.id).toBe(id);
  });

  it('a service account the directory refuses is reported the same way', async () => {
    const wrong = await createTestApp(slapd.env({ ORDO_LDAP_BIND_PASSWORD: 'not-the-service-password' }));
    try {
      const res = await login(wrong, 'alice', 'alice-directory-pw');
      expect(res.statusCode).toBe(503);
    } finally {
      await wrong.close();
    }
  });
});
