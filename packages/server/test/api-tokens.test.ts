/**
 * API tokens (reference §1.2 item 3, §2.14, §2.15, §5.4): made, listed and deleted by their
 * owner; a `tk_…` bearer acts as the owner on exactly the routes it grants, and every failure is
 * 401 code 11.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let ann: { token: string; id: number };
let bob: { token: string; id: number };
let annProjectId: number;

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  ann = await t.signUp('ann');
  bob = await t.signUp('bob');
  const project = await t.request('PUT', '/api/v1/projects', { token: ann.token, body: { title: 'Garden' } });
  annProjectId = project.json().id;
  await t.request('PUT', `/api/v1/projects/${annProjectId}/tasks`, {
    token: ann.token,
    body: { title: 'Water the roses' },
  });
});
afterAll(async () => t.close());

async function makeToken(
  session: string,
  permissions: Record<string, string[]>,
  extra: Record<string, unknown> = {},
): Promise<{ id: number; token: string }> {
  const res = await t.request('PUT', '/api/v1/tokens', {
    token: session,
    body: { title: 'script', permissions, expires_at: inDays(30), ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const expect401 = (res: { statusCode: number; json: () => unknown }) => {
  expect(res.statusCode).toBe(401);
  expect(res.json()).toEqual({
    code: 11,
    message: 'missing, malformed, expired or otherwise invalid token provided',
  });
};

describe('creating, listing and deleting', () => {
  it('answers 201 with the secret once; the list never shows it', async () => {
    const expires = '2030-05-01T10:00:00Z';
    const res = await t.request('PUT', '/api/v1/tokens', {
      token: ann.token,
      body: { title: 'Backup script', permissions: { tasks: ['read_all', 'update'] }, expires_at: expires },
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      title: 'Backup script',
      permissions: { tasks: ['read_all', 'update'] },
      expires_at: expires,
      owner_id: ann.id,
    });
    expect(created.token).toMatch(/^tk_[0-9a-f]{40}$/);
    expect(created.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);

    const list = await t.request('GET', '/api/v1/tokens', { token: ann.token });
    expect(list.statusCode).toBe(200);
    const listed = list.json().find((x: { id: number }) => x.id === created.id);
    expect(listed).toEqual({
      id: created.id,
      title: 'Backup script',
      permissions: { tasks: ['read_all', 'update'] },
      expires_at: expires,
      created: created.created,
      owner_id: ann.id,
    });
    expect(list.body).not.toContain(created.token);
    expect(list.body).not.toContain('hash');
    expect(list.body).not.toContain('salt');
  });

  it('lists only your own tokens, searches titles and pages', async () => {
    const mine = await t.signUp('carla');
    for (const title of ['Alpha sync', 'Beta export', 'alpha backup']) {
      await makeToken(mine.token, { tasks: ['read_all'] }, { title });
    }
    await makeToken(bob.token, { tasks: ['read_all'] }, { title: 'Alpha of bob' });
    const all = await t.request('GET', '/api/v1/tokens', { token: mine.token });
    expect(
      all
        .json()
        .map((x: { title: string }) => x.title)
        .sort(),
    ).toEqual(['Alpha sync', 'Beta export', 'alpha backup']);
    const search = await t.request('GET', '/api/v1/tokens?s=ALPHA', { token: mine.token });
    expect(
      search
        .json()
        .map((x: { title: string }) => x.title)
        .sort(),
    ).toEqual(['Alpha sync', 'alpha backup']);
    const page = await t.request('GET', '/api/v1/tokens?per_page=2&page=2', { token: mine.token });
    expect(page.json()).toHaveLength(1);
    expect(page.headers['x-pagination-total-pages']).toBe('2');
    expect(page.headers['x-pagination-result-count']).toBe('1');
  });

  it('deletes your own token; someone else’s answers 403 and keeps working', async () => {
    const annToken = await makeToken(ann.token, { tasks: ['read_all'] });
    const foreign = await t.request('DELETE', `/api/v1/tokens/${annToken.id}`, { token: bob.token });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ code: 0, message: 'Forbidden' });
    expect((await t.request('GET', '/api/v1/tasks/all', { token: annToken.token })).statusCode).toBe(200);

    const missing = await t.request('DELETE', '/api/v1/tokens/999999', { token: ann.token });
    expect(missing.statusCode).toBe(403);

    const own = await t.request('DELETE', `/api/v1/tokens/${annToken.id}`, { token: ann.token });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ message: 'Successfully deleted.' });
    const list = await t.request('GET', '/api/v1/tokens', { token: ann.token });
    expect(list.json().some((x: { id: number }) => x.id === annToken.id)).toBe(false);
  });

  it('requires a title, permissions and an expiry date', async () => {
    const res = await t.request('PUT', '/api/v1/tokens', { token: ann.token, body: {} });
    expect(res.statusCode).toBe(412);
    expect(res.json()).toEqual({
      code: 2002,
      message: 'Invalid Data',
      invalid_fields: [
        'title: non zero value required',
        'permissions: non zero value required',
        'expires_at: non zero value required',
      ],
    });
    const badDate = await t.request('PUT', '/api/v1/tokens', {
      token: ann.token,
      body: { title: 'x', permissions: { tasks: ['read_all'] }, expires_at: '2030-01-01' },
    });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().code).toBe(2004);
    const badPermissions = await t.request('PUT', '/api/v1/tokens', {
      token: ann.token,
      body: { title: 'x', permissions: ['tasks'], expires_at: inDays(1) },
    });
    expect(badPermissions.statusCode).toBe(400);
    expect(badPermissions.json().code).toBe(2004);
  });

  it('refuses an unknown group or permission with 14002', async () => {
    const group = await t.request('PUT', '/api/v1/tokens', {
      token: ann.token,
      body: { title: 'x', permissions: { spaceships: ['read_all'] }, expires_at: inDays(1) },
    });
    expect(group.statusCode).toBe(400);
    expect(group.json()).toEqual({
      code: 14002,
      message: 'The permission read_all of group spaceships is invalid.',
    });
    const permission = await t.request('PUT', '/api/v1/tokens', {
      token: ann.token,
      body: { title: 'x', permissions: { tasks: ['read_all', 'launch'] }, expires_at: inDays(1) },
    });
    expect(permission.statusCode).toBe(400);
    expect(permission.json()).toEqual({
      code: 14002,
      message: 'The permission launch of group tasks is invalid.',
    });
    // Never-grantable groups are not in the catalogue, so they are unknown too.
    for (const forbidden of [{ user: ['read_all'] }, { tokens: ['create'] }, { other: ['user'] }]) {
      const res = await t.request('PUT', '/api/v1/tokens', {
        token: ann.token,
        body: { title: 'x', permissions: forbidden, expires_at: inDays(1) },
      });
      expect(res.json().code, JSON.stringify(forbidden)).toBe(14002);
    }
    const list = await t.request('GET', '/api/v1/tokens?s=x', { token: ann.token });
    expect(list.json()).toEqual([]);
  });

  it('answers 1033 for an owner_id other than your own (Ordo has no bot users)', async () => {
    const create = await t.request('PUT', '/api/v1/tokens', {
      token: ann.token,
      body: { title: 'bot', permissions: { tasks: ['read_all'] }, expires_at: inDays(1), owner_id: bob.id },
    });
    expect(create.statusCode).toBe(403);
    expect(create.json()).toEqual({ code: 1033, message: 'You do not own this bot user.' });
    const list = await t.request('GET', `/api/v1/tokens?owner_id=${bob.id}`, { token: ann.token });
    expect(list.statusCode).toBe(403);
    expect(list.json().code).toBe(1033);
    const own = await t.request('GET', `/api/v1/tokens?owner_id=${ann.id}`, { token: ann.token });
    expect(own.statusCode).toBe(200);
  });

  it('is not for link shares', async () => {
    const share = await t.request('PUT', `/api/v1/projects/${annProjectId}/shares`, {
      token: ann.token,
      body: { right: 0 },
    });
    const auth = await t.request('POST', `/api/v1/shares/${share.json().hash}/auth`, { body: {} });
    const shareToken = auth.json().token;
    const list = await t.request('GET', '/api/v1/tokens', { token: shareToken });
    expect(list.statusCode).toBe(403);
    const create = await t.request('PUT', '/api/v1/tokens', {
      token: shareToken,
      body: { title: 'x', permissions: { tasks: ['read_all'] }, expires_at: inDays(1) },
    });
    expect(create.statusCode).toBe(403);
  });
});

describe('authenticating with a token', () => {
  it('acts as the owner on a granted route', async () => {
    const { token } = await makeToken(ann.token, { tasks: ['read_all'], projects: ['read_all'] });
    const tasks = await t.request('GET', '/api/v1/tasks/all', { token });
    expect(tasks.statusCode, tasks.body).toBe(200);
    expect(tasks.json().map((x: { title: string }) => x.title)).toContain('Water the roses');
    // Every list of tasks is tasks.read_all.
    const projectTasks = await t.request('GET', `/api/v1/projects/${annProjectId}/tasks`, { token });
    expect(projectTasks.statusCode).toBe(200);
    const projects = await t.request('GET', '/api/v1/projects', { token });
    expect(projects.json().map((x: { title: string }) => x.title)).toContain('Garden');
    const test = await t.request('GET', '/api/v1/token/test', { token });
    expect(test.statusCode).toBe(200);
    expect(test.json()).toEqual({ message: 'ok' });
  });

  it('writes as the owner', async () => {
    const { token } = await makeToken(ann.token, { tasks: ['create'] });
    const res = await t.request('PUT', `/api/v1/projects/${annProjectId}/tasks`, {
      token,
      body: { title: 'Made by a script' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().created_by.username).toBe('ann');
    // The web client's POST create is the same permission.
    const posted = await t.request('POST', `/api/v1/projects/${annProjectId}/tasks`, {
      token,
      body: { title: 'Posted by a script' },
    });
    expect(posted.statusCode, posted.body).toBe(201);
  });

  it('refuses a route the token does not grant, even another verb on the same path', async () => {
    const { token } = await makeToken(ann.token, { tasks: ['read_all'] });
    expect401(await t.request('GET', '/api/v1/projects', { token }));
    expect401(
      await t.request('PUT', `/api/v1/projects/${annProjectId}/tasks`, { token, body: { title: 'no' } }),
    );
    const taskId = (await t.request('GET', '/api/v1/tasks/all', { token })).json()[0].id;
    expect401(await t.request('GET', `/api/v1/tasks/${taskId}`, { token }));
    expect401(await t.request('POST', `/api/v1/tasks/${taskId}`, { token, body: { title: 'no' } }));
  });

  it('refuses an expired token', async () => {
    const { token } = await makeToken(
      ann.token,
      { tasks: ['read_all'] },
      { expires_at: '2020-01-01T00:00:00Z' },
    );
    expect401(await t.request('GET', '/api/v1/tasks/all', { token }));
    expect401(await t.request('GET', '/api/v1/token/test', { token }));
  });

  it('stops working once deleted, even right after a successful request', async () => {
    const created = await makeToken(ann.token, { tasks: ['read_all'] });
    expect((await t.request('GET', '/api/v1/tasks/all', { token: created.token })).statusCode).toBe(200);
    await t.request('DELETE', `/api/v1/tokens/${created.id}`, { token: ann.token });
    expect401(await t.request('GET', '/api/v1/tasks/all', { token: created.token }));
  });

  it('refuses a wrong secret that ends in the right eight characters, and malformed tokens', async () => {
    const { token } = await makeToken(ann.token, { tasks: ['read_all'] });
    const forged = `tk_${'0'.repeat(32)}${token.slice(-8)}`;
    expect(forged).not.toBe(token);
    expect401(await t.request('GET', '/api/v1/tasks/all', { token: forged }));
    expect401(await t.request('GET', '/api/v1/tasks/all', { token: 'tk_1234' }));
    expect401(await t.request('GET', '/api/v1/tasks/all', { token: `tk_${'f'.repeat(40)}` }));
  });

  it('refuses a token whose owner is disabled', async () => {
    const dora = await t.signUp('dora');
    const { token } = await makeToken(dora.token, { tasks: ['read_all'] });
    expect((await t.request('GET', '/api/v1/tasks/all', { token })).statusCode).toBe(200);
    await t.app.ordo.db.kysely.updateTable('users').set({ status: 2 }).where('id', '=', dora.id).execute();
    expect401(await t.request('GET', '/api/v1/tasks/all', { token }));
  });

  it('never reaches the account, token or subscription routes, even granted everything', async () => {
    const catalogue = (await t.request('GET', '/api/v1/routes', { token: ann.token })).json();
    const everything = Object.fromEntries(
      Object.entries(catalogue as Record<string, Record<string, unknown>>).map(([g, p]) => [
        g,
        Object.keys(p),
      ]),
    );
    const { token, id } = await makeToken(ann.token, everything);
    expect((await t.request('GET', '/api/v1/projects', { token })).statusCode).toBe(200);
    expect401(await t.request('GET', '/api/v1/user', { token }));
    expect401(await t.request('POST', '/api/v1/user/settings/general', { token, body: { name: 'pwned' } }));
    expect401(await t.request('GET', '/api/v1/tokens', { token }));
    expect401(
      await t.request('PUT', '/api/v1/tokens', {
        token,
        body: { title: 'more', permissions: { tasks: ['read_all'] }, expires_at: inDays(1) },
      }),
    );
    expect401(await t.request('DELETE', `/api/v1/tokens/${id}`, { token }));
    expect401(await t.request('POST', '/api/v1/user/logout', { token }));
    expect401(await t.request('PUT', `/api/v1/subscriptions/project/${annProjectId}`, { token }));
  });
});

describe('GET /routes', () => {
  it('lists groups and permissions of the registered routes, with the fixed entries and without /user', async () => {
    const res = await t.request('GET', '/api/v1/routes', { token: ann.token });
    expect(res.statusCode).toBe(200);
    const catalogue = res.json();
    expect(catalogue.tasks).toMatchObject({
      read_all: { method: 'GET' },
      read_one: { method: 'GET', path: '/api/v1/tasks/:id' },
      update: { method: 'POST', path: '/api/v1/tasks/:id' },
      delete: { method: 'DELETE', path: '/api/v1/tasks/:id' },
      create: { method: 'PUT', path: '/api/v1/projects/:id/tasks' },
      update_bulk: { method: 'POST', path: '/api/v1/tasks/bulk' },
    });
    expect(catalogue.projects).toMatchObject({
      read_all: { method: 'GET', path: '/api/v1/projects' },
      create: { method: 'PUT', path: '/api/v1/projects' },
      read_one: { method: 'GET', path: '/api/v1/projects/:id' },
    });
    expect(catalogue.labels.read_all).toEqual({ method: 'GET', path: '/api/v1/labels' });
    expect(catalogue.projects_views_buckets.create).toEqual({
      method: 'PUT',
      path: '/api/v1/projects/:id/views/:view/buckets',
    });
    expect(catalogue.tasks_comments.read_one).toEqual({
      method: 'GET',
      path: '/api/v1/tasks/:id/comments/:comment',
    });
    expect(catalogue.caldav).toEqual({ access: { path: '/dav/*', method: 'ANY' } });
    expect(catalogue.feeds).toEqual({ access: { path: '/feeds/*', method: 'ANY' } });
    const groups = Object.keys(catalogue);
    for (const never of ['user', 'tokens', 'subscriptions', 'token_test', 'tokenTest', 'oauth_authorize']) {
      expect(groups).not.toContain(never);
    }
    expect(groups.filter((g) => g.startsWith('user'))).toEqual([]);
    const paths = Object.values(catalogue as Record<string, Record<string, { path: string }>>).flatMap((g) =>
      Object.values(g).map((d) => d.path),
    );
    expect(paths.filter((p) => p.startsWith('/api/v1/user/') || p === '/api/v1/user')).toEqual([]);
    expect(paths.filter((p) => p.startsWith('/api/v1/tokens'))).toEqual([]);
    // Public routes need no token and so are no permission.
    expect(paths).not.toContain('/api/v1/login');
    expect(paths).not.toContain('/api/v1/info');
  });

  it('needs a token', async () => {
    expect401(await t.request('GET', '/api/v1/routes'));
  });
});

describe('after a password change', () => {
  it('keeps API tokens working, as Vikunja does, until their owner deletes them', async () => {
    const carol = await t.signUp('carol');
    const key = await makeToken(carol.token, { projects: ['read_all'] });
    const changed = await t.request('POST', '/api/v1/user/password', {
      token: carol.token,
      body: { old_password: 'tidy-otter-42', new_password: 'harbour-finch-73' },
    });
    expect(changed.statusCode).toBe(200);
    // The session ended with the change; the API token did not.
    expect401(await t.request('GET', '/api/v1/projects', { token: carol.token }));
    expect((await t.request('GET', '/api/v1/projects', { token: key.token })).statusCode).toBe(200);

    const session = (
      await t.request('POST', '/api/v1/login', { body: { username: 'carol', password: 'harbour-finch-73' } })
    ).json().token;
    const deleted = await t.request('DELETE', `/api/v1/tokens/${key.id}`, { token: session });
    expect(deleted.statusCode).toBe(200);
    expect401(await t.request('GET', '/api/v1/projects', { token: key.token }));
  });
});
