import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let owner: { token: string; id: number };
let writer: { token: string; id: number };
let reader: { token: string; id: number };
let projectId: number;
let childId: number;
let otherId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp('lsowner');
  writer = await t.signUp('lswriter');
  reader = await t.signUp('lsreader');
  projectId = (
    await t.request('PUT', '/api/v1/projects', { token: owner.token, body: { title: 'Shared by link' } })
  ).json().id;
  childId = (
    await t.request('PUT', '/api/v1/projects', {
      token: owner.token,
      body: { title: 'Child', parent_project_id: projectId },
    })
  ).json().id;
  otherId = (
    await t.request('PUT', '/api/v1/projects', { token: owner.token, body: { title: 'Not shared' } })
  ).json().id;
  await t.request('PUT', `/api/v1/projects/${projectId}/users`, {
    token: owner.token,
    body: { username: 'lswriter', right: 1 },
  });
  await t.request('PUT', `/api/v1/projects/${projectId}/users`, {
    token: owner.token,
    body: { username: 'lsreader', right: 0 },
  });
});
afterAll(async () => t.close());

async function createShare(token: string, body: Record<string, unknown>, project = projectId) {
  return t.request('PUT', `/api/v1/projects/${project}/shares`, { token, body });
}

async function shareToken(hash: string, password?: string): Promise<string> {
  const res = await t.request('POST', `/api/v1/shares/${hash}/auth`, {
    body: password === undefined ? {} : { password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token;
}

describe('creating link shares', () => {
  it('answers the share with a 40-character hash and never the password', async () => {
    const res = await createShare(owner.token, { name: 'Public board', right: 1, password: 'secret-pass' });
    expect(res.statusCode, res.body).toBe(201);
    const share = res.json();
    expect(share).toMatchObject({
      name: 'Public board',
      right: 1,
      sharing_type: 2,
      password: '',
      shared_by: { id: owner.id },
    });
    expect(share.hash).toMatch(/^[A-Za-z0-9]{40}$/);
    expect(res.body).not.toContain('secret-pass');
    const open = (await createShare(owner.token, { right: 0 })).json();
    expect(open).toMatchObject({ name: '', sharing_type: 1 });
    expect(open.hash).not.toBe(share.hash);
  });

  it('needs write, and admin for an admin share; 9001 for a bad right', async () => {
    expect((await createShare(reader.token, { right: 0 })).statusCode).toBe(403);
    expect((await createShare(writer.token, { right: 1 })).statusCode).toBe(201);
    const admin = await createShare(writer.token, { right: 2 });
    expect(admin.statusCode).toBe(403);
    const bad = await createShare(owner.token, { right: 3 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe(9001);
    const stranger = await t.signUp('lsstranger');
    expect((await createShare(stranger.token, { right: 0 })).statusCode).toBe(403);
    expect((await createShare(owner.token, { right: 0 }, 999999)).json().code).toBe(3001);
  });
});

describe('listing and reading link shares', () => {
  it('shows hashes to admins only and never lists shares of other projects', async () => {
    const mine = (await createShare(owner.token, { name: 'findme', right: 0 })).json();
    const elsewhere = (
      await createShare(owner.token, { name: 'findme elsewhere', right: 2 }, otherId)
    ).json();
    const list = await t.request('GET', `/api/v1/projects/${projectId}/shares?s=findme`, {
      token: owner.token,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((s: { id: number; hash: string }) => [s.id, s.hash])).toEqual([
      [mine.id, mine.hash],
    ]);
    expect(list.body).not.toContain(elsewhere.hash);
    expect(list.json().every((s: { password: string }) => s.password === '')).toBe(true);

    const asWriter = await t.request('GET', `/api/v1/projects/${projectId}/shares`, { token: writer.token });
    expect(asWriter.statusCode).toBe(403);
    expect(asWriter.body).not.toContain(mine.hash);

    const one = await t.request('GET', `/api/v1/projects/${projectId}/shares/${mine.id}`, {
      token: reader.token,
    });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: mine.id, name: 'findme', hash: '' });
    expect(one.body).not.toContain(mine.hash);
    const asAdmin = await t.request('GET', `/api/v1/projects/${projectId}/shares/${mine.id}`, {
      token: owner.token,
    });
    expect(asAdmin.json().hash).toBe(mine.hash);
    const wrongProject = await t.request('GET', `/api/v1/projects/${projectId}/shares/${elsewhere.id}`, {
      token: owner.token,
    });
    expect(wrongProject.statusCode).toBe(404);
    expect(wrongProject.json().code).toBe(3006);
  });
});

describe('POST /shares/:hash/auth', () => {
  it('logs in without a password and ignores an unneeded one', async () => {
    const share = (await createShare(owner.token, { right: 0 })).json();
    const res = await t.request('POST', `/api/v1/shares/${share.hash}/auth`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: share.id, project_id: projectId, right: 0, password: '' });
    expect(typeof res.json().token).toBe('string');
    expect(
      (await t.request('POST', `/api/v1/shares/${share.hash}/auth`, { body: { password: 'whatever' } }))
        .statusCode,
    ).toBe(200);
  });

  it('demands the password (13001), refuses a wrong one (13002) and unknown hashes (404, 3006)', async () => {
    const share = (await createShare(owner.token, { right: 0, password: 'open sesame' })).json();
    const none = await t.request('POST', `/api/v1/shares/${share.hash}/auth`, { body: {} });
    expect(none.statusCode).toBe(412);
    expect(none.json().code).toBe(13001);
    const wrong = await t.request('POST', `/api/v1/shares/${share.hash}/auth`, {
      body: { password: 'open sesam' },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe(13002);
    expect(wrong.json().token).toBeUndefined();
    await shareToken(share.hash, 'open sesame');
    const unknown = await t.request('POST', `/api/v1/shares/${'x'.repeat(40)}/auth`, { body: {} });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe(3006);
  });
});

describe('a link-share token', () => {
  it('reads only its own project, not its children or other projects', async () => {
    const token = await shareToken((await createShare(owner.token, { right: 0 })).json().hash);
    const list = await t.request('GET', '/api/v1/projects', { token });
    expect(list.json().map((p: { id: number }) => p.id)).toEqual([projectId]);
    const child = await t.request('GET', `/api/v1/projects/${childId}`, { token: owner.token });
    expect(child.json().parent_project_id).toBe(projectId);
    const read = await t.request('GET', `/api/v1/projects/${projectId}`, { token });
    expect(read.statusCode).toBe(200);
    expect(read.headers['x-max-right']).toBe('0');
    // Its parent is out of reach, so the project shows as a root.
    const nested = (await createShare(owner.token, { right: 0 }, childId)).json();
    const nestedToken = await shareToken(nested.hash);
    const asRoot = await t.request('GET', `/api/v1/projects/${childId}`, { token: nestedToken });
    expect(asRoot.json()).toMatchObject({ id: childId, parent_project_id: 0 });
    expect(
      (await t.request('GET', '/api/v1/projects', { token: nestedToken })).json()[0].parent_project_id,
    ).toBe(0);
    for (const id of [childId, otherId]) {
      const denied = await t.request('GET', `/api/v1/projects/${id}`, { token });
      expect(denied.statusCode).toBe(403);
      expect(denied.json().title).toBeUndefined();
    }
    expect((await t.request('GET', '/api/v1/projects/999999', { token })).json().code).toBe(3001);
    expect((await t.request('GET', `/api/v1/projects/${projectId}/views`, { token })).statusCode).toBe(200);
    expect((await t.request('GET', `/api/v1/projects/${childId}/views`, { token })).statusCode).toBe(403);
  });

  it('writes by right: read cannot update, write cannot delete, admin can', async () => {
    const project = (
      await t.request('PUT', '/api/v1/projects', { token: owner.token, body: { title: 'Rights by link' } })
    ).json();
    const tokens = await Promise.all(
      [0, 1, 2].map(async (right) =>
        shareToken((await createShare(owner.token, { right }, project.id)).json().hash),
      ),
    );
    const update = (token: string, title: string) =>
      t.request('POST', `/api/v1/projects/${project.id}`, { token, body: { title, is_favorite: true } });
    expect((await update(tokens[0], 'by read')).statusCode).toBe(403);
    const byWrite = await update(tokens[1], 'by write');
    expect(byWrite.statusCode, byWrite.body).toBe(200);
    expect(byWrite.json().title).toBe('by write');
    expect(
      (await t.request('DELETE', `/api/v1/projects/${project.id}`, { token: tokens[1] })).statusCode,
    ).toBe(403);
    expect(
      (await t.request('DELETE', `/api/v1/projects/${project.id}`, { token: tokens[2] })).statusCode,
    ).toBe(200);
  });

  it('is refused by user-only endpoints with 1023', async () => {
    const token = await shareToken((await createShare(owner.token, { right: 2 })).json().hash);
    const calls: [string, string, unknown?][] = [
      ['PUT', '/api/v1/projects', { title: 'From a link' }],
      ['POST', `/api/v1/projects/${projectId}/duplicate`, {}],
      ['GET', '/api/v1/user/settings/general'],
      ['POST', '/api/v1/user/settings/general', {}],
      ['POST', '/api/v1/user/password', { old_password: 'a', new_password: 'b' }],
      ['GET', '/api/v1/user/timezones'],
      ['POST', '/api/v1/user/logout'],
      ['GET', '/api/v1/users?s=lsowner'],
      ['PUT', '/api/v1/teams', { name: 'Link team' }],
      ['PUT', `/api/v1/projects/${projectId}/users`, { username: 'lsstranger', right: 2 }],
      ['PUT', `/api/v1/projects/${projectId}/teams`, { team_id: 1, right: 2 }],
      ['GET', `/api/v1/projects/${projectId}/shares`],
      ['PUT', `/api/v1/projects/${projectId}/shares`, { right: 2 }],
    ];
    for (const [method, url, body] of calls) {
      const res = await t.request(method as 'GET', url, { token, body });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code, `${method} ${url}`).toBe(1023);
    }
  });

  it('is refused the list of teams with the generic code 1 (reference §5.16)', async () => {
    const token = await shareToken((await createShare(owner.token, { right: 2 })).json().hash);
    const res = await t.request('GET', '/api/v1/teams', { token });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(1);
  });

  it('may read the user and team shares of its project', async () => {
    const token = await shareToken((await createShare(owner.token, { right: 0 })).json().hash);
    const users = await t.request('GET', `/api/v1/projects/${projectId}/users`, { token });
    expect(users.json().map((u: { username: string }) => u.username)).toEqual(['lswriter', 'lsreader']);
    expect((await t.request('GET', `/api/v1/projects/${projectId}/teams`, { token })).json()).toEqual([]);
    expect((await t.request('GET', `/api/v1/projects/${otherId}/users`, { token })).statusCode).toBe(403);
  });

  it('shows the pseudo-user on GET /user and renews with POST /user/token', async () => {
    const share = (await createShare(owner.token, { name: 'Guests', right: 0 })).json();
    const token = await shareToken(share.hash);
    const me = await t.request('GET', '/api/v1/user', { token });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      id: -share.id,
      username: `link-share-${share.id}`,
      name: 'Guests (Link Share)',
    });
    const renewed = await t.request('POST', '/api/v1/user/token', { token });
    expect(renewed.statusCode).toBe(200);
    const again = await t.request('GET', `/api/v1/projects/${projectId}`, { token: renewed.json().token });
    expect(again.statusCode).toBe(200);
  });

  it('stops working as soon as its share is deleted', async () => {
    const share = (await createShare(owner.token, { right: 1 })).json();
    const token = await shareToken(share.hash);
    const renewed = (await t.request('POST', '/api/v1/user/token', { token })).json().token;
    expect((await t.request('GET', `/api/v1/projects/${projectId}`, { token })).statusCode).toBe(200);
    const del = await t.request('DELETE', `/api/v1/projects/${projectId}/shares/${share.id}`, {
      token: owner.token,
    });
    expect(del.statusCode).toBe(200);
    for (const tk of [token, renewed]) {
      const res = await t.request('GET', `/api/v1/projects/${projectId}`, { token: tk });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe(11);
    }
    expect((await t.request('POST', `/api/v1/shares/${share.hash}/auth`, { body: {} })).json().code).toBe(
      3006,
    );
  });
});

describe('deleting link shares', () => {
  it('needs write, and admin for an admin share', async () => {
    const readShare = (await createShare(owner.token, { right: 0 })).json();
    const adminShare = (await createShare(owner.token, { right: 2 })).json();
    expect(
      (
        await t.request('DELETE', `/api/v1/projects/${projectId}/shares/${readShare.id}`, {
          token: reader.token,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.request('DELETE', `/api/v1/projects/${projectId}/shares/${adminShare.id}`, {
          token: writer.token,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.request('DELETE', `/api/v1/projects/${projectId}/shares/${readShare.id}`, {
          token: writer.token,
        })
      ).statusCode,
    ).toBe(200);
    const gone = await t.request('DELETE', `/api/v1/projects/${projectId}/shares/${readShare.id}`, {
      token: owner.token,
    });
    expect(gone.json().code).toBe(3006);
  });
});

describe('with link sharing switched off', () => {
  it('answers 404 on the link-share routes and refuses existing link-share tokens', async () => {
    const on = await createTestApp();
    const shared: { hash: string; token: string; project: number } = { hash: '', token: '', project: 0 };
    try {
      const user = await on.signUp('lsoff');
      shared.project = (
        await on.request('PUT', '/api/v1/projects', { token: user.token, body: { title: 'Off' } })
      ).json().id;
      shared.hash = (
        await on.request('PUT', `/api/v1/projects/${shared.project}/shares`, { token: user.token, body: {} })
      ).json().hash;
      shared.token = (
        await on.request('POST', `/api/v1/shares/${shared.hash}/auth`, { body: {} })
      ).json().token;
      expect(
        (await on.request('GET', `/api/v1/projects/${shared.project}`, { token: shared.token })).statusCode,
      ).toBe(200);
    } finally {
      await on.app.close();
    }
    // Same database and secret, link sharing now off.
    const off = await createTestApp({
      ORDO_LINK_SHARING: 'false',
      DATABASE_URL:
        on.config.database.kind === 'sqlite' ? `sqlite:${on.config.database.file}` : on.config.database.url,
    });
    try {
      const user = await off.signUp('lsoff2');
      for (const [method, url] of [
        ['GET', `/api/v1/projects/${shared.project}/shares`],
        ['PUT', `/api/v1/projects/${shared.project}/shares`],
        ['POST', `/api/v1/shares/${shared.hash}/auth`],
      ] as const) {
        const res = await off.request(method, url, { token: user.token, body: {} });
        expect(res.statusCode, url).toBe(404);
      }
      const res = await off.request('GET', `/api/v1/projects/${shared.project}`, { token: shared.token });
      expect(res.statusCode).toBe(401);
    } finally {
      await off.close();
      await on.close().catch(() => {});
    }
  });
});
