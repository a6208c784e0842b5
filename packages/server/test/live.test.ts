/**
 * The live WebSocket (reference §2.19, §6.2) over a real listening server and a real ws client:
 * the upgrade (both paths, origins, rate limit), every protocol rule, and the push of new
 * notifications to the right user's subscribed sockets only, and not after losing access.
 * Several server processes: live-cluster.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveClient } from './support/live-client.js';
import { type SharedProject, sharedProject } from './support/shared-project.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const AUTH_TIMEOUT_MS = 400;
const PING_MS = 250;

let t: TestApp;
let base: string;
let p: SharedProject;
const open: LiveClient[] = [];

async function connect(path = '/api/v1/ws', options: { origin?: string; autoPong?: boolean } = {}) {
  const client = await LiveClient.open(`${base}${path}`, options);
  open.push(client);
  return client;
}

/** A socket signed in as `token`, subscribed to notification.created. */
async function listening(token: string): Promise<LiveClient> {
  const client = await connect();
  await client.auth(token);
  client.send({ action: 'subscribe', event: 'notification.created' });
  // An answered frame after it: the subscription has been handled.
  client.send({ action: 'subscribe', event: 'sync' });
  expect(await client.next()).toEqual({ error: 'invalid_event', event: 'sync' });
  return client;
}

beforeAll(async () => {
  t = await createTestApp(
    { ORDO_CORS_ORIGINS: 'http://localhost:*,https://ordo.example.com' },
    { build: { liveTimings: { authTimeoutMs: AUTH_TIMEOUT_MS, pingIntervalMs: PING_MS } } },
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as { port: number };
  base = `ws://127.0.0.1:${port}`;
  p = await sharedProject(t, 'live');
});

afterAll(async () => {
  for (const client of open) client.close();
  await t.close();
});

describe('the upgrade', () => {
  it('is served on /api/v1/ws and /api/v2/ws, and on no other version', async () => {
    for (const path of ['/api/v1/ws', '/api/v2/ws']) {
      const client = await connect(path);
      await client.auth(p.owner.token);
    }
    await expect(connect('/api/v3/ws')).rejects.toThrow('upgrade refused: 404');
  });

  it('answers a plain GET (no upgrade) 426', async () => {
    const res = await t.request('GET', '/api/v1/ws');
    expect(res.statusCode).toBe(426);
  });

  it('lets in the CORS origins and clients without an origin, and refuses other origins', async () => {
    await connect('/api/v1/ws', { origin: 'http://localhost:5173' });
    await connect('/api/v2/ws', { origin: 'https://ordo.example.com' });
    await expect(connect('/api/v1/ws', { origin: 'https://evil.example.com' })).rejects.toThrow(
      'upgrade refused: 403',
    );
    await expect(connect('/api/v1/ws', { origin: 'http://ordo.example.com' })).rejects.toThrow(
      'upgrade refused: 403',
    );
  });

  it("lets in the server's own pages under any name, which are not a CORS origin here", async () => {
    const client = await connect('/api/v1/ws', { origin: base.replace(/^ws:/, 'http:') });
    await client.auth(p.owner.token);
    await expect(connect('/api/v1/ws', { origin: 'http://127.0.0.1:1' })).rejects.toThrow(
      'upgrade refused: 403',
    );
  });

  it('is rate-limited per IP like /login, v1 and v2 counting together', async () => {
    const limited = await createTestApp({ ORDO_RATE_LIMIT: '3' });
    try {
      await limited.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = limited.app.server.address() as { port: number };
      const url = (v: number) => `ws://127.0.0.1:${port}/api/v${v}/ws`;
      const clients = [
        await LiveClient.open(url(1)),
        await LiveClient.open(url(2)),
        await LiveClient.open(url(1)),
      ];
      expect(
        clients.map((c) => [c.headers['x-ratelimit-limit'], c.headers['x-ratelimit-remaining']]),
      ).toEqual([
        ['3', '2'],
        ['3', '1'],
        ['3', '0'],
      ]);
      await expect(LiveClient.open(url(2))).rejects.toThrow('upgrade refused: 429 (remaining 0)');
      for (const c of clients) c.close();
    } finally {
      await limited.close();
    }
  });
});

describe('signing in', () => {
  it('closes a socket that sends no token within the auth timeout with policy violation', async () => {
    const client = await connect();
    const started = Date.now();
    expect(await client.closed).toEqual({ code: 1008, reason: 'auth timeout' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(AUTH_TIMEOUT_MS - 50);
  });

  it('keeps a signed-in socket open past the auth timeout', async () => {
    const client = await connect();
    await client.auth(p.owner.token);
    await new Promise((r) => setTimeout(r, AUTH_TIMEOUT_MS + 200));
    expect(client.socket.readyState).toBe(client.socket.OPEN);
  });

  it('answers auth.success, and already_authenticated to a second auth', async () => {
    const client = await connect();
    client.send({ action: 'auth', token: p.owner.token });
    expect(await client.next()).toEqual({ action: 'auth.success', success: true });
    client.send({ action: 'auth', token: p.reader.token });
    expect(await client.next()).toEqual({ error: 'already_authenticated' });
    expect(client.socket.readyState).toBe(client.socket.OPEN);
  });

  async function refused(token: unknown) {
    const client = await connect();
    client.send({ action: 'auth', token });
    expect(await client.next()).toEqual({ error: 'invalid_token' });
    expect((await client.closed).code).toBe(1008);
  }

  it('refuses a wrong, missing or garbled token with invalid_token and closes', async () => {
    await refused('not-a-jwt');
    await refused(undefined);
    await refused(42);
    await refused(`${p.owner.token.slice(0, -3)}abc`);
  });

  it('refuses link-share tokens and API tokens: only user sessions sign in', async () => {
    const share = await t.request('PUT', `/api/v1/projects/${p.projectId}/shares`, {
      token: p.owner.token,
      body: { right: 0 },
    });
    expect(share.statusCode, share.body).toBe(201);
    const shareAuth = await t.request('POST', `/api/v1/shares/${share.json().hash}/auth`, { body: {} });
    expect(shareAuth.statusCode).toBe(200);
    await refused(shareAuth.json().token);

    const apiToken = await t.request('PUT', '/api/v1/tokens', {
      token: p.owner.token,
      body: {
        title: 'live',
        permissions: { notifications: ['read_all'] },
        expires_at: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    expect(apiToken.statusCode, apiToken.body).toBe(201);
    await refused(apiToken.json().token);
  });

  it('refuses the token of a session that has ended (logout)', async () => {
    const who = await t.signUp('liveLeaver');
    expect((await t.request('POST', '/api/v1/user/logout', { token: who.token })).statusCode).toBe(200);
    await refused(who.token);
  });
});

describe('subscribing', () => {
  it('answers auth_required to subscribe and unsubscribe before auth', async () => {
    const client = await connect();
    client.send({ action: 'subscribe', event: 'notification.created' });
    expect(await client.next()).toEqual({ error: 'auth_required' });
    client.send({ action: 'unsubscribe', event: 'notification.created' });
    expect(await client.next()).toEqual({ error: 'auth_required' });
  });

  it('answers invalid_event with the name for unknown events, and nothing for valid ones', async () => {
    const client = await connect();
    await client.auth(p.owner.token);
    for (const event of ['notification.created', 'timer.created', 'timer.updated', 'timer.deleted']) {
      client.send({ action: 'subscribe', event });
      client.send({ action: 'unsubscribe', event });
    }
    client.send({ action: 'subscribe', event: 'task.updated' });
    expect(await client.next()).toEqual({ error: 'invalid_event', event: 'task.updated' });
    client.send({ action: 'unsubscribe', event: 'project.created' });
    expect(await client.next()).toEqual({ error: 'invalid_event', event: 'project.created' });
    client.send({ action: 'subscribe' });
    expect(await client.next()).toEqual({ error: 'invalid_event', event: '' });
  });

  it('ignores unknown actions, invalid JSON and binary frames, before and after auth', async () => {
    const client = await connect();
    for (const frame of ['{"action":"dance"}', 'not json', '[1,2]', 'null', '{}']) client.send(frame);
    client.socket.send(Buffer.from([1, 2, 3]), { binary: true });
    client.send({ action: 'subscribe', event: 'notification.created' });
    expect(await client.next()).toEqual({ error: 'auth_required' });
    await client.auth(p.owner.token);
    client.send('{"action":"ping"}');
    client.send('{oops');
    expect(await client.within(150)).toEqual([]);
    expect(client.socket.readyState).toBe(client.socket.OPEN);
  });
});

describe('keeping the socket alive', () => {
  it('pings on the interval, and drops a socket that stops answering pings', async () => {
    const answering = await connect();
    const silent = await connect('/api/v1/ws', { autoPong: false });
    await answering.auth(p.owner.token);
    await silent.auth(p.owner.token);
    await new Promise((r) => setTimeout(r, PING_MS * 3 + 100));
    expect(answering.pings).toBeGreaterThanOrEqual(2);
    expect(answering.socket.readyState).toBe(answering.socket.OPEN);
    expect((await silent.closed).code).toBe(1006);
  });
});

describe('pushing new notifications', () => {
  const comment = (taskId: number, text: string, token: string) =>
    t.request('PUT', `/api/v1/tasks/${taskId}/comments`, { token, body: { comment: text } });

  it('pushes notification.created to the subscribed sockets of the notified user only, as GET /notifications shows it', async () => {
    const task = await p.task('pushed');
    for (const who of [p.reader, p.writer]) {
      const sub = await t.request('PUT', `/api/v1/subscriptions/task/${task.id}`, { token: who.token });
      expect(sub.statusCode, sub.body).toBe(201);
    }
    const [reader1, reader2, writer, stranger, owner] = [
      await listening(p.reader.token),
      await listening(p.reader.token),
      await listening(p.writer.token),
      await listening(p.stranger.token),
      await listening(p.owner.token),
    ];
    const readerNotSubscribed = await connect();
    await readerNotSubscribed.auth(p.reader.token);
    const readerUnsubscribed = await listening(p.reader.token);
    readerUnsubscribed.send({ action: 'unsubscribe', event: 'notification.created' });
    readerUnsubscribed.send({ action: 'subscribe', event: 'x' });
    expect(await readerUnsubscribed.next()).toEqual({ error: 'invalid_event', event: 'x' });

    const res = await comment(task.id, 'Pushed to you', p.writer.token);
    expect(res.statusCode, res.body).toBe(201);

    const listed = (await t.request('GET', '/api/v1/notifications', { token: p.reader.token })).json();
    const pushed = await reader1.next();
    expect(pushed).toEqual({ event: 'notification.created', data: listed[0] });
    expect(listed[0]).toMatchObject({
      name: 'task.comment',
      notification: { comment: { comment: 'Pushed to you' } },
    });
    expect(await reader2.next()).toEqual(pushed);
    // The doer, a stranger, the owner (not subscribed to the task) and sockets not subscribed hear nothing.
    for (const quiet of [writer, stranger, owner, readerNotSubscribed, readerUnsubscribed]) {
      expect(await quiet.within(50)).toEqual([]);
    }

    // The owner comments: the writer now hears it too, with their own notification.
    await comment(task.id, 'From the owner', p.owner.token);
    const writerListed = (await t.request('GET', '/api/v1/notifications', { token: p.writer.token })).json();
    expect(await writer.next()).toEqual({ event: 'notification.created', data: writerListed[0] });
    expect(((await reader1.next()) as { data: { id: number } }).data.id).not.toBe(writerListed[0].id);
    expect(await owner.within(50)).toEqual([]);
  });

  it('pushes team notifications, which name no project', async () => {
    const member = await t.signUp('liveTeamMember');
    const socket = await listening(member.token);
    const team = await t.request('PUT', '/api/v1/teams', {
      token: p.owner.token,
      body: { name: 'Live team' },
    });
    expect(team.statusCode, team.body).toBe(201);
    const added = await t.request('PUT', `/api/v1/teams/${team.json().id}/members`, {
      token: p.owner.token,
      body: { username: 'liveTeamMember' },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(await socket.next()).toMatchObject({
      event: 'notification.created',
      data: { name: 'team.member.added' },
    });
  });

  it('pushes nothing about a project the user can no longer read', async () => {
    // A notification may be written just before its user loses access: the push checks again.
    const leaver = await t.signUp('liveLeaving');
    const share = await t.request('PUT', `/api/v1/projects/${p.projectId}/users`, {
      token: p.owner.token,
      body: { username: 'liveLeaving', right: 0 },
    });
    expect(share.statusCode, share.body).toBe(201);
    const socket = await listening(leaver.token);
    const write = async () => {
      const row = await t.app.ordo.db.kysely
        .insertInto('notifications')
        .values({
          user_id: leaver.id,
          name: 'project.created',
          payload: JSON.stringify({ doer: null, project: { id: p.projectId } }),
          project_id: p.projectId,
          read_at: null,
          created: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      t.app.ordo.liveNotifications.announce([{ id: row.id, userId: leaver.id }]);
      return row.id;
    };
    const readable = await write();
    expect(await socket.next()).toMatchObject({ data: { id: readable } });

    const removed = await t.request('DELETE', `/api/v1/projects/${p.projectId}/users/liveLeaving`, {
      token: p.owner.token,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    await write();
    expect(await socket.within(300)).toEqual([]);
  });

  it('closes a socket whose session ended instead of pushing to it', async () => {
    const who = await t.signUp('liveLogout');
    const task = await p.task('logout');
    await t.request('PUT', `/api/v1/projects/${p.projectId}/users`, {
      token: p.owner.token,
      body: { username: 'liveLogout', right: 0 },
    });
    await t.request('PUT', `/api/v1/subscriptions/task/${task.id}`, { token: who.token });
    const socket = await listening(who.token);
    await t.request('POST', '/api/v1/user/logout', { token: who.token });
    await comment(task.id, 'Anyone there?', p.owner.token);
    expect(await socket.closed).toEqual({ code: 1008, reason: 'session ended' });
    expect(socket.frames).toEqual([]);
  });

  it('closes the socket of a session signed out from another device, and keeps the device’s own', async () => {
    const who = await t.signUp('liveSignedOut');
    const task = await p.task('signed out elsewhere');
    await t.request('PUT', `/api/v1/projects/${p.projectId}/users`, {
      token: p.owner.token,
      body: { username: 'liveSignedOut', right: 0 },
    });
    await t.request('PUT', `/api/v1/subscriptions/task/${task.id}`, { token: who.token });
    const login = await t.request('POST', '/api/v1/login', {
      body: { username: 'liveSignedOut', password: 'tidy-otter-42' },
    });
    const desk: string = login.json().token;
    const lostPhone = await listening(who.token);
    const atDesk = await listening(desk);

    const sid = JSON.parse(Buffer.from(who.token.split('.')[1], 'base64url').toString()).sid as string;
    const ended = await t.request('DELETE', `/api/v1/user/sessions/${sid}`, { token: desk });
    expect(ended.statusCode, ended.body).toBe(200);
    await comment(task.id, 'Is the phone still listening?', p.owner.token);

    expect(await lostPhone.closed).toEqual({ code: 1008, reason: 'session ended' });
    expect(lostPhone.frames).toEqual([]);
    expect(await atDesk.next()).toMatchObject({ event: 'notification.created' });
  });
});
