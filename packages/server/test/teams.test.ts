import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let alice: { token: string; id: number };
let bob: { token: string; id: number };
let carol: { token: string; id: number };

beforeAll(async () => {
  t = await createTestApp({ ORDO_PUBLIC_TEAMS: 'true' });
  alice = await t.signUp('teamalice');
  bob = await t.signUp('teambob');
  carol = await t.signUp('teamcarol');
});
afterAll(async () => t.close());

async function createTeam(token: string, body: Record<string, unknown>) {
  const res = await t.request('PUT', '/api/v1/teams', { token, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function addMember(token: string, teamId: number, username: string, admin = false) {
  return t.request('PUT', `/api/v1/teams/${teamId}/members`, { token, body: { username, admin } });
}

describe('creating and reading teams', () => {
  it('makes the creator an admin member and answers the team shape', async () => {
    const team = await createTeam(alice.token, { name: 'Core', description: 'The core team' });
    expect(team).toMatchObject({
      name: 'Core',
      description: 'The core team',
      external_id: '',
      is_public: false,
      created_by: { id: alice.id, username: 'teamalice' },
      members: [{ id: alice.id, username: 'teamalice', admin: true }],
    });
    expect(team.members[0].email).toBeUndefined();
    const read = await t.request('GET', `/api/v1/teams/${team.id}`, { token: alice.token });
    expect(read.statusCode).toBe(200);
    expect(read.headers['x-max-right']).toBe('2');
  });

  it('refuses an empty name with 6001', async () => {
    const res = await t.request('PUT', '/api/v1/teams', { token: alice.token, body: { name: '  ' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(6001);
  });

  it('lets members read with right 0 and hides the team from others', async () => {
    const team = await createTeam(alice.token, { name: 'Readers' });
    expect((await addMember(alice.token, team.id, 'teambob')).statusCode).toBe(201);
    const asBob = await t.request('GET', `/api/v1/teams/${team.id}`, { token: bob.token });
    expect(asBob.statusCode).toBe(200);
    expect(asBob.headers['x-max-right']).toBe('0');
    const asCarol = await t.request('GET', `/api/v1/teams/${team.id}`, { token: carol.token });
    expect(asCarol.statusCode).toBe(403);
    expect(asCarol.json().name).toBeUndefined();
    const missing = await t.request('GET', '/api/v1/teams/999999', { token: alice.token });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe(6002);
  });

  it('lists only own teams, searches by name and pages', async () => {
    await createTeam(carol.token, { name: 'Carol Alpha' });
    await createTeam(carol.token, { name: 'Carol Beta' });
    const all = await t.request('GET', '/api/v1/teams', { token: carol.token });
    expect(all.json().map((x: { name: string }) => x.name)).toEqual(['Carol Alpha', 'Carol Beta']);
    const searched = await t.request('GET', '/api/v1/teams?s=beta', { token: carol.token });
    expect(searched.json().map((x: { name: string }) => x.name)).toEqual(['Carol Beta']);
    const paged = await t.request('GET', '/api/v1/teams?per_page=1&page=2', { token: carol.token });
    expect(paged.json().map((x: { name: string }) => x.name)).toEqual(['Carol Beta']);
    expect(paged.headers['x-pagination-total-pages']).toBe('2');
    const asBob = await t.request('GET', '/api/v1/teams?s=Carol', { token: bob.token });
    expect(asBob.json()).toEqual([]);
  });
});

describe('public teams', () => {
  it('can be found with include_public and read by anyone', async () => {
    const team = await createTeam(alice.token, { name: 'Open House', is_public: true });
    expect(team.is_public).toBe(true);
    const without = await t.request('GET', '/api/v1/teams?s=Open', { token: carol.token });
    expect(without.json()).toEqual([]);
    const found = await t.request('GET', '/api/v1/teams?s=Open&include_public=true', { token: carol.token });
    expect(found.json().map((x: { id: number }) => x.id)).toEqual([team.id]);
    const read = await t.request('GET', `/api/v1/teams/${team.id}`, { token: carol.token });
    expect(read.statusCode).toBe(200);
    expect(read.headers['x-max-right']).toBe('0');
    // Reading is not managing.
    const update = await t.request('POST', `/api/v1/teams/${team.id}`, {
      token: carol.token,
      body: { name: 'Mine' },
    });
    expect(update.statusCode).toBe(403);
  });

  it('stay private when the server does not enable them', async () => {
    const closed = await createTestApp();
    try {
      const dave = await closed.signUp('teamdave');
      const erin = await closed.signUp('teamerin');
      const res = await closed.request('PUT', '/api/v1/teams', {
        token: dave.token,
        body: { name: 'Shy', is_public: true },
      });
      expect(res.json().is_public).toBe(false);
      const found = await closed.request('GET', '/api/v1/teams?include_public=true', { token: erin.token });
      expect(found.json()).toEqual([]);
      expect(
        (await closed.request('GET', `/api/v1/teams/${res.json().id}`, { token: erin.token })).statusCode,
      ).toBe(403);
    } finally {
      await closed.close();
    }
  });
});

describe('updating and deleting', () => {
  it('is for team admins only', async () => {
    const team = await createTeam(alice.token, { name: 'Editors' });
    await addMember(alice.token, team.id, 'teambob');
    const asMember = await t.request('POST', `/api/v1/teams/${team.id}`, {
      token: bob.token,
      body: { name: 'Hijacked' },
    });
    expect(asMember.statusCode).toBe(403);
    const asStranger = await t.request('DELETE', `/api/v1/teams/${team.id}`, { token: carol.token });
    expect(asStranger.statusCode).toBe(403);
    const empty = await t.request('POST', `/api/v1/teams/${team.id}`, {
      token: alice.token,
      body: { name: '' },
    });
    expect(empty.json().code).toBe(6001);
    const ok = await t.request('POST', `/api/v1/teams/${team.id}`, {
      token: alice.token,
      body: { name: 'Editors 2', description: 'new' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ name: 'Editors 2', description: 'new' });
    expect((await t.request('DELETE', `/api/v1/teams/${team.id}`, { token: bob.token })).statusCode).toBe(
      403,
    );
    const del = await t.request('DELETE', `/api/v1/teams/${team.id}`, { token: alice.token });
    expect(del.json()).toEqual({ message: 'Successfully deleted.' });
    expect((await t.request('GET', `/api/v1/teams/${team.id}`, { token: alice.token })).json().code).toBe(
      6002,
    );
  });

  it('removes the project shares of a deleted team', async () => {
    const team = await createTeam(alice.token, { name: 'Temporary' });
    await addMember(alice.token, team.id, 'teamcarol');
    const project = (
      await t.request('PUT', '/api/v1/projects', { token: alice.token, body: { title: 'Via team' } })
    ).json();
    await t.request('PUT', `/api/v1/projects/${project.id}/teams`, {
      token: alice.token,
      body: { team_id: team.id, right: 0 },
    });
    expect(
      (await t.request('GET', `/api/v1/projects/${project.id}`, { token: carol.token })).statusCode,
    ).toBe(200);
    await t.request('DELETE', `/api/v1/teams/${team.id}`, { token: alice.token });
    expect(
      (await t.request('GET', `/api/v1/projects/${project.id}`, { token: carol.token })).statusCode,
    ).toBe(403);
  });
});

describe('members', () => {
  it('are added by username, once (6005), and must exist (1005)', async () => {
    const team = await createTeam(alice.token, { name: 'Members' });
    const added = await addMember(alice.token, team.id, 'teambob', true);
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ username: 'teambob', admin: true });
    const again = await addMember(alice.token, team.id, 'teambob');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(6005);
    const unknown = await addMember(alice.token, team.id, 'nobody-here');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe(1005);
    const empty = await t.request('PUT', `/api/v1/teams/${team.id}/members`, {
      token: alice.token,
      body: {},
    });
    expect(empty.statusCode).toBe(412);
    const team2 = (await t.request('GET', `/api/v1/teams/${team.id}`, { token: alice.token })).json();
    expect(team2.members.map((m: { username: string; admin: boolean }) => [m.username, m.admin])).toEqual([
      ['teamalice', true],
      ['teambob', true],
    ]);
  });

  it('can only be managed by team admins', async () => {
    const team = await createTeam(alice.token, { name: 'Managed' });
    await addMember(alice.token, team.id, 'teambob');
    expect((await addMember(bob.token, team.id, 'teamcarol')).statusCode).toBe(403);
    expect((await addMember(carol.token, team.id, 'teamcarol')).statusCode).toBe(403);
    const remove = await t.request('DELETE', `/api/v1/teams/${team.id}/members/teamalice`, {
      token: bob.token,
    });
    expect(remove.statusCode).toBe(403);
    const toggle = await t.request('POST', `/api/v1/teams/${team.id}/members/teambob/admin`, {
      token: bob.token,
    });
    expect(toggle.statusCode).toBe(403);
  });

  it('are promoted and demoted by the toggle', async () => {
    const team = await createTeam(alice.token, { name: 'Toggle' });
    await addMember(alice.token, team.id, 'teambob');
    const up = await t.request('POST', `/api/v1/teams/${team.id}/members/teambob/admin`, {
      token: alice.token,
      body: { admin: false },
    });
    expect(up.json()).toMatchObject({ username: 'teambob', admin: true });
    // Now bob manages the team.
    expect((await addMember(bob.token, team.id, 'teamcarol')).statusCode).toBe(201);
    const down = await t.request('POST', `/api/v1/teams/${team.id}/members/teambob/admin`, {
      token: alice.token,
    });
    expect(down.json()).toMatchObject({ username: 'teambob', admin: false });
    expect(
      (await t.request('DELETE', `/api/v1/teams/${team.id}/members/teamcarol`, { token: bob.token }))
        .statusCode,
    ).toBe(403);
  });

  it('may leave, but the last member cannot (6006)', async () => {
    const team = await createTeam(alice.token, { name: 'Leavers' });
    await addMember(alice.token, team.id, 'teambob');
    const leave = await t.request('DELETE', `/api/v1/teams/${team.id}/members/teambob`, { token: bob.token });
    expect(leave.statusCode).toBe(200);
    expect((await t.request('GET', `/api/v1/teams/${team.id}`, { token: bob.token })).statusCode).toBe(403);
    const last = await t.request('DELETE', `/api/v1/teams/${team.id}/members/teamalice`, {
      token: alice.token,
    });
    expect(last.statusCode).toBe(400);
    expect(last.json().code).toBe(6006);
  });

  it('keep an admin: the last one can neither step down nor leave while others stay (30130)', async () => {
    const team = await createTeam(alice.token, { name: 'Always managed' });
    await addMember(alice.token, team.id, 'teambob');
    const expectRefused = async (res: { statusCode: number; json(): unknown }) => {
      expect(res.statusCode).toBe(412);
      expect(res.json()).toEqual({
        code: 30130,
        message: 'A team needs an admin. Make another member an admin first.',
      });
    };
    const adminPath = (username: string) => `/api/v1/teams/${team.id}/members/${username}/admin`;
    await expectRefused(await t.request('POST', adminPath('teamalice'), { token: alice.token }));
    await expectRefused(
      await t.request('DELETE', `/api/v1/teams/${team.id}/members/teamalice`, { token: alice.token }),
    );
    // Still hers to manage.
    const read = (await t.request('GET', `/api/v1/teams/${team.id}`, { token: alice.token })).json();
    expect(read.members).toEqual(
      expect.arrayContaining([expect.objectContaining({ username: 'teamalice', admin: true })]),
    );

    // With a second admin, either may step down or leave.
    expect((await t.request('POST', adminPath('teambob'), { token: alice.token })).json()).toMatchObject({
      admin: true,
    });
    expect((await t.request('POST', adminPath('teamalice'), { token: alice.token })).json()).toMatchObject({
      admin: false,
    });
    const leave = await t.request('DELETE', `/api/v1/teams/${team.id}/members/teamalice`, {
      token: alice.token,
    });
    expect(leave.statusCode).toBe(200);
  });

  it('can be removed by an admin', async () => {
    const team = await createTeam(alice.token, { name: 'Removal' });
    await addMember(alice.token, team.id, 'teamcarol');
    const res = await t.request('DELETE', `/api/v1/teams/${team.id}/members/teamcarol`, {
      token: alice.token,
    });
    expect(res.statusCode).toBe(200);
    const after = (await t.request('GET', `/api/v1/teams/${team.id}`, { token: alice.token })).json();
    expect(after.members.map((m: { username: string }) => m.username)).toEqual(['teamalice']);
  });
});
