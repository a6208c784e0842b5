/**
 * The built server, started as an operator starts it, killed with SIGKILL (the primary and its
 * server process at once, as an out-of-memory killer or a container stop does) in the middle of a
 * write load, then started again on the same database: every write it acknowledged (a 2xx with
 * the object) is there with the acknowledged contents. Writes still under way when it died may
 * or may not have happened; both are fine.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyDatabase } from './support/test-app.js';

const main = resolve(import.meta.dirname, '../dist/main.js');
const CLIENTS = 8;
const ROUNDS = 3;

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: JSON answers of several shapes, read as each step needs.
  body: any;
}

interface TaskState {
  title: string;
  description: string;
  priority: number;
  done: boolean;
}

/** What the server said about one task: its last acknowledged state and any unanswered write after it. */
interface TaskRecord {
  acknowledged: TaskState;
  unanswered: TaskState[];
}

/** `each` over `items`, CLIENTS at a time. */
async function inParallel<T>(items: T[], each: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < items.length) await each(items[next++]);
    }),
  );
}

const alive = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

describe('kill -9 in the middle of a write load', () => {
  let database: Awaited<ReturnType<typeof createEmptyDatabase>>;
  let port: number;
  let server: ChildProcess | undefined;
  let output = '';
  const base = () => `http://127.0.0.1:${port}/api/v1`;

  /** The built server on the test's database, in a process group of its own. */
  async function start(): Promise<void> {
    output = '';
    server = spawn(process.execPath, [main], {
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        ORDO_DATA_DIR: database.dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        ORDO_WORKERS: '1',
        ORDO_RATE_LIMIT: '0',
        ORDO_LOG_LEVEL: 'warn',
        ORDO_JWT_SECRET: 'durability-secret-durability-secret',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    server.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    server.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    const deadline = Date.now() + 60_000;
    for (;;) {
      const info = await fetch(`${base()}/info`).catch(() => undefined);
      if (info?.status === 200) return;
      if (!alive(server)) throw new Error(`the server exited (${server.exitCode}):\n${output}`);
      if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** SIGKILL to the whole process group: the primary and its server process die together. */
  async function killHard(): Promise<void> {
    const running = server;
    if (!running?.pid || !alive(running)) return;
    const exited = new Promise((r) => running.once('exit', r));
    process.kill(-running.pid, 'SIGKILL');
    await exited;
    // The group's other members die with it; wait until the port is free again.
    for (let i = 0; i < 100; i++) {
      const free = await new Promise<boolean>((r) => {
        const probe = createServer();
        probe.once('error', () => r(false));
        probe.listen(port, '127.0.0.1', () => probe.close(() => r(true)));
      });
      if (free) return;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async function call(method: string, path: string, token?: string, body?: unknown): Promise<Answer> {
    const res = await fetch(`${base()}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    return {
      status: res.status,
      body: res.headers.get('content-type')?.includes('json') ? await res.json() : null,
    };
  }

  beforeAll(async () => {
    expect(existsSync(main), `${main} is missing; run npm run build`).toBe(true);
    database = await createEmptyDatabase();
    port = await freePort();
  });

  afterAll(async () => {
    await killHard();
    await database?.drop();
  });

  it('keeps every acknowledged task creation and update', async () => {
    await start();
    const registered = await call('POST', '/register', undefined, {
      username: 'durable',
      email: 'durable@example.com',
      password: 'tidy-otter-42',
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const login = await call('POST', '/login', undefined, { username: 'durable', password: 'tidy-otter-42' });
    expect(login.status).toBe(200);
    const token: string = login.body.token;
    const project = await call('PUT', '/projects', token, { title: 'Durable' });
    expect(project.status).toBe(201);

    const tasks = new Map<number, TaskRecord>();
    const comments = new Map<number, { task: number; comment: string }>();
    let acknowledged = 0;
    let write = 0;

    /** One client: creates tasks, updates its own, comments on them, until the server dies. */
    async function client(n: number): Promise<void> {
      const mine: number[] = [];
      for (;;) {
        write += 1;
        const stamp = `c${n}w${write}`;
        const roll = write % 4;
        try {
          if (roll === 0 || mine.length === 0) {
            const state: TaskState = {
              title: `task ${stamp}`,
              description: `<p>${stamp}</p>`,
              priority: write % 5,
              done: false,
            };
            const res = await call('PUT', `/projects/${project.body.id}/tasks`, token, state);
            if (res.status !== 201) throw new Error(`create answered ${res.status}`);
            tasks.set(res.body.id, { acknowledged: state, unanswered: [] });
            mine.push(res.body.id);
          } else if (roll === 3) {
            const task = mine[write % mine.length];
            const comment = `comment ${stamp}`;
            const res = await call('PUT', `/tasks/${task}/comments`, token, { comment });
            if (res.status !== 201) throw new Error(`comment answered ${res.status}`);
            comments.set(res.body.id, { task, comment });
          } else {
            const id = mine[write % mine.length];
            const record = tasks.get(id) as TaskRecord;
            const state: TaskState = {
              title: `task ${stamp}`,
              description: `<p>${stamp}</p>`,
              priority: write % 5,
              done: write % 2 === 0,
            };
            record.unanswered.push(state);
            const res = await call('POST', `/tasks/${id}`, token, state);
            if (res.status !== 200) throw new Error(`update answered ${res.status}`);
            tasks.set(id, { acknowledged: state, unanswered: [] });
          }
          acknowledged += 1;
        } catch (error) {
          // The server died under this request: nothing was acknowledged. Anything else fails.
          if (server && alive(server) && !String(error).includes('fetch failed')) throw error;
          return;
        }
      }
    }

    for (let round = 1; round <= ROUNDS; round++) {
      const before = acknowledged;
      const load = Promise.all(Array.from({ length: CLIENTS }, (_, n) => client(n)));
      // Kill at a different point each round, once the load is well under way (counted in writes,
      // not time, so a busy machine still gets there).
      while (acknowledged - before < 150 + round * 53) await new Promise((r) => setTimeout(r, 5));
      await killHard();
      await load;

      await start();
      const missing: string[] = [];
      await inParallel([...tasks], async ([id, record]) => {
        const res = await call('GET', `/tasks/${id}`, token);
        if (res.status !== 200) {
          missing.push(`task ${id}: ${res.status}`);
          return;
        }
        const stored: TaskState = {
          title: res.body.title,
          description: res.body.description,
          priority: res.body.priority,
          done: res.body.done,
        };
        const allowed = [record.acknowledged, ...record.unanswered];
        if (!allowed.some((state) => JSON.stringify(state) === JSON.stringify(stored)))
          missing.push(`task ${id}: ${JSON.stringify(stored)} is not ${JSON.stringify(record.acknowledged)}`);
        // From here on the stored state is the acknowledged one.
        tasks.set(id, { acknowledged: stored, unanswered: [] });
      });
      await inParallel([...comments], async ([id, { task, comment }]) => {
        const res = await call('GET', `/tasks/${task}/comments/${id}`, token);
        if (res.status !== 200 || res.body.comment !== comment) missing.push(`comment ${id}: ${res.status}`);
      });
      console.log(
        `round ${round}: ${acknowledged - before} writes acknowledged, ${tasks.size} tasks and ${comments.size} comments checked`,
      );
      expect(missing, `round ${round}: acknowledged writes missing after the restart`).toEqual([]);
    }
    expect(tasks.size).toBeGreaterThan(50);
    expect(comments.size).toBeGreaterThan(20);
  }, 240_000);
});
