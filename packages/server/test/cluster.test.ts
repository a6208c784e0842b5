/**
 * The built server with ORDO_WORKERS=2 (cluster.ts), started as an operator starts it: one
 * primary and two server processes on one port, on a fresh database of the dialect under test.
 * Requests go over new connections, which the primary deals out to the two processes in turn.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { resolve } from 'node:path';
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, infoAnswers, READY_TIMEOUT_MS, until, untilReady } from './support/built-server.js';
import { createEmptyDatabase, testDialect } from './support/test-app.js';

const main = resolve(import.meta.dirname, '../dist/main.js');
const RATE_LIMIT = 4;

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: JSON answers of several shapes, read as each test needs (like light-my-request's json()).
  body: any;
}

/** The pids of a process's children, from /proc. */
function childrenOf(pid: number): number[] {
  const list = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return list ? list.split(' ').map(Number) : [];
}

type TestDatabase = Awaited<ReturnType<typeof createEmptyDatabase>>;

/**
 * The built server as an operator starts it on `database`, with its output (stdout and stderr)
 * collected.
 */
function startBuiltServer(
  database: TestDatabase,
  port: number,
  env: Record<string, string>,
): { server: ChildProcess; output: () => string } {
  let output = '';
  const server = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      DATABASE_URL: database.url,
      ORDO_DATA_DIR: database.dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ORDO_LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  server.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  return { server, output: () => output };
}

describe('several server processes (ORDO_WORKERS=2)', () => {
  let port: number;
  let server: ChildProcess;
  let database: TestDatabase;
  let output: () => string;

  /** One request on a connection of its own (agent: false), so each may reach another process. */
  const call = (method: string, path: string, body?: unknown, token?: string) =>
    new Promise<Answer>((done, fail) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method,
          path: `/api/v1${path}`,
          agent: false,
          headers: {
            ...(payload ? { 'content-type': 'application/json' } : {}),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk) => {
            text += chunk;
          });
          res.on('end', () => done({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
        },
      );
      req.on('error', fail);
      req.end(payload);
    });

  beforeAll(async () => {
    expect(existsSync(main), `${main} is missing; run npm run build`).toBe(true);
    database = await createEmptyDatabase();
    port = await freePort();
    ({ server, output } = startBuiltServer(database, port, {
      ORDO_WORKERS: '2',
      ORDO_RATE_LIMIT: String(RATE_LIMIT),
    }));
    await untilReady(output);
  }, READY_TIMEOUT_MS + 30_000);

  afterAll(async () => {
    if (server.exitCode === null) {
      server.kill('SIGKILL');
      await new Promise((r) => server.once('exit', r));
    }
    await database.drop();
  });

  it('answers from two server processes under one primary', async () => {
    expect(output()).toContain('2 server processes');
    expect(childrenOf(server.pid as number)).toHaveLength(2);
    expect((await call('GET', '/info')).status).toBe(200);
  });

  it('runs each server process with the larger young generation (worker-flags.ts)', () => {
    for (const pid of childrenOf(server.pid as number)) {
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      expect(argv).toContain('--max-semi-space-size=64');
    }
  });

  it('takes many writes at once from both processes without losing or failing one', async () => {
    const registered = await call('POST', '/register', {
      username: 'clusterUser',
      email: 'cluster@example.com',
      password: 'tidy-otter-42',
    });
    expect(registered.status).toBe(200);
    // The one login this file makes before the rate limit test below. Its session lives in the
    // database, so the token is good in either process.
    const login = await call('POST', '/login', { username: 'clusterUser', password: 'tidy-otter-42' });
    expect(login.status).toBe(200);
    const token: string = login.body.token;
    const project = await call('PUT', '/projects', { title: 'Busy' }, token);
    expect(project.status).toBe(201);

    const created = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call('PUT', `/projects/${project.body.id}/tasks`, { title: `task ${i}` }, token),
      ),
    );
    expect(created.map((c) => c.status)).toEqual(created.map(() => 201));
    const indexes = created.map((c) => c.body.index as number).sort((a, b) => a - b);
    expect(indexes).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));

    const listed = await call('GET', `/projects/${project.body.id}/tasks?per_page=50`, undefined, token);
    expect(listed.body).toHaveLength(40);
  });

  it('folds the new tasks into the packed search postings from the primary', async () => {
    // The 40 tasks of the test above each hold "task" in their title; only a compaction (the
    // primary's, every five seconds) packs them, and it empties the log as it goes.
    const packedBytes = () =>
      readOne<{ bytes: number; logged: number }>(`SELECT
        (SELECT length(postings) FROM search_terms WHERE term = 'task') AS bytes,
        (SELECT count(*) FROM search_postings_pending) AS logged`);
    const packed = await until('the postings to be packed', async () => {
      const row = await packedBytes();
      return Number(row.bytes) === 40 * 4 && Number(row.logged) === 0 ? row : undefined;
    });
    expect(Number(packed.bytes)).toBe(160);
  });

  /** One row of a query on the cluster's database, from a connection of the test's own. */
  async function readOne<Row>(query: string): Promise<Row> {
    if (testDialect === 'sqlite') {
      const own = new Sqlite(database.url.slice('sqlite:'.length), { readonly: true });
      try {
        return own.prepare(query).get() as Row;
      } finally {
        own.close();
      }
    }
    const own = new pg.Client({ connectionString: database.url });
    await own.connect();
    try {
      return (await own.query(query)).rows[0] as Row;
    } finally {
      await own.end();
    }
  }

  it('counts the login rate limit once across the processes', async () => {
    // The test above logged in once: RATE_LIMIT - 1 attempts are left in this minute.
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMIT + 1; i++) {
      statuses.push(
        (await call('POST', '/login', { username: 'nobody', password: 'not-the-password' })).status,
      );
    }
    // Counted per process, each of the two would let RATE_LIMIT attempts through.
    expect(statuses.slice(0, RATE_LIMIT - 1).every((s) => s !== 429)).toBe(true);
    expect(statuses.slice(RATE_LIMIT - 1)).toEqual([429, 429]);
  });

  /**
   * Holds a write lock on the files table from another connection until `release` (on SQLite the
   * whole database's), as a long import or restore would.
   */
  async function holdWriteLock(): Promise<{ release: () => Promise<void> }> {
    if (testDialect === 'sqlite') {
      const other = new Sqlite(database.url.slice('sqlite:'.length));
      other.exec('BEGIN IMMEDIATE');
      return {
        release: async () => {
          other.exec('COMMIT');
          other.close();
        },
      };
    }
    const other = new pg.Client({ connectionString: database.url });
    await other.connect();
    await other.query('BEGIN');
    await other.query('LOCK TABLE files IN ACCESS EXCLUSIVE MODE');
    return {
      release: async () => {
        await other.query('COMMIT');
        await other.end();
      },
    };
  }

  it('replaces a server process that dies, even while a long write holds the database, and keeps answering', async () => {
    const [victim, survivor] = childrenOf(server.pid as number);
    // A replacement does no writes while it starts (the primary swept files at its own start), so
    // a write lock held for longer than SQLite's busy timeout neither fails nor delays it.
    const lock = await holdWriteLock();
    process.kill(victim, 'SIGKILL');
    let newcomer: number | undefined;
    try {
      const replaced = await until('a replacement process', () => {
        const now = childrenOf(server.pid as number);
        return now.length === 2 && !now.includes(victim) ? now : undefined;
      });
      expect(replaced).toContain(survivor);
      newcomer = replaced.find((pid) => pid !== survivor);
      // Listening: the primary logs nothing more, and the newcomer is still alive past the busy timeout.
      await new Promise((r) => setTimeout(r, 6_000));
      expect(existsSync(`/proc/${newcomer}`)).toBe(true);
    } finally {
      await lock.release();
    }
    expect(output()).not.toContain('exited with code');
    const answers = await Promise.all(Array.from({ length: 6 }, () => call('GET', '/info')));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
  });

  it('stops every process on SIGTERM, with exit code 0', async () => {
    const workers = childrenOf(server.pid as number);
    const exited = new Promise<number | null>((r) => server.once('exit', (code) => r(code)));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const pid of workers) expect(existsSync(`/proc/${pid}`)).toBe(false);
  });
});

describe('a stop asked for while the server processes are still starting', () => {
  it(
    'ends every process with code 0, starts none after it and reports no failed start',
    async () => {
      const database = await createEmptyDatabase();
      const port = await freePort();
      // Four processes start one after another: stopped once the first answers, the rest are
      // still starting.
      const { server, output } = startBuiltServer(database, port, {
        ORDO_WORKERS: '4',
      });
      try {
        const info = infoAnswers(port);
        await until('the first server process to answer', info, READY_TIMEOUT_MS);
        expect(output(), 'all four had started before the stop').not.toContain('Ordo is ready');
        const seen = new Set(childrenOf(server.pid as number));
        const exited = new Promise<number | null>((r) => server.once('exit', (code) => r(code)));
        server.kill('SIGTERM');
        // Every worker seen while stopping, including one forked late, must be gone with the primary.
        const watch = setInterval(() => {
          if (server.exitCode === null) for (const pid of childrenOf(server.pid as number)) seen.add(pid);
        }, 20);
        const code = await exited;
        clearInterval(watch);
        expect(code).toBe(0);
        expect(output()).not.toContain('while starting');
        await until('the server processes to end', () =>
          [...seen].every((pid) => {
            try {
              process.kill(pid, 0);
              return false;
            } catch {
              return true;
            }
          })
            ? true
            : undefined,
        );
      } finally {
        if (server.exitCode === null) server.kill('SIGKILL');
        await database.drop();
      }
    },
    READY_TIMEOUT_MS + 40_000,
  );
});

describe('one server process (ORDO_WORKERS=1)', () => {
  it(
    'serves from one worker under the primary, which replaces it when it dies',
    async () => {
      const database = await createEmptyDatabase();
      const port = await freePort();
      const { server, output } = startBuiltServer(database, port, {
        ORDO_WORKERS: '1',
      });
      const info = infoAnswers(port);
      try {
        await untilReady(output);
        expect(output()).toContain('1 server process)');
        const [worker] = childrenOf(server.pid as number);
        expect(childrenOf(server.pid as number)).toHaveLength(1);
        expect(readFileSync(`/proc/${worker}/cmdline`, 'utf8').split('\0')).toContain(
          '--max-semi-space-size=64',
        );
        process.kill(worker, 'SIGKILL');
        await until('a replacement process', () => {
          const now = childrenOf(server.pid as number);
          return now.length === 1 && now[0] !== worker ? now : undefined;
        });
        expect(await until('an answer from the replacement', info, READY_TIMEOUT_MS)).toBe(true);
        const exited = new Promise<number | null>((r) => server.once('exit', (code) => r(code)));
        server.kill('SIGTERM');
        expect(await exited).toBe(0);
      } finally {
        if (server.exitCode === null) server.kill('SIGKILL');
        await database.drop();
      }
    },
    READY_TIMEOUT_MS + 30_000,
  );
});
