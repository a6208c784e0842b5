// Starts the built Ordo server as a child process on a fresh database for a benchmark.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const root = new URL('../..', import.meta.url).pathname;

/**
 * Server settings for the throughput scenarios (list, filter, board, search): load shedding off.
 * On a host busy with other work the server's event-loop delay passes its limit and it answers
 * 503 to part of the load, which ends the measurement; these scenarios measure what a request
 * costs, the `load` scenario measures the shedding.
 */
export const MEASURING = {
  ORDO_MAX_EVENT_LOOP_DELAY: '0',
  ORDO_MAX_EVENT_LOOP_UTILIZATION: '0',
  ORDO_MAX_DB_QUEUE: '0',
  ORDO_MAX_DB_WAIT: '0',
};

/** How many processes answer requests: the workers under a primary, or the one process. */
export function serverProcesses(pid) {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return children ? children.split(' ').length : 1;
}

// Two minutes: on a host shared with other work, starting the server processes can take a while.
export async function waitFor(url, timeoutMs = 120_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/**
 * Starts Ordo (SQLite by default, or the given DATABASE_URL) and resolves when /info answers.
 * `restart()` stops it and starts it again on the same data, as an operator does after loading
 * data into the database behind the server's back (`pid` changes with it).
 * `env` adds server settings (e.g. a raised import limit). `workers` sets ORDO_WORKERS; left out, the server picks its default as it does for an operator
 * (one process per core, up to four; half the cores with PostgreSQL on this host).
 */
export async function startOrdo({ port, databaseUrl, workers, env: extraEnv = {} } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'ordo-bench-'));
  // BENCH_PROFILE_DIR=<dir> writes a V8 CPU profile of the server there (see bench/profile.mjs);
  // BENCH_NODE_FLAGS adds Node options (e.g. --trace-gc), which the server processes inherit.
  const profile = process.env.BENCH_PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
    : [];
  const base = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    ORDO_DATA_DIR: dataDir,
    ORDO_RATE_LIMIT: '0',
    ORDO_LOG_LEVEL: 'warn',
    ...(workers ? { ORDO_WORKERS: String(workers) } : {}),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
    ...extraEnv,
  };
  // The server's own rule for how many processes it starts.
  const { loadConfig } = await import(join(root, 'packages/server/dist/config.js'));
  const wanted = loadConfig(env).workers;
  const spawnServer = async () => {
    const child = spawn(
      process.execPath,
      [
        ...profile,
        ...(process.env.BENCH_NODE_FLAGS ? process.env.BENCH_NODE_FLAGS.split(' ') : []),
        join(root, 'packages/server/dist/main.js'),
      ],
      {
        env,
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    await waitFor(`${base}/api/v1/info`);
    // With several server processes, /info answers once the first listens; wait for them all.
    const start = Date.now();
    while (wanted > 1 && serverProcesses(child.pid) < wanted && Date.now() - start < 30_000) {
      await new Promise((r) => setTimeout(r, 50));
    }
    return child;
  };
  const halt = async (child) => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  };
  let child = await spawnServer();
  console.log(`Ordo: ${serverProcesses(child.pid)} server process(es)`);
  return {
    base,
    dataDir,
    get pid() {
      return child.pid;
    },
    async restart() {
      await halt(child);
      child = await spawnServer();
    },
    async stop() {
      await halt(child);
      // BENCH_KEEP_DATA=1 leaves the seeded database behind for a closer look (EXPLAIN and the like).
      if (process.env.BENCH_KEEP_DATA) console.log(`kept ${dataDir}`);
      else rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function api(base, method, path, { token, body } = {}) {
  const res = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** Registers and logs in a benchmark user; returns the token. */
export async function signUp(base, username = 'bench') {
  await api(base, 'POST', '/register', {
    body: { username, email: `${username}@example.com`, password: 'benchmark-pass' },
  });
  const { token } = await api(base, 'POST', '/login', { body: { username, password: 'benchmark-pass' } });
  return token;
}
