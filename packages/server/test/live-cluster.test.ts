/**
 * Live notifications across server processes: the built server with ORDO_WORKERS=2, as an
 * operator starts it, on a fresh database of the dialect under test. A user's sockets land on
 * both processes (the primary deals connections out in turn), and so do the requests that write
 * notifications: every socket must hear every notification, whichever process wrote it. On
 * PostgreSQL the processes tell each other by LISTEN/NOTIFY, on SQLite through the primary
 * (modules/live/channel.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './support/built-server.js';
import { LiveClient } from './support/live-client.js';
import { createEmptyDatabase, testDialect } from './support/test-app.js';

const main = resolve(import.meta.dirname, '../dist/main.js');

/** The pids of a process's children, from /proc. */
function childrenOf(pid: number): number[] {
  const list = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return list ? list.split(' ').map(Number) : [];
}

describe('live notifications with two server processes', () => {
  let port: number;
  let server: ChildProcess;
  let database: Awaited<ReturnType<typeof createEmptyDatabase>>;
  let output = '';
  const sockets: LiveClient[] = [];

  /** A request on a connection of its own, so consecutive requests reach the two processes in turn. */
  async function call(method: string, path: string, body?: unknown, token?: string) {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1${path}`, {
      method,
      headers: {
        connection: 'close',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    // biome-ignore lint/suspicious/noExplicitAny: JSON answers of several shapes, read as each test needs.
    return { status: res.status, body: (text ? JSON.parse(text) : null) as any };
  }

  async function signUp(username: string): Promise<{ id: number; token: string }> {
    const reg = await call('POST', '/register', {
      username,
      email: `${username}@example.com`,
      password: 'tidy-otter-42',
    });
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    const login = await call('POST', '/login', { username, password: 'tidy-otter-42' });
    expect(login.status).toBe(200);
    return { id: reg.body.id, token: login.body.token };
  }

  async function listening(token: string): Promise<LiveClient> {
    const client = await LiveClient.open(`ws://127.0.0.1:${port}/api/v1/ws`);
    sockets.push(client);
    await client.auth(token);
    client.send({ action: 'subscribe', event: 'notification.created' });
    client.send({ action: 'subscribe', event: 'sync' });
    expect(await client.next()).toEqual({ error: 'invalid_event', event: 'sync' });
    return client;
  }

  beforeAll(async () => {
    expect(existsSync(main), `${main} is missing; run npm run build`).toBe(true);
    database = await createEmptyDatabase();
    port = await freePort();
    server = spawn(process.execPath, [main], {
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        ORDO_DATA_DIR: database.dataDir,
        ORDO_JWT_SECRET: 'live-cluster-secret-live-cluster-secret',
        PORT: String(port),
        HOST: '127.0.0.1',
        ORDO_WORKERS: '2',
        // Node's round-robin hand-over deals consecutive connections to the two processes in turn;
        // with the default (each process accepts for itself) an idle server may take them all in one.
        NODE_CLUSTER_SCHED_POLICY: 'rr',
        ORDO_RATE_LIMIT: '0',
        ORDO_LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    server.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    const deadline = Date.now() + 30_000;
    while (!output.includes('Ordo is ready')) {
      if (Date.now() > deadline || server.exitCode !== null)
        throw new Error(`server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 40_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    await database.drop();
  });

  let people: { owner: { token: string }; watcher: { token: string }; stranger: { token: string } };
  let taskId: number;
  let projectId: number;

  /** Four sockets of the watcher (two in each process) and two of a stranger hear two comments. */
  async function everySocketHearsEveryComment(texts: [string, string]) {
    const watching = [
      await listening(people.watcher.token),
      await listening(people.watcher.token),
      await listening(people.watcher.token),
      await listening(people.watcher.token),
    ];
    const strangers = [await listening(people.stranger.token), await listening(people.stranger.token)];
    // Two comments on connections of their own: one is written by each process.
    for (const text of texts) {
      const res = await call('PUT', `/tasks/${taskId}/comments`, { comment: text }, people.owner.token);
      expect(res.status).toBe(201);
    }
    const listed = (await call('GET', '/notifications', undefined, people.watcher.token)).body.slice(0, 2);
    expect(
      listed.map((n: { notification: { comment: { comment: string } } }) => n.notification.comment.comment),
    ).toEqual([texts[1], texts[0]]);
    for (const socket of watching) {
      // The two may reach a socket in either order: they come from different processes.
      const pushed = [await socket.next(), await socket.next()] as { data: { id: number } }[];
      pushed.sort((a, b) => a.data.id - b.data.id);
      expect(pushed).toEqual([
        { event: 'notification.created', data: listed[1] },
        { event: 'notification.created', data: listed[0] },
      ]);
    }
    for (const socket of strangers) expect(await socket.within(100)).toEqual([]);
  }

  it('pushes every notification to the sockets in both processes, whichever process wrote it', async () => {
    expect(output).toContain('2 server processes');
    const owner = await signUp('clusterOwner');
    const watcher = await signUp('clusterWatcher');
    const stranger = await signUp('clusterStranger');
    people = { owner, watcher, stranger };
    const project = await call('PUT', '/projects', { title: 'Shared' }, owner.token);
    expect(project.status).toBe(201);
    const share = await call(
      'PUT',
      `/projects/${project.body.id}/users`,
      { username: 'clusterWatcher', right: 0 },
      owner.token,
    );
    expect(share.status).toBe(201);
    expect(
      (await call('PUT', `/subscriptions/project/${project.body.id}`, undefined, watcher.token)).status,
    ).toBe(201);
    const task = await call('PUT', `/projects/${project.body.id}/tasks`, { title: 'Watched' }, owner.token);
    expect(task.status).toBe(201);
    taskId = task.body.id;
    projectId = project.body.id;
    await everySocketHearsEveryComment(['first', 'second']);
  });

  it('pushes project changes to the subscribed sockets in both processes, whichever process wrote it', async () => {
    const watching: LiveClient[] = [];
    for (let i = 0; i < 4; i++) {
      const client = await LiveClient.open(`ws://127.0.0.1:${port}/api/v1/ws`);
      sockets.push(client);
      await client.auth(people.watcher.token);
      client.send({ action: 'subscribe', event: 'project.changes', project_id: projectId });
      expect(await client.next()).toMatchObject({ action: 'subscribe.success', project_id: projectId });
      watching.push(client);
    }
    // Two tasks, one written by each process.
    const created: number[] = [];
    for (const title of ['one', 'two']) {
      const res = await call('PUT', `/projects/${projectId}/tasks`, { title }, people.owner.token);
      expect(res.status).toBe(201);
      created.push(res.body.id);
    }
    for (const socket of watching) {
      const pushed = [await socket.next(), await socket.next()] as { data: { task_id: number } }[];
      expect(pushed.map((p) => p.data.task_id).sort((a, b) => a - b)).toEqual(created);
      expect(pushed[0]).toMatchObject({ event: 'task.created', data: { project_id: projectId } });
    }
  });

  it('tells everyone at a task who is there, whichever process their sockets are in', async () => {
    const place = `task:${taskId}`;
    // One socket each, opened one after the other: the hand-over puts them in different processes.
    const tokens = [people.owner.token, people.watcher.token];
    const at: LiveClient[] = [];
    for (let i = 0; i < tokens.length; i++)
      at.push(await LiveClient.open(`ws://127.0.0.1:${port}/api/v1/ws`));
    sockets.push(...at);
    for (const [i, token] of tokens.entries()) {
      const client = at[i] as LiveClient;
      await client.auth(token);
      client.send({ action: 'subscribe', event: 'project.changes', project_id: projectId });
      client.send({ action: 'subscribe', event: 'project.presence', project_id: projectId, place });
      expect(await client.next()).toMatchObject({ action: 'subscribe.success', event: 'project.changes' });
      expect(await client.next()).toMatchObject({ action: 'subscribe.success', event: 'project.presence' });
    }
    for (const socket of at) {
      // Pushes follow each arrival; the last one heard names both people.
      let names: string[] = [];
      const deadline = Date.now() + 5_000;
      while (names.length < 2 && Date.now() < deadline) {
        const frame = (await socket.next()) as { event: string; data: { users: { username: string }[] } };
        if (frame.event === 'project.presence') names = frame.data.users.map((u) => u.username);
      }
      expect(names.sort()).toEqual(['clusterOwner', 'clusterWatcher']);
    }
    for (const socket of at) socket.close();
  });

  /**
   * What could cut the processes off from each other: on PostgreSQL the database dropping the
   * listening connections (a restart, a failover), which each process makes again; on SQLite a
   * process dying, whose replacement the primary tells from its first moment.
   */
  const disruption =
    testDialect === 'postgres'
      ? {
          what: 'after PostgreSQL drops the connections the processes listen on',
          async disrupt() {
            const admin = new pg.Client({ connectionString: database.url });
            await admin.connect();
            const ended = await admin.query(
              "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'",
            );
            await admin.end();
            expect(ended.rowCount).toBe(2);
            // The first reconnect comes after half a second.
            await new Promise((r) => setTimeout(r, 1_500));
          },
        }
      : {
          what: 'after a server process dies and the primary replaces it',
          async disrupt() {
            const [victim] = childrenOf(server.pid as number);
            process.kill(victim, 'SIGKILL');
            const deadline = Date.now() + 20_000;
            for (;;) {
              const now = childrenOf(server.pid as number);
              if (now.length === 2 && !now.includes(victim)) break;
              if (Date.now() > deadline) throw new Error('no replacement process');
              await new Promise((r) => setTimeout(r, 100));
            }
            // Listening: the replacement answers.
            await new Promise((r) => setTimeout(r, 1_000));
          },
        };

  it(`still pushes to every process ${disruption.what}`, async () => {
    await disruption.disrupt();
    await everySocketHearsEveryComment(['third', 'fourth']);
  });
});
