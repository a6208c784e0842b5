import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let owner: { token: string; id: number };
let bob: { token: string; id: number };
let carol: { token: string; id: number };
let dave: { token: string; id: number };

beforeAll(async () => {
  t = await createTestApp({ ORDO_PUBLIC_TEAMS: 'true' });
  owner = await t.signUp('shareowner');
  bob = await t.signUp('sharebob');
  carol = await t.signUp('sharecarol');
  dave = await t.signUp('sharedave');
});
afterAll(async () => t.close());

async function project(token: string, title: string, parent = 0) {
  const res = await t.request('PUT', '/api/v1/projects', {
    token,
    body: { title, parent_project_id: parent },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
}

async function shareUser(token: string, projectId: number, username: string, right: unknown) {
  return t.request('PUT', `/api/v1/projects/${projectId}/users`, { token, body: { username, right } });
}

async function team(token: string, name: string, members: string[], body: Record<string, unknown> = {}) {
  const created = (await t.request('PUT', '/api/v1/teams', { token, body: { name, ...body } })).json();
  for (const username of members) {
    await t.request('PUT', `/api/v1/teams/${created.id}/members`, { token, body: { username } });
  }
  return created as { id: number };
}

function rightOf(res: { headers: Record<string, unknown> }) {
  return res.headers['x-max-right'];
}

describe('sharing with users', () => {
  it('takes a username of any allowed length in the path: its right changed, its share and team membership ended', async () => {
    const name = `long${'n'.repeat(200)}ü${'g'.repeat(45)}`; // 250 characters, one of them two bytes
    const long = await t.signUp(name, { email: 'longname@example.com' });
    const shared = await project(owner.token, 'For a long name');
    expect((await shareUser(owner.token, shared.id, name, 0)).statusCode).toBe(201);
    const path = `/api/v1/projects/${shared.id}/users/${encodeURIComponent(name)}`;
    const raised = await t.request('POST', path, { token: owner.token, body: { right: 1 } });
    expect(raised.statusCode, raised.body).toBe(200);
    expect(raised.json().right).toBe(1);
    expect((await t.request('DELETE', path, { token: owner.token })).statusCode).toBe(200);
    expect((await t.request('GET', `/api/v1/projects/${shared.id}`, { token: long.token })).statusCode).toBe(
      403,
    );

    const crew = await team(owner.token, 'Long names welcome', [name]);
    const member = `/api/v1/teams/${crew.id}/members/${encodeURIComponent(name)}`;
    const admin = await t.request('POST', `${member}/admin`, { token: owner.token });
    expect(admin.statusCode, admin.body).toBe(200);
    expect(admin.json().admin).toBe(true);
    // They leave the team themselves.
    expect((await t.request('DELETE', member, { token: long.token })).statusCode).toBe(200);
    const members = (await t.request('GET', `/api/v1/teams/${crew.id}`, { token: owner.token })).json()
      .members;
    expect(members.map((m: { username: string }) => m.username)).toEqual(['shareowner']);
  });

  it('gives the shared right, changes it and removes it', async () => {
    const p = await project(owner.token, 'User shared');
    expect((await t.request('GET', `/api/v1/projects/${p.id}`, { token: bob.token })).statusCode).toBe(403);
    const share = await shareUser(owner.token, p.id, 'sharebob', 0);
    expect(share.statusCode, share.body).toBe(201);
    expect(share.json()).toMatchObject({ username: 'sharebob', right: 0 });

    const read = await t.request('GET', `/api/v1/projects/${p.id}`, { token: bob.token });
    expect(read.statusCode).toBe(200);
    expect(rightOf(read)).toBe('0');
    const edit = await t.request('POST', `/api/v1/projects/${p.id}`, {
      token: bob.token,
      body: { title: 'x' },
    });
    expect(edit.statusCode).toBe(403);

    const change = await t.request('POST', `/api/v1/projects/${p.id}/users/sharebob`, {
      token: owner.token,
      body: { right: 1 },
    });
    expect(change.statusCode).toBe(200);
    expect(change.json()).toMatchObject({ username: 'sharebob', right: 1 });
    expect(rightOf(await t.request('GET', `/api/v1/projects/${p.id}`, { token: bob.token }))).toBe('1');

    const list = await t.request('GET', `/api/v1/projects/${p.id}/users`, { token: bob.token });
    expect(list.json()).toEqual([expect.objectContaining({ id: bob.id, username: 'sharebob', right: 1 })]);
    expect(list.json()[0].email).toBeUndefined();

    const del = await t.request('DELETE', `/api/v1/projects/${p.id}/users/sharebob`, { token: owner.token });
    expect(del.json()).toEqual({ message: 'Successfully deleted.' });
    expect((await t.request('GET', `/api/v1/projects/${p.id}`, { token: bob.token })).statusCode).toBe(403);
    const again = await t.request('DELETE', `/api/v1/projects/${p.id}/users/sharebob`, {
      token: owner.token,
    });
    expect(again.statusCode).toBe(403);
    expect(again.json().code).toBe(7003);
  });

  it('refuses duplicates and the owner (7002), bad rights (9001) and unknown users (1005)', async () => {
    const p = await project(owner.token, 'Share errors');
    await shareUser(owner.token, p.id, 'sharebob', 1);
    const dup = await shareUser(owner.token, p.id, 'sharebob', 0);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe(7002);
    const self = await shareUser(owner.token, p.id, 'shareowner', 0);
    expect(self.json().code).toBe(7002);
    for (const bad of [3, -1, 'admin', 1.5]) {
      const res = await shareUser(owner.token, p.id, 'sharecarol', bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(9001);
    }
    const badChange = await t.request('POST', `/api/v1/projects/${p.id}/users/sharebob`, {
      token: owner.token,
      body: { right: 7 },
    });
    expect(badChange.json().code).toBe(9001);
    const unknown = await shareUser(owner.token, p.id, 'ghost-user', 0);
    expect(unknown.json().code).toBe(1005);
    const missing = await shareUser(owner.token, 999999, 'sharecarol', 0);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe(3001);
  });

  it('answers 7002, never 500, when the same share arrives twice at once', async () => {
    const p = await project(owner.token, 'Racing shares');
    const results = await Promise.all(
      Array.from({ length: 5 }, () => shareUser(owner.token, p.id, 'sharedave', 1)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(results.filter((r) => r.statusCode === 409).every((r) => r.json().code === 7002)).toBe(true);
  });

  it('is managed by admins only', async () => {
    const p = await project(owner.token, 'Admins manage');
    await shareUser(owner.token, p.id, 'sharebob', 1);
    await shareUser(owner.token, p.id, 'sharecarol', 2);
    expect((await shareUser(bob.token, p.id, 'sharedave', 0)).statusCode).toBe(403);
    expect(
      (await t.request('DELETE', `/api/v1/projects/${p.id}/users/sharecarol`, { token: bob.token }))
        .statusCode,
    ).toBe(403);
    // A shared admin manages shares like the owner.
    expect((await shareUser(carol.token, p.id, 'sharedave', 0)).statusCode).toBe(201);
    const list = await t.request('GET', `/api/v1/projects/${p.id}/users`, { token: dave.token });
    expect(list.json().map((u: { username: string }) => u.username)).toEqual([
      'sharebob',
      'sharecarol',
      'sharedave',
    ]);
    const searched = await t.request('GET', `/api/v1/projects/${p.id}/users?s=CAROL`, { token: dave.token });
    expect(searched.json().map((u: { username: string }) => u.username)).toEqual(['sharecarol']);
    const stranger = await t.signUp('sharestranger');
    const denied = await t.request('GET', `/api/v1/projects/${p.id}/users`, { token: stranger.token });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe(3004);
  });

  it('on a parent reaches the children; the nearest share decides', async () => {
    const parent = await project(owner.token, 'Parent');
    const child = await project(owner.token, 'Child', parent.id);
    const grandchild = await project(owner.token, 'Grandchild', child.id);
    await shareUser(owner.token, parent.id, 'sharedave', 2);
    expect(rightOf(await t.request('GET', `/api/v1/projects/${grandchild.id}`, { token: dave.token }))).toBe(
      '2',
    );
    await shareUser(owner.token, child.id, 'sharedave', 0);
    expect(rightOf(await t.request('GET', `/api/v1/projects/${grandchild.id}`, { token: dave.token }))).toBe(
      '0',
    );
    expect(rightOf(await t.request('GET', `/api/v1/projects/${parent.id}`, { token: dave.token }))).toBe('2');
    const listed = await t.request('GET', '/api/v1/projects?expand=rights', { token: dave.token });
    const mine = listed
      .json()
      .filter((x: { id: number }) => [parent.id, child.id, grandchild.id].includes(x.id));
    expect(mine.map((x: { id: number; max_right: number }) => [x.id, x.max_right])).toEqual([
      [parent.id, 2],
      [child.id, 0],
      [grandchild.id, 0],
    ]);
  });
});

describe('sharing with teams', () => {
  it('gives every member the right; the higher of user and team share on one level wins', async () => {
    const p = await project(owner.token, 'Team shared');
    const tm = await team(owner.token, 'Sharers', ['sharebob', 'sharecarol']);
    const res = await t.request('PUT', `/api/v1/projects/${p.id}/teams`, {
      token: owner.token,
      body: { team_id: tm.id, right: 1 },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ team_id: tm.id, right: 1 });
    expect(rightOf(await t.request('GET', `/api/v1/projects/${p.id}`, { token: carol.token }))).toBe('1');
    await shareUser(owner.token, p.id, 'sharecarol', 0);
    expect(rightOf(await t.request('GET', `/api/v1/projects/${p.id}`, { token: carol.token }))).toBe('1');
    await t.request('POST', `/api/v1/projects/${p.id}/users/sharecarol`, {
      token: owner.token,
      body: { right: 2 },
    });
    expect(rightOf(await t.request('GET', `/api/v1/projects/${p.id}`, { token: carol.token }))).toBe('2');

    const list = await t.request('GET', `/api/v1/projects/${p.id}/teams`, { token: bob.token });
    expect(list.json()).toEqual([expect.objectContaining({ id: tm.id, name: 'Sharers', right: 1 })]);
    expect(list.json()[0].members).toHaveLength(3);

    const change = await t.request('POST', `/api/v1/projects/${p.id}/teams/${tm.id}`, {
      token: owner.token,
      body: { right: 2 },
    });
    expect(change.json()).toMatchObject({ team_id: tm.id, right: 2 });
    expect(rightOf(await t.request('GET', `/api/v1/projects/${p.id}`, { token: bob.token }))).toBe('2');

    // Leaving the team takes the access away.
    await t.request('DELETE', `/api/v1/teams/${tm.id}/members/sharebob`, { token: bob.token });
    expect((await t.request('GET', `/api/v1/projects/${p.id}`, { token: bob.token })).statusCode).toBe(403);

    const del = await t.request('DELETE', `/api/v1/projects/${p.id}/teams/${tm.id}`, { token: owner.token });
    expect(del.statusCode).toBe(200);
    const again = await t.request('DELETE', `/api/v1/projects/${p.id}/teams/${tm.id}`, {
      token: owner.token,
    });
    expect(again.statusCode).toBe(403);
    expect(again.json().code).toBe(6007);
  });

  it('refuses duplicates (6004), unknown teams (6002), bad rights (9001) and private teams of others', async () => {
    const p = await project(owner.token, 'Team errors');
    const tm = await team(owner.token, 'Once', []);
    await t.request('PUT', `/api/v1/projects/${p.id}/teams`, {
      token: owner.token,
      body: { team_id: tm.id, right: 0 },
    });
    const dup = await t.request('PUT', `/api/v1/projects/${p.id}/teams`, {
      token: owner.token,
      body: { team_id: tm.id, right: 0 },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe(6004);
    const unknown = await t.request('PUT', `/api/v1/projects/${p.id}/teams`, {
      token: owner.token,
      body: { team_id: 999999 },
    });
    expect(unknown.json().code).toBe(6002);
    const bad = await t.request('PUT', `/api/v1/projects/${p.id}/teams`, {
      token: owner.token,
      body: { team_id: tm.id, right: 5 },
    });
    expect(bad.json().code).toBe(9001);
    const foreign = await team(dave.token, 'Private of dave', []);
    const res = await t.request('PUT', `/api/v1/projects/${p.id}/teams`, {
      token: owner.token,
      body: { team_id: foreign.id },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(6002);
    const open = await team(dave.token, 'Public of dave', [], { is_public: true });
    const ok = await t.request('PUT', `/api/v1/projects/${p.id}/teams`, {
      token: owner.token,
      body: { team_id: open.id, right: 0 },
    });
    expect(ok.statusCode).toBe(201);
    expect((await t.request('GET', `/api/v1/projects/${p.id}`, { token: dave.token })).statusCode).toBe(200);
  });

  it('is managed by admins only', async () => {
    const p = await project(owner.token, 'Team admins');
    const tm = await team(bob.token, 'Bobs', []);
    await shareUser(owner.token, p.id, 'sharebob', 1);
    const res = await t.request('PUT', `/api/v1/projects/${p.id}/teams`, {
      token: bob.token,
      body: { team_id: tm.id },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /projects/:id/projectusers', () => {
  it('lists everyone who can reach the project, searchable, for readers only', async () => {
    const parent = await project(owner.token, 'PU parent');
    const p = await project(owner.token, 'PU child', parent.id);
    await shareUser(owner.token, parent.id, 'sharebob', 0);
    const tm = await team(owner.token, 'PU team', ['sharecarol']);
    await t.request('PUT', `/api/v1/projects/${p.id}/teams`, {
      token: owner.token,
      body: { team_id: tm.id, right: 0 },
    });
    const all = await t.request('GET', `/api/v1/projects/${p.id}/projectusers`, { token: bob.token });
    expect(all.statusCode).toBe(200);
    expect(
      all
        .json()
        .map((u: { username: string }) => u.username)
        .sort(),
    ).toEqual(['sharebob', 'sharecarol', 'shareowner']);
    expect(all.json()[0].email).toBeUndefined();
    const search = await t.request('GET', `/api/v1/projects/${p.id}/projectusers?s=caro`, {
      token: bob.token,
    });
    expect(search.json().map((u: { username: string }) => u.username)).toEqual(['sharecarol']);
    const denied = await t.request('GET', `/api/v1/projects/${p.id}/projectusers`, { token: dave.token });
    expect(denied.statusCode).toBe(403);
  });
});
