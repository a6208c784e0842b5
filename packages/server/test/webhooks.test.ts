/** Webhook management (reference §2.3, §2.13, §3.12, §5.18): rights, masking, validation, events. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SharedProject, sharedProject } from './support/shared-project.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let p: SharedProject;

beforeAll(async () => {
  t = await createTestApp();
  p = await sharedProject(t, 'wh');
});
afterAll(async () => t.close());

const hooksOf = (projectId: number) => `/api/v1/projects/${projectId}/webhooks`;
const body = (extra: Record<string, unknown> = {}) => ({
  target_url: 'https://example.com/hook',
  events: ['task.created'],
  ...extra,
});
const create = (token: string, extra: Record<string, unknown> = {}, projectId = p.projectId) =>
  t.request('PUT', hooksOf(projectId), { token, body: body(extra) });

async function linkShareToken(right: number): Promise<string> {
  const share = await t.request('PUT', `/api/v1/projects/${p.projectId}/shares`, {
    token: p.owner.token,
    body: { right },
  });
  expect(share.statusCode, share.body).toBe(201);
  const auth = await t.request('POST', `/api/v1/shares/${share.json().hash}/auth`, { body: {} });
  expect(auth.statusCode, auth.body).toBe(200);
  return auth.json().token;
}

describe('GET /webhooks/events', () => {
  it('lists the project events, sorted, including the user-directed ones', async () => {
    const res = await t.request('GET', '/api/v1/webhooks/events', { token: p.reader.token });
    expect(res.statusCode).toBe(200);
    const events: string[] = res.json();
    expect(events).toEqual([...events].sort());
    expect(events).toEqual(
      expect.arrayContaining([
        'task.created',
        'task.updated',
        'project.shared.team',
        'task.reminder.fired',
        'task.overdue',
        'tasks.overdue',
      ]),
    );
    expect(events).toHaveLength(19);
  });

  it('needs a signed-in user', async () => {
    expect((await t.request('GET', '/api/v1/webhooks/events')).statusCode).toBe(401);
  });
});

describe('project webhooks', () => {
  it('creates with write access (201) and never shows the credentials', async () => {
    const res = await create(p.writer.token, {
      events: ['task.created', 'task.updated', 'task.created'],
      secret: 'shh',
      basic_auth_user: 'hook-user',
      basic_auth_password: 'hook-pass',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      target_url: 'https://example.com/hook',
      events: ['task.created', 'task.updated'],
      project_id: p.projectId,
      user_id: 0,
      secret: '',
      basic_auth_user: '',
      basic_auth_password: '',
      created_by: expect.objectContaining({ id: p.writer.id, username: p.writer.username }),
      created: expect.any(String),
      updated: expect.any(String),
    });
    const list = await t.request('GET', hooksOf(p.projectId), { token: p.writer.token });
    expect(list.statusCode).toBe(200);
    const listed = list.json().find((w: { id: number }) => w.id === res.json().id);
    expect(listed).toMatchObject({ target_url: 'https://example.com/hook', secret: '', basic_auth_user: '' });
    expect(list.body).not.toContain('shh');
    expect(list.body).not.toContain('hook-pass');
    expect(list.body).not.toContain('hook-user');
    expect(list.headers['x-pagination-result-count']).toBe(String(list.json().length));
  });

  it('shows webhooks only to those who may edit them: readers and strangers get 403', async () => {
    const made = (await create(p.owner.token, { secret: 'reader-must-not-see' })).json();
    const read = await t.request('GET', hooksOf(p.projectId), { token: p.reader.token });
    expect(read.statusCode).toBe(403);
    expect(read.json()).toEqual({ code: 0, message: 'Forbidden' });
    expect(read.body).not.toContain('example.com');
    expect((await create(p.reader.token)).statusCode).toBe(403);
    const change = await t.request('POST', `${hooksOf(p.projectId)}/${made.id}`, {
      token: p.reader.token,
      body: { events: ['task.deleted'] },
    });
    expect(change.statusCode).toBe(403);
    const remove = await t.request('DELETE', `${hooksOf(p.projectId)}/${made.id}`, { token: p.reader.token });
    expect(remove.statusCode).toBe(403);

    const list = await t.request('GET', hooksOf(p.projectId), { token: p.stranger.token });
    expect(list.statusCode).toBe(403);
    expect((await create(p.stranger.token)).statusCode).toBe(403);

    // Those who may edit see the target, never the secret.
    for (const token of [p.writer.token, p.owner.token]) {
      const listed = await t.request('GET', hooksOf(p.projectId), { token });
      expect(listed.statusCode).toBe(200);
      expect(listed.json().map((w: { id: number }) => w.id)).toContain(made.id);
      expect(listed.body).not.toContain('reader-must-not-see');
    }
  });

  it('lets those who may edit an archived project still see its webhooks', async () => {
    const project = (
      await t.request('PUT', '/api/v1/projects', { token: p.owner.token, body: { title: 'Kept' } })
    ).json();
    const made = (await create(p.owner.token, {}, project.id)).json();
    await t.request('POST', `/api/v1/projects/${project.id}`, {
      token: p.owner.token,
      body: { ...project, is_archived: true },
    });
    const list = await t.request('GET', hooksOf(project.id), { token: p.owner.token });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().map((w: { id: number }) => w.id)).toEqual([made.id]);
  });

  it('answers 3001 for a missing project and for pseudo projects', async () => {
    for (const id of [999999, -1]) {
      const res = await t.request('GET', hooksOf(id), { token: p.owner.token });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe(3001);
    }
  });

  it('refuses link shares, even with admin rights', async () => {
    const token = await linkShareToken(2);
    expect((await t.request('GET', hooksOf(p.projectId), { token })).statusCode).toBe(403);
    expect((await create(token)).statusCode).toBe(403);
    expect((await t.request('GET', '/api/v1/webhooks/events', { token })).statusCode).toBe(403);
    expect((await t.request('GET', '/api/v1/user/settings/webhooks', { token })).statusCode).toBe(403);
  });

  it('validates: required fields, an http(s) target, known events (412 with invalid_fields)', async () => {
    const cases: [Record<string, unknown>, string[]][] = [
      [{ target_url: '' }, ['target_url: non zero value required']],
      [{ events: [] }, ['events: non zero value required']],
      [
        { target_url: '', events: null },
        ['target_url: non zero value required', 'events: non zero value required'],
      ],
      [{ target_url: 'ftp://example.com/hook' }, ['target_url']],
      [{ target_url: 'not a url' }, ['target_url']],
      [{ target_url: 'file:///etc/passwd' }, ['target_url']],
      [{ events: ['task.created', 'task.exploded'] }, ['events']],
      [{ events: [42] }, ['events']],
      [{ target_url: 'javascript:alert(1)', events: ['nope'] }, ['target_url', 'events']],
    ];
    for (const [extra, fields] of cases) {
      const res = await create(p.owner.token, extra);
      expect(res.statusCode, JSON.stringify(extra)).toBe(412);
      expect(res.json()).toEqual({ code: 2002, message: 'Invalid Data', invalid_fields: fields });
    }
  });

  it('updates only the events; a webhook of another project answers 404', async () => {
    const made = (await create(p.owner.token, { secret: 'keep' })).json();
    const res = await t.request('POST', `${hooksOf(p.projectId)}/${made.id}`, {
      token: p.writer.token,
      body: { events: ['task.deleted', 'project.updated'], target_url: 'https://evil.example/' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: made.id,
      target_url: 'https://example.com/hook',
      events: ['task.deleted', 'project.updated'],
      secret: '',
    });
    const unknown = await t.request('POST', `${hooksOf(p.projectId)}/${made.id}`, {
      token: p.owner.token,
      body: { events: ['task.exploded'] },
    });
    expect(unknown.json()).toEqual({ code: 2002, message: 'Invalid Data', invalid_fields: ['events'] });
    const empty = await t.request('POST', `${hooksOf(p.projectId)}/${made.id}`, {
      token: p.owner.token,
      body: { events: [] },
    });
    expect(empty.statusCode).toBe(412);

    const other = (
      await t.request('PUT', '/api/v1/projects', { token: p.owner.token, body: { title: 'Other' } })
    ).json().id as number;
    for (const [method, url] of [
      ['POST', `${hooksOf(other)}/${made.id}`],
      ['DELETE', `${hooksOf(other)}/${made.id}`],
      ['POST', `${hooksOf(p.projectId)}/999999`],
      ['DELETE', `${hooksOf(p.projectId)}/999999`],
    ] as const) {
      const res404 = await t.request(method, url, {
        token: p.owner.token,
        body: { events: ['task.created'] },
      });
      expect(res404.statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it('deletes with write access', async () => {
    const made = (await create(p.owner.token)).json();
    const res = await t.request('DELETE', `${hooksOf(p.projectId)}/${made.id}`, { token: p.writer.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Successfully deleted.' });
    const list = await t.request('GET', hooksOf(p.projectId), { token: p.owner.token });
    expect(list.json().map((w: { id: number }) => w.id)).not.toContain(made.id);
    const again = await t.request('DELETE', `${hooksOf(p.projectId)}/${made.id}`, { token: p.owner.token });
    expect(again.statusCode).toBe(404);
  });

  it('refuses writes into an archived project (3008) and goes away with its project', async () => {
    const project = (
      await t.request('PUT', '/api/v1/projects', { token: p.owner.token, body: { title: 'Shortlived' } })
    ).json();
    const made = (await create(p.owner.token, {}, project.id)).json();
    await t.request('POST', `/api/v1/projects/${project.id}`, {
      token: p.owner.token,
      body: { ...project, is_archived: true },
    });
    const archived = await create(p.owner.token, {}, project.id);
    expect(archived.statusCode).toBe(412);
    expect(archived.json().code).toBe(3008);
    await t.request('POST', `/api/v1/projects/${project.id}`, {
      token: p.owner.token,
      body: { ...project, is_archived: false },
    });
    expect(
      (await t.request('DELETE', `/api/v1/projects/${project.id}`, { token: p.owner.token })).statusCode,
    ).toBe(200);
    const rows = await t.app.ordo.db.kysely
      .selectFrom('webhooks')
      .select('id')
      .where('id', '=', made.id)
      .execute();
    expect(rows).toEqual([]);
  });
});

describe('user webhooks', () => {
  const mine = '/api/v1/user/settings/webhooks';

  it('offers only the user-directed events', async () => {
    const res = await t.request('GET', `${mine}/events`, { token: p.owner.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(['task.overdue', 'task.reminder.fired', 'tasks.overdue']);
  });

  it('creates (200) with user-directed events only, masked, and lists only your own', async () => {
    const res = await t.request('PUT', mine, {
      token: p.reader.token,
      body: body({
        events: ['task.reminder.fired'],
        secret: 'mine',
        basic_auth_user: 'u',
        basic_auth_password: 'p',
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      user_id: p.reader.id,
      project_id: 0,
      events: ['task.reminder.fired'],
      secret: '',
      basic_auth_user: '',
      basic_auth_password: '',
    });
    const projectEvent = await t.request('PUT', mine, {
      token: p.reader.token,
      body: body({ events: ['task.created'] }),
    });
    expect(projectEvent.statusCode).toBe(412);
    expect(projectEvent.json()).toEqual({ code: 2002, message: 'Invalid Data', invalid_fields: ['events'] });

    const own = await t.request('GET', mine, { token: p.reader.token });
    expect(own.json().map((w: { id: number }) => w.id)).toEqual([res.json().id]);
    expect(own.body).not.toContain('mine');
    const others = await t.request('GET', mine, { token: p.stranger.token });
    expect(others.json()).toEqual([]);
  });

  it("answers 404 for another user's webhook and for a project webhook", async () => {
    const made = (
      await t.request('PUT', mine, { token: p.writer.token, body: body({ events: ['task.reminder.fired'] }) })
    ).json();
    const projectHook = (await create(p.owner.token)).json();
    for (const [token, id] of [
      [p.stranger.token, made.id],
      [p.owner.token, projectHook.id],
    ] as const) {
      const update = await t.request('POST', `${mine}/${id}`, {
        token,
        body: { events: ['task.reminder.fired'] },
      });
      expect(update.statusCode).toBe(404);
      expect((await t.request('DELETE', `${mine}/${id}`, { token })).statusCode).toBe(404);
    }
    const update = await t.request('POST', `${mine}/${made.id}`, {
      token: p.writer.token,
      body: { events: ['task.created'] },
    });
    expect(update.statusCode).toBe(412);
    const ok = await t.request('DELETE', `${mine}/${made.id}`, { token: p.writer.token });
    expect(ok.json()).toEqual({ message: 'Successfully deleted.' });
  });
});

describe('switched off', () => {
  it('has no webhook routes and says so in /info', async () => {
    const off = await createTestApp({ ORDO_WEBHOOKS: 'false' });
    try {
      const user = await off.signUp('whoff');
      expect((await off.request('GET', '/api/v1/info')).json().webhooks_enabled).toBe(false);
      expect((await off.request('GET', '/api/v1/webhooks/events', { token: user.token })).statusCode).toBe(
        404,
      );
      expect(
        (await off.request('GET', '/api/v1/user/settings/webhooks', { token: user.token })).statusCode,
      ).toBe(404);
    } finally {
      await off.close();
    }
    expect((await t.request('GET', '/api/v1/info')).json().webhooks_enabled).toBe(true);
  });
});
