/**
 * Two Ordo servers on one PostgreSQL database behind Debian's nginx, as an operator runs more
 * than one host: the built server started twice (one process each), sharing the database, the
 * JWT secret and the data folder (attachments), on loopback ports, and nginx balancing between
 * them. A session works on both, the login rate limit is one limit, live notifications written on
 * one reach sockets on the other, each background job is led by one server, and when one server
 * is killed under a load of writes no acknowledged write is lost and the other carries on.
 *
 * On SQLite (one host) there is nothing to share: every process runs its jobs as before.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALWAYS_LEADS, JOBS_LOCK_KEY, jobLeadership } from '../src/jobs/leadership.js';
import { builtMain, freePort, until } from './support/built-server.js';
import { LiveClient } from './support/live-client.js';
import { multipart } from './support/multipart.js';
import { type Nginx, startNginx } from './support/nginx.js';
import { createEmptyDatabase, testDialect } from './support/test-app.js';

const JOBS = ['housekeeping', 'minute_sweeps', 'search_postings_compaction'];
const RATE_LIMIT = 8;

interface Instance {
  name: string;
  port: number;
  process: ChildProcess;
  output(): string;
}

if (testDialect === 'sqlite') {
  describe('background jobs on SQLite', () => {
    it('run in every process that starts them, as on one host', async () => {
      const leadership = jobLeadership({ kind: 'sqlite', file: ':memory:' }, console);
      expect(leadership).toBe(ALWAYS_LEADS);
      expect(await leadership.leads('housekeeping')).toBe(true);
    });
  });
} else {
  describe('two servers on one PostgreSQL database behind nginx', () => {
    let database: Awaited<ReturnType<typeof createEmptyDatabase>>;
    let shared: string;
    let nginx: Nginx;
    const instances: Instance[] = [];
    const sockets: LiveClient[] = [];

    function startInstance(name: string, port: number, publicUrl: string): Instance {
      let output = '';
      const child = spawn(process.execPath, [builtMain], {
        env: {
          ...process.env,
          DATABASE_URL: database.url,
          ORDO_DATA_DIR: shared,
          ORDO_JWT_SECRET: 'many-instances-secret-many-instances-secret',
          ORDO_PUBLIC_URL: publicUrl,
          ORDO_RATE_LIMIT: String(RATE_LIMIT),
          ORDO_WORKERS: '1',
          PORT: String(port),
          HOST: '127.0.0.1',
          ORDO_LOG_LEVEL: 'warn',
        },
        // A group of its own: killing the server kills its primary and worker together.
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.on('data', (chunk) => {
        output += chunk;
      });
      child.stderr?.on('data', (chunk) => {
        output += chunk;
      });
      return { name, port, process: child, output: () => output };
    }

    function kill(instance: Instance) {
      try {
        process.kill(-(instance.process.pid as number), 'SIGKILL');
      } catch {
        // Gone already.
      }
    }

    async function call(
      base: string,
      method: string,
      path: string,
      options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
    ) {
      const res = await fetch(`${base}/api/v1${path}`, {
        method,
        headers: {
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...options.headers,
        },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        // Not JSON (an nginx error page): kept as text.
      }
      // biome-ignore lint/suspicious/noExplicitAny: JSON answers of several shapes, read as each test needs.
      return { status: res.status, body: body as any };
    }
    const direct = (i: number) => `http://127.0.0.1:${instances[i].port}`;

    /** The advisory locks of the jobs, as PostgreSQL holds them: job name hash → the holders' Node pids. */
    async function jobLocks(): Promise<Map<number, number[]>> {
      const admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      try {
        const { rows } = await admin.query<{ objid: string; name: string }>(
          `SELECT l.objid::text, a.application_name AS name
             FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
            WHERE l.locktype = 'advisory' AND l.granted AND l.classid = $1::bigint::oid
              AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
          [JOBS_LOCK_KEY],
        );
        const held = new Map<number, number[]>();
        for (const { objid, name } of rows) {
          const pid = Number(name.split(' ').at(-1));
          held.set(Number(objid), [...(held.get(Number(objid)) ?? []), pid]);
        }
        return held;
      } finally {
        await admin.end();
      }
    }
    /** The pids of a server: its primary and the workers it started (from /proc). */
    function pidsOf(instance: Instance): number[] {
      const pid = instance.process.pid as number;
      const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
      return [pid, ...(children ? children.split(' ').map(Number) : [])];
    }
    let killedPids: number[] = [];
    async function jobHashes(): Promise<number[]> {
      const admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      const { rows } = await admin.query<{ h: number }>(
        'SELECT (hashtext(j)::bigint & 4294967295)::bigint AS h FROM unnest($1::text[]) AS j',
        [JOBS],
      );
      await admin.end();
      return rows.map((r) => Number(r.h));
    }

    beforeAll(async () => {
      expect(existsSync(builtMain), `${builtMain} is missing; run npm run build`).toBe(true);
      database = await createEmptyDatabase('postgres');
      shared = mkdtempSync(join(tmpdir(), 'ordo-shared-'));
      const [a, b, proxy] = [await freePort(), await freePort(), await freePort()];
      const publicUrl = `http://127.0.0.1:${proxy}/`;
      // Both start at once: the migrations take a lock, so one migrates and the other waits.
      instances.push(startInstance('a', a, publicUrl), startInstance('b', b, publicUrl));
      for (const instance of instances) {
        await until(
          `server ${instance.name} to be ready`,
          async () => {
            if (instance.process.exitCode !== null)
              throw new Error(`server ${instance.name} exited:\n${instance.output()}`);
            const res = await fetch(`http://127.0.0.1:${instance.port}/health/ready`).catch(() => null);
            return res?.status === 200 ? true : undefined;
          },
          60_000,
        );
      }
      nginx = await startNginx(proxy, [a, b]);
    }, 90_000);

    afterAll(async () => {
      for (const socket of sockets) socket.close();
      for (const instance of instances) kill(instance);
      await nginx?.stop();
      await database?.drop();
      rmSync(shared, { recursive: true, force: true });
    });

    let owner: { token: string; id: number };
    let watcher: { token: string; id: number };
    let projectId: number;
    let taskId: number;

    it('keeps a session made on one server good on the other and through nginx', async () => {
      const reg = await call(nginx.url, 'POST', '/register', {
        body: { username: 'alpha', email: 'alpha@example.com', password: 'tidy-otter-42' },
      });
      expect(reg.status, JSON.stringify(reg.body)).toBe(200);
      const login = await call(direct(0), 'POST', '/login', {
        body: { username: 'alpha', password: 'tidy-otter-42' },
      });
      expect(login.status).toBe(200);
      owner = { token: login.body.token, id: reg.body.id };
      for (const base of [direct(0), direct(1), nginx.url]) {
        const me = await call(base, 'GET', '/user', { token: owner.token });
        expect(me.status, base).toBe(200);
        expect(me.body.username).toBe('alpha');
      }
      const other = await call(direct(1), 'POST', '/register', {
        body: { username: 'beta', email: 'beta@example.com', password: 'tidy-otter-42' },
      });
      const otherLogin = await call(direct(1), 'POST', '/login', {
        body: { username: 'beta', password: 'tidy-otter-42' },
      });
      watcher = { token: otherLogin.body.token, id: other.body.id };
      const project = await call(direct(1), 'PUT', '/projects', {
        body: { title: 'Shared' },
        token: owner.token,
      });
      expect(project.status).toBe(201);
      projectId = project.body.id;
    });

    it('stores an attachment uploaded to one server where the other serves it', async () => {
      const task = await call(direct(0), 'PUT', `/projects/${projectId}/tasks`, {
        body: { title: 'With a file' },
        token: owner.token,
      });
      expect(task.status).toBe(201);
      taskId = task.body.id;
      const bytes = `shared folder ${randomUUID()}`;
      const { body, contentType } = multipart([{ name: 'note.txt', type: 'text/plain', data: bytes }]);
      const upload = await fetch(`${direct(0)}/api/v1/tasks/${taskId}/attachments`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${owner.token}`, 'content-type': contentType },
        body,
      });
      expect(upload.status).toBe(200);
      const list = await call(direct(1), 'GET', `/tasks/${taskId}/attachments`, { token: owner.token });
      expect(list.body).toHaveLength(1);
      const download = await fetch(`${direct(1)}/api/v1/tasks/${taskId}/attachments/${list.body[0].id}`, {
        headers: { authorization: `Bearer ${owner.token}` },
      });
      expect(download.status).toBe(200);
      expect(await download.text()).toBe(bytes);
    });

    it('pushes a notification written on one server to a socket on the other', async () => {
      const share = await call(direct(0), 'PUT', `/projects/${projectId}/users`, {
        body: { username: 'beta', right: 0 },
        token: owner.token,
      });
      expect(share.status).toBe(201);
      expect(
        (await call(direct(0), 'PUT', `/subscriptions/project/${projectId}`, { token: watcher.token }))
          .status,
      ).toBe(201);
      const socket = await LiveClient.open(`ws://127.0.0.1:${instances[1].port}/api/v1/ws`);
      sockets.push(socket);
      await socket.auth(watcher.token);
      socket.send({ action: 'subscribe', event: 'notification.created' });
      await socket.within(200);
      const comment = await call(direct(0), 'PUT', `/tasks/${taskId}/comments`, {
        body: { comment: 'from server a' },
        token: owner.token,
      });
      expect(comment.status).toBe(201);
      const pushed = (await socket.next(10_000)) as {
        event: string;
        data: { notification: { comment: { comment: string } } };
      };
      expect(pushed.event).toBe('notification.created');
      expect(pushed.data.notification.comment.comment).toBe('from server a');
    });

    it('has each background job led by one server at a time', async () => {
      const hashes = await jobHashes();
      const locks = await until('every job to be led', async () => {
        const held = await jobLocks();
        return hashes.every((h) => held.has(h)) ? held : undefined;
      });
      const serverPids = instances.flatMap(pidsOf);
      for (const h of hashes) {
        expect(locks.get(h)).toHaveLength(1);
        expect(serverPids).toContain(locks.get(h)?.[0]);
      }
    });

    it('counts the login rate limit once across the servers', async () => {
      const bases = [direct(0), direct(1)];
      const statuses: number[][] = [[], []];
      for (let i = 0; i < RATE_LIMIT * 2; i++) {
        const res = await call(bases[i % 2], 'POST', '/login', {
          body: { username: `nobody${i}`, password: 'wrong-password-1' },
        });
        statuses[i % 2].push(res.status);
      }
      const allowed = statuses.flat().filter((s) => s !== 429).length;
      expect(allowed).toBeLessThanOrEqual(RATE_LIMIT);
      expect(statuses[0]).toContain(429);
      expect(statuses[1]).toContain(429);
    });

    it('loses no acknowledged write when a server is killed under load, and the other carries on', async () => {
      const acknowledged = new Map<string, number>();
      const unknown = new Set<string>();
      let killedAt = 0;
      let ackedAfterKill = 0;
      let stop = false;
      const writer = async (n: number) => {
        for (let i = 0; !stop; i++) {
          const title = `load ${n}-${i}`;
          const key = randomUUID();
          // A client that did not see an answer sends the same write again, with the same key.
          for (let attempt = 0; attempt < 5; attempt++) {
            const res = await call(nginx.url, 'PUT', `/projects/${projectId}/tasks`, {
              body: { title },
              token: owner.token,
              headers: { 'idempotency-key': key },
            }).catch(() => ({ status: 0, body: null }));
            if (res.status === 201) {
              acknowledged.set(title, res.body.id);
              unknown.delete(title);
              if (killedAt) ackedAfterKill++;
              break;
            }
            // 409: the first attempt is still pending on the killed server; its fate is unknown.
            unknown.add(title);
            await new Promise((r) => setTimeout(r, 200));
          }
        }
      };
      const writers = [0, 1, 2, 3].map(writer);
      await until('some writes', () => (acknowledged.size >= 20 ? true : undefined));
      killedPids = pidsOf(instances[0]);
      kill(instances[0]);
      killedAt = Date.now();
      await until('writes after the kill', () => (ackedAfterKill >= 30 ? true : undefined), 30_000);
      stop = true;
      await Promise.all(writers);

      // Every acknowledged task is there, once, read through nginx (the surviving server).
      const listed = new Map<string, number[]>();
      for (let page = 1; ; page++) {
        const res = await call(nginx.url, 'GET', `/projects/${projectId}/tasks?per_page=50&page=${page}`, {
          token: owner.token,
        });
        expect(res.status).toBe(200);
        for (const task of res.body as { id: number; title: string }[]) {
          listed.set(task.title, [...(listed.get(task.title) ?? []), task.id]);
        }
        if ((res.body as unknown[]).length < 50) break;
      }
      for (const [title, id] of acknowledged) expect(listed.get(title), title).toEqual([id]);
      for (const [title, ids] of listed) expect(ids.length, title).toBe(1);
      expect(unknown.size).toBeLessThanOrEqual(4);
      expect((await call(direct(1), 'GET', '/user', { token: owner.token })).status).toBe(200);
    }, 60_000);

    it('hands the jobs to the surviving server', async () => {
      const hashes = await jobHashes();
      const locks = await until(
        'the survivor to lead every job',
        async () => {
          const held = await jobLocks();
          const survivor = pidsOf(instances[1]);
          return hashes.every((h) => held.get(h)?.length === 1 && survivor.includes(held.get(h)?.[0] ?? 0))
            ? held
            : undefined;
        },
        30_000,
      );
      for (const h of hashes) expect(killedPids).not.toContain(locks.get(h)?.[0]);
    });
  });
}
