// Load shedding (503 with Retry-After when saturated) and the skipped work of clients that have
// gone: a create whose client gave up while it waited for the database does not land.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database.js';
import { createTestApp, type TestApp, testDialect } from './support/test-app.js';

let t: TestApp | null = null;

afterEach(async () => {
  await t?.close();
  t = null;
});

/** Takes every database connection (SQLite's one, PostgreSQL's pool of ten) until `release`. */
async function holdConnections(db: Db): Promise<{ release: () => Promise<void> }> {
  const count = db.dialect === 'sqlite' ? 1 : 10;
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  let taken = 0;
  const held = Array.from({ length: count }, () =>
    db.kysely.connection().execute(async () => {
      taken++;
      await gate;
    }),
  );
  while (taken < count) await sleep(5);
  return {
    release: async () => {
      open();
      await Promise.all(held);
    },
  };
}

async function waitUntil(check: () => boolean, what: string): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > 5_000) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

function blockEventLoop(ms: number): void {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    // Busy: what a long synchronous step does to every request of the process.
  }
}

describe('load shedding', () => {
  it('answers 503 with Retry-After while the event loop lags, and keeps /health and /info answering', async () => {
    t = await createTestApp(
      { ORDO_MAX_EVENT_LOOP_DELAY: '100', ORDO_RETRY_AFTER: '7' },
      { build: { pressureSampleIntervalMs: 200 } },
    );
    const app = t;
    // Answered once the event loop keeps up: hashing a password, or the host's own load, may lag
    // it past this tiny limit for a moment.
    const once = async (send: () => ReturnType<TestApp['request']>) => {
      const start = Date.now();
      let answer = await send();
      while (answer.statusCode === 503 && Date.now() - start < 10_000) {
        await sleep(100);
        answer = await send();
      }
      return answer;
    };
    const credentials = { username: 'busyuser', password: 'tidy-otter-42' };
    await once(() =>
      app.request('POST', '/api/v1/register', { body: { ...credentials, email: 'busy@example.com' } }),
    );
    const user = {
      token: (await once(() => app.request('POST', '/api/v1/login', { body: credentials }))).json().token,
    };
    const answersAgain = async () =>
      (await once(() => app.request('GET', '/api/v1/projects', { token: user.token }))).statusCode;
    expect(await answersAgain()).toBe(200);

    // Long against the sample, so that the mean delay of the sample it ends is far past the limit.
    // The requests must arrive within the one sample that saw the delay; on a loaded host they may
    // miss it, so the block is tried up to three times.
    const whileBlocked = async () => {
      blockEventLoop(3_000);
      // Let the sampling timer (due during the block) see the delay first.
      await sleep(0);
      return Promise.all([
        app.request('GET', '/api/v1/projects', { token: user.token }),
        app.request('GET', '/health'),
        app.request('GET', '/api/v1/info'),
      ]);
    };
    let [busy, health, info] = await whileBlocked();
    for (let attempt = 1; attempt < 3 && busy.statusCode !== 503; attempt++) {
      [busy, health, info] = await whileBlocked();
    }
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('7');
    expect(busy.json()).toEqual({
      code: 30064,
      message: 'The server is too busy to answer right now. Please try again in 7 seconds.',
    });
    expect(health.statusCode).toBe(200);
    expect(info.statusCode).toBe(200);

    // It answers again once the event loop has caught up.
    expect(await answersAgain()).toBe(200);
  });

  it('answers 503 when too many queries wait for a database connection, but never for the web app', async () => {
    const web = mkdtempSync(join(tmpdir(), 'ordo-web-'));
    mkdirSync(join(web, 'assets'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(web, 'assets', 'page-1a2b.css'), 'body{margin:0}');
    t = await createTestApp({ ORDO_WEB_DIST: web });
    const app = t;
    const user = await app.signUp('queueuser');
    // A tiny limit from here on (start-up's own queries queue for PostgreSQL's first connections).
    app.config.maxDbQueue = 1;
    const db = app.app.ordo.db;
    const hold = await holdConnections(db);
    const waiting = [
      app.request('GET', '/api/v1/projects', { token: user.token }),
      app.request('GET', '/api/v1/projects', { token: user.token }),
    ];
    await waitUntil(() => db.waitingForConnection() >= 2, 'two queued queries');
    const shed = await app.request('GET', '/api/v1/projects', { token: user.token });
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toBe('5');
    expect(shed.json().code).toBe(30064);
    expect((await app.request('GET', '/health')).statusCode).toBe(200);
    // A page being opened still gets its files: a refused stylesheet would leave it broken.
    const style = await app.request('GET', '/assets/page-1a2b.css');
    expect(style.statusCode).toBe(200);
    expect(style.headers['content-type']).toContain('text/css');
    const page = await app.request('GET', '/projects/1');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    await hold.release();
    for (const answer of await Promise.all(waiting)) expect(answer.statusCode).toBe(200);
    rmSync(web, { recursive: true, force: true });
  });
  it('answers 503 when a query has waited too long for a database connection', async () => {
    t = await createTestApp();
    const app = t;
    const user = await app.signUp('waituser');
    app.config.maxDbWait = 200;
    const db = app.app.ordo.db;
    const hold = await holdConnections(db);
    // One request queues behind the held connection; the queue is short, but it waits.
    const waiting = app.request('GET', '/api/v1/projects', { token: user.token });
    await waitUntil(() => db.waitingForConnection() >= 1, 'a queued query');
    const early = db.longestConnectionWaitMs();
    expect(early).toBeLessThan(200);
    await sleep(250);
    expect(db.longestConnectionWaitMs()).toBeGreaterThan(200);
    const shed = await app.request('GET', '/api/v1/projects', { token: user.token });
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toBe('5');
    expect(shed.json().code).toBe(30064);
    await hold.release();
    expect((await waiting).statusCode).toBe(200);
    // Nothing waits any more, so the next request is served.
    expect(db.longestConnectionWaitMs()).toBe(0);
    expect((await app.request('GET', '/api/v1/projects', { token: user.token })).statusCode).toBe(200);
  });
});

describe('a client that has gone', () => {
  it(`does not get its create done once it waited for the database (${testDialect})`, async () => {
    t = await createTestApp();
    const app = t;
    const user = await app.signUp('goneuser');
    const project = (
      await app.request('PUT', '/api/v1/projects', { token: user.token, body: { title: 'Gone' } })
    ).json();
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.app.server.address() as AddressInfo;
    const db = app.app.ordo.db;

    const send = (title: string, key?: string) => {
      const body = JSON.stringify({ title });
      const socket = connect(port, '127.0.0.1');
      let answer = '';
      socket.on('data', (chunk) => {
        answer += chunk.toString();
      });
      socket.on('error', () => {});
      socket.write(
        `PUT /api/v1/projects/${project.id}/tasks HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
          `Authorization: Bearer ${user.token}\r\nContent-Type: application/json\r\n` +
          (key ? `Idempotency-Key: ${key}\r\n` : '') +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      return { socket, closed, answer: () => answer };
    };

    const hold = await holdConnections(db);
    const gone = send('abandoned', 'key-abandoned');
    const stays = send('awaited');
    // Both wait behind the held connections; then the first client gives up.
    await waitUntil(() => db.waitingForConnection() >= 2, 'both creates to wait for the database');
    gone.socket.destroy();
    await sleep(100);
    await hold.release();
    await stays.closed;
    expect(stays.answer()).toMatch(/^HTTP\/1\.1 201/);

    const tasks = await app.request('GET', `/api/v1/projects/${project.id}/tasks`, { token: user.token });
    expect((tasks.json() as { title: string }[]).map((task) => task.title)).toEqual(['awaited']);
    // Its Idempotency-Key was not used up: the client's retry does the create, once.
    const retry = await app.request('PUT', `/api/v1/projects/${project.id}/tasks`, {
      token: user.token,
      body: { title: 'abandoned' },
      headers: { 'idempotency-key': 'key-abandoned' },
    });
    expect(retry.statusCode).toBe(201);
    const after = await app.request('GET', `/api/v1/projects/${project.id}/tasks`, { token: user.token });
    expect((after.json() as { title: string }[]).map((task) => task.title).sort()).toEqual([
      'abandoned',
      'awaited',
    ]);
  });

  // On PostgreSQL these lists check the session with their first reads (session-check-with-reads.ts):
  // a client gone before that check answered must leave no connection taken and no error behind.
  it(`leaves nothing held when it gave up on a list while it waited for the database (${testDialect})`, async () => {
    t = await createTestApp();
    const app = t;
    const user = await app.signUp('gonereader');
    const project = (
      await app.request('PUT', '/api/v1/projects', { token: user.token, body: { title: 'Reading' } })
    ).json();
    await app.request('PUT', `/api/v1/projects/${project.id}/tasks`, {
      token: user.token,
      body: { title: 'Still here' },
    });
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.app.server.address() as AddressInfo;
    const db = app.app.ordo.db;
    const urls = [
      '/api/v1/tasks/all',
      `/api/v1/projects/${project.id}/tasks`,
      `/api/v1/projects/${project.id}`,
    ];

    const hold = await holdConnections(db);
    const sockets = urls.map((url) => {
      const socket = connect(port, '127.0.0.1');
      socket.on('error', () => {});
      socket.write(
        `GET ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${user.token}\r\nConnection: close\r\n\r\n`,
      );
      return socket;
    });
    await waitUntil(() => db.waitingForConnection() >= urls.length, 'the lists to wait for the database');
    for (const socket of sockets) socket.destroy();
    await sleep(100);
    await hold.release();
    await sleep(200);

    // More requests at once than the pool has connections: each gets one, so none was kept.
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) => app.request('GET', urls[i % urls.length]!, { token: user.token })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    expect(answers[0]!.body).toContain('Still here');
    const pool = db.poolStats();
    if (pool) expect(pool.waiting).toBe(0);
    expect(db.waitingForConnection()).toBe(0);
  });
});
