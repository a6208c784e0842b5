/**
 * Sign-in through an OpenID Connect provider (spec 1 §2, §4, §8; reference §1.2, §2.2) against a
 * real provider process (oidc-provider): the code comes from signing in at its login page over
 * HTTP, and Ordo exchanges it at the provider's token endpoint with the client secret.
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startOidcProvider, type TestOidcProvider } from './support/oidc-provider.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const PUBLIC_URL = 'http://localhost:3456/';
const REDIRECT = `${PUBLIC_URL}auth/openid/testid`;

let oidc: TestOidcProvider;
let t: TestApp;
let logoutUrl: string;

beforeAll(async () => {
  oidc = await startOidcProvider({
    redirectUris: [REDIRECT, `${PUBLIC_URL}auth/openid/other`],
    accounts: {
      ada: {
        sub: '5f1c-ada',
        password: 'analytical-engine',
        email: 'ada@example.com',
        name: 'Ada Lovelace',
        preferredUsername: 'ada',
      },
      grace: {
        sub: '77-grace',
        password: 'cobol-1959',
        email: 'grace.hopper@example.com',
        name: 'Grace Hopper',
      },
      linus: {
        sub: '3-linus',
        password: 'kernel-1991',
        email: 'linus@example.com',
        preferredUsername: 'linus',
      },
      nomail: { sub: '9-nomail', password: 'no-address-1', name: 'Nobody Known' },
    },
  });
  logoutUrl = `${oidc.issuer}/session/end?client_id=${oidc.clientId}`;
  t = await createTestApp({
    ORDO_PUBLIC_URL: PUBLIC_URL,
    ORDO_OPENID_PROVIDERS: JSON.stringify([
      oidc.ordoProvider({ logoutUrl }),
      // A provider that is down: nothing listens on port 9 of this host.
      { key: 'down', name: 'Down Provider', authUrl: 'http://127.0.0.1:9', clientId: 'x', clientSecret: 'y' },
    ]),
  });
});

afterAll(async () => {
  await t?.close();
  await oidc?.close();
});

async function codeFor(login: string, redirectUri = REDIRECT): Promise<string> {
  const account = oidc.accounts.get(login);
  if (!account) throw new Error(`no provider account ${login}`);
  const answer = await oidc.signIn({ login, password: account.password, redirectUri, state: 'state-123' });
  // The provider hands the state back untouched; checking it is the browser's part (web tests).
  expect(answer.get('state')).toBe('state-123');
  const code = answer.get('code');
  if (!code) throw new Error(`the provider gave no code: ${answer}`);
  return code;
}

const callback = (body: Record<string, unknown>, provider = 'testid') =>
  t.request('POST', `/api/v1/auth/openid/${provider}/callback`, { body });

async function signInAs(login: string): Promise<string> {
  const res = await callback({ code: await codeFor(login), redirect_url: REDIRECT });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token as string;
}

describe('GET /info', () => {
  it("lists the provider with its discovered authorization endpoint and never the client's secret", async () => {
    const res = await t.request('GET', '/api/v1/info');
    expect(res.statusCode).toBe(200);
    const openid = res.json().auth.openid_connect;
    expect(openid.enabled).toBe(true);
    expect(openid.redirect_url).toBe(`${PUBLIC_URL}auth/openid/`);
    // The provider that cannot be discovered is left out rather than shown as a dead button.
    expect(openid.providers).toEqual([
      {
        key: 'testid',
        name: 'Test Identity',
        auth_url: `${oidc.issuer}/auth`,
        client_id: 'ordo',
        scope: 'openid email profile',
        logout_url: logoutUrl,
      },
    ]);
    expect(res.body).not.toContain(oidc.clientSecret);
    expect(res.body).not.toContain('secret');
  });
});

describe('POST /auth/openid/:provider/callback', () => {
  it('creates an account on the first sign-in and answers like /login', async () => {
    const res = await callback({ code: await codeFor('ada'), redirect_url: REDIRECT });
    expect(res.statusCode, res.body).toBe(200);
    expect(Object.keys(res.json())).toEqual(['token']);
    const token = res.json().token as string;

    const me = await t.request('GET', '/api/v1/user', { token });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      username: 'ada',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      is_local_user: false,
      auth_provider: 'testid',
    });
    // Like a registered account, it starts with its Inbox.
    const projects = await t.request('GET', '/api/v1/projects', { token });
    expect(projects.json().map((p: { title: string }) => p.title)).toContain('Inbox');
  });

  it('finds the same account on the next sign-in and takes over the name and e-mail the provider has now', async () => {
    const first = await t.request('GET', '/api/v1/user', { token: await signInAs('grace') });
    expect(first.json()).toMatchObject({ username: 'grace.hopper', name: 'Grace Hopper' });

    const account = oidc.accounts.get('grace');
    if (!account) throw new Error('no grace');
    account.name = 'Rear Admiral Grace Hopper';
    account.email = 'grace@navy.example';
    const again = await t.request('GET', '/api/v1/user', { token: await signInAs('grace') });
    expect(again.json()).toMatchObject({
      id: first.json().id,
      username: 'grace.hopper',
      name: 'Rear Admiral Grace Hopper',
      email: 'grace@navy.example',
    });
  });

  it('gives a taken username a number, keeping the local account apart', async () => {
    const local = await t.signUp('linus');
    const token = await signInAs('linus');
    const me = (await t.request('GET', '/api/v1/user', { token })).json();
    expect(me.username).toBe('linus2');
    expect(me.id).not.toBe(local.id);
    // The local account still logs in with its password.
    const login = await t.request('POST', '/api/v1/login', {
      body: { username: 'linus', password: 'tidy-otter-42' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses a provider that gives no e-mail address with 1019, and makes no account', async () => {
    const res = await callback({ code: await codeFor('nomail'), redirect_url: REDIRECT });
    expect(res.statusCode).toBe(412);
    expect(res.json()).toMatchObject({
      code: 1019,
      message:
        'No email address available. Please make sure the openid provider publicly provides an email address for your account.',
    });
    const admin = await t.signUp('searcher');
    const found = await t.request('GET', '/api/v1/users?s=Nobody', { token: admin.token });
    expect(found.json()).toEqual([]);
  });

  it('refuses a code the provider did not issue with 15001 and the provider’s reason', async () => {
    const res = await callback({ code: 'not-a-code-the-provider-issued', redirect_url: REDIRECT });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 15001,
      message: 'Could not authenticate against third party.',
      details: { error: 'invalid_grant' },
    });
  });

  it('refuses a code used a second time', async () => {
    const code = await codeFor('ada');
    expect((await callback({ code, redirect_url: REDIRECT })).statusCode).toBe(200);
    const again = await callback({ code, redirect_url: REDIRECT });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 15001, details: { error: 'invalid_grant' } });
  });

  it('refuses a code sent with another redirect address than the one it was issued for', async () => {
    const code = await codeFor('ada');
    const res = await callback({ code, redirect_url: `${PUBLIC_URL}auth/openid/other` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 15001, details: { error: 'invalid_grant' } });
  });

  it('refuses a request without a code', async () => {
    const res = await callback({ redirect_url: REDIRECT });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 15001, message: 'Please provide the authorization code.' });
  });

  it('refuses a provider that is not configured', async () => {
    const res = await callback({ code: 'abc', redirect_url: REDIRECT }, 'nope');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 15001, message: 'The OpenID Connect provider does not exist.' });
  });

  it('answers 502 when the provider cannot be reached', async () => {
    const res = await callback({ code: 'abc', redirect_url: REDIRECT }, 'down');
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe('The OpenID Connect provider could not be reached.');
  });

  it('refuses a disabled account with 1020', async () => {
    const token = await signInAs('ada');
    const { id } = (await t.request('GET', '/api/v1/user', { token })).json();
    await t.app.ordo.db.kysely.updateTable('users').set({ status: 2 }).where('id', '=', id).execute();
    try {
      const res = await callback({ code: await codeFor('ada'), redirect_url: REDIRECT });
      expect(res.statusCode).toBe(412);
      expect(res.json().code).toBe(1020);
    } finally {
      await t.app.ordo.db.kysely.updateTable('users').set({ status: 0 }).where('id', '=', id).execute();
    }
  });
});

describe('an account of a provider', () => {
  it('is told 1021 when it tries to change a password, reset one or set up two-factor login', async () => {
    const token = await signInAs('ada');
    const password = await t.request('POST', '/api/v1/user/password', {
      token,
      body: { old_password: 'anything-at-all', new_password: 'a-new-password-1' },
    });
    expect(password.statusCode).toBe(412);
    expect(password.json()).toMatchObject({
      code: 1021,
      message: 'This account is managed by a third-party authentication provider.',
    });
    const totp = await t.request('POST', '/api/v1/user/settings/totp/enroll', { token });
    expect(totp.json().code).toBe(1021);
  });

  it('cannot log in with a password at all', async () => {
    for (const password of ['', 'analytical-engine']) {
      const res = await t.request('POST', '/api/v1/login', { body: { username: 'ada', password } });
      expect(res.statusCode).not.toBe(200);
    }
  });

  it("logs out with the provider's logout address; a local account gets none", async () => {
    const token = await signInAs('ada');
    const res = await t.request('POST', '/api/v1/user/logout', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Successfully logged out.', oidc_logout_url: logoutUrl });
    expect((await t.request('GET', '/api/v1/user', { token })).statusCode).toBe(401);

    const local = await t.signUp('localperson');
    const localOut = await t.request('POST', '/api/v1/user/logout', { token: local.token });
    expect(localOut.json()).toEqual({ message: 'Successfully logged out.' });
  });
});

describe('with ORDO_RATE_LIMIT=2', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({
      ORDO_RATE_LIMIT: '2',
      ORDO_OPENID_PROVIDERS: JSON.stringify([oidc.ordoProvider()]),
    });
  });
  afterAll(async () => limited?.close());

  it('limits the callback per client address like /login', async () => {
    const attempt = () =>
      limited.app.inject({
        method: 'POST',
        url: '/api/v1/auth/openid/testid/callback',
        remoteAddress: '198.51.100.20',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ code: 'guess', redirect_url: REDIRECT }),
      });
    expect((await attempt()).statusCode).toBe(400);
    expect((await attempt()).statusCode).toBe(400);
    expect((await attempt()).statusCode).toBe(429);
  });
});

describe('teams from the provider (vikunja_groups)', () => {
  const TEAMS_SCOPE = 'openid email profile vikunja_scope';
  interface Team {
    id: number;
    name: string;
    description: string;
    is_public: boolean;
    external_id: string;
    members: { username: string; admin: boolean }[];
  }

  async function signInWithTeams(login: string, groups: unknown) {
    const account = oidc.accounts.get(login)!;
    account.vikunjaGroups = groups;
    const answer = await oidc.signIn({
      login,
      password: account.password,
      redirectUri: REDIRECT,
      scope: TEAMS_SCOPE,
    });
    return callback({ code: answer.get('code'), redirect_url: REDIRECT });
  }
  const teamsOf = async (token: string) =>
    ((await t.request('GET', '/api/v1/teams', { token })).json() as Team[]).sort((a, b) =>
      a.external_id.localeCompare(b.external_id),
    );

  beforeAll(() => {
    oidc.accounts.set('hedy', { sub: '1914-hedy', password: 'frequency-hop', email: 'hedy@example.com' });
    oidc.accounts.set('alan', { sub: '1912-alan', password: 'bombe-machine', email: 'alan@example.com' });
  });

  it('joins the teams the claim names, creating them with their external id, not as admin', async () => {
    const res = await signInWithTeams('hedy', [
      { name: 'Engineering', oidcID: 'eng', description: 'Builders', isPublic: true },
      { name: 'Operations', oidcID: 42 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const teams = await teamsOf(res.json().token);
    expect(teams.map((x) => [x.external_id, x.name, x.description, x.is_public])).toEqual([
      ['42', 'Operations', '', false],
      ['eng', 'Engineering', 'Builders', true],
    ]);
    expect(teams[1]!.members).toEqual([expect.objectContaining({ username: 'hedy', admin: false })]);
    // Members of a provider's team cannot be removed by hand.
    const removed = await t.request('DELETE', `/api/v1/teams/${teams[1]!.id}/members/hedy`, {
      token: res.json().token,
    });
    expect(removed.statusCode).toBe(412);
    expect(removed.json().code).toBe(6010);
  });

  it('updates renamed teams, leaves the ones no longer named, and deletes a team nobody is left in', async () => {
    const alan = await signInWithTeams('alan', [{ name: 'Engineering', oidcID: 'eng', isPublic: true }]);
    expect(alan.statusCode, alan.body).toBe(200);
    const before = await teamsOf(alan.json().token);
    const engineering = before.find((x) => x.external_id === 'eng')!;
    expect(engineering.members.map((m) => m.username).sort()).toEqual(['alan', 'hedy']);

    const res = await signInWithTeams('hedy', [
      { name: 'Engineering and Research', oidcID: 'eng', description: 'Builders' },
      { name: 'Design', oidcID: 'design' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const teams = await teamsOf(res.json().token);
    expect(teams.map((x) => [x.external_id, x.name, x.is_public])).toEqual([
      ['design', 'Design', false],
      ['eng', 'Engineering and Research', false],
    ]);
    // The same team as before, renamed for its other member too.
    expect(teams[1]!.id).toBe(engineering.id);
    expect((await teamsOf(alan.json().token)).map((x) => x.name)).toEqual(['Engineering and Research']);
    // Operations had only hedy: it is gone.
    const operations = await t.app.ordo.db.kysely
      .selectFrom('teams')
      .select('id')
      .where('external_id', '=', '42')
      .execute();
    expect(operations).toEqual([]);

    // hedy leaves Engineering; alan is still in it, so it stays.
    const again = await signInWithTeams('hedy', [{ name: 'Design', oidcID: 'design' }]);
    expect((await teamsOf(again.json().token)).map((x) => x.external_id)).toEqual(['design']);
    expect((await teamsOf(alan.json().token)).map((x) => x.members.map((m) => m.username))).toEqual([
      ['alan'],
    ]);
  });

  it('leaves the teams as they are when the provider sends no teams claim', async () => {
    const account = oidc.accounts.get('hedy')!;
    account.vikunjaGroups = undefined;
    const answer = await oidc.signIn({ login: 'hedy', password: account.password, redirectUri: REDIRECT });
    const res = await callback({ code: answer.get('code'), redirect_url: REDIRECT });
    expect(res.statusCode, res.body).toBe(200);
    expect((await teamsOf(res.json().token)).map((x) => x.external_id)).toEqual(['design']);
  });

  it("lets members of a provider's team find each other by name or e-mail, and nobody else", async () => {
    const find = async (token: string, term: string) =>
      ((await t.request('GET', `/api/v1/users?s=${encodeURIComponent(term)}`, { token })).json() ?? []).map(
        (u: { username: string }) => u.username,
      );
    oidc.accounts.get('alan')!.name = 'Alan Turing';
    const alan = await signInWithTeams('alan', [{ name: 'Design', oidcID: 'design' }]);
    const hedy = await signInWithTeams('hedy', [{ name: 'Design', oidcID: 'design' }]);
    expect(await find(hedy.json().token, 'Turing')).toEqual(['alan']);
    expect(await find(alan.json().token, 'hedy@example.com')).toEqual(['hedy']);
    // A local account sharing no provider team finds neither (both are not discoverable).
    const local = await t.signUp('outsider');
    expect(await find(local.token, 'Turing')).toEqual([]);
    expect(await find(local.token, 'hedy@example.com')).toEqual([]);
    // Once alan is out of the team, hedy no longer finds him by name.
    await signInWithTeams('alan', []);
    expect(await find(hedy.json().token, 'Turing')).toEqual([]);
  });

  it('refuses a malformed teams claim with 1024 and changes nothing', async () => {
    for (const groups of [
      'eng',
      [{ name: '', oidcID: 'x' }],
      [{ name: 'No id' }],
      [{ name: 'T', oidcID: 'x', isPublic: 'yes' }],
    ]) {
      const res = await signInWithTeams('hedy', groups);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe(1024);
    }
    const fine = await signInWithTeams('hedy', [{ name: 'Design', oidcID: 'design' }]);
    expect((await teamsOf(fine.json().token)).map((x) => x.external_id)).toEqual(['design']);
  });
});

describe('a provider that is down when Ordo starts', () => {
  it('is left out of /info, and listed once it answers and a minute has passed', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as { port: number };
    await new Promise((resolve) => probe.close(resolve));
    const app = await createTestApp({
      ORDO_OPENID_PROVIDERS: JSON.stringify([
        {
          key: 'late',
          name: 'Late',
          authUrl: `http://127.0.0.1:${port}`,
          clientId: 'ordo',
          clientSecret: 's',
        },
      ]),
    });
    let provider: TestOidcProvider | undefined;
    try {
      const providers = async () =>
        (await app.request('GET', '/api/v1/info')).json().auth.openid_connect.providers;
      expect(await providers()).toBeNull();
      provider = await startOidcProvider({ redirectUris: [REDIRECT], port });
      // Within the minute the failure stands; after it, discovery runs again and succeeds.
      expect(await providers()).toBeNull();
      const now = Date.now();
      vi.spyOn(Date, 'now').mockReturnValue(now + 61_000);
      expect(await providers()).toMatchObject([{ key: 'late', auth_url: `http://127.0.0.1:${port}/auth` }]);
    } finally {
      vi.restoreAllMocks();
      await app.close();
      await provider?.close();
    }
  });
});
