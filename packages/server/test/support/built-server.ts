/**
 * The built server (dist/main.js) started as an operator starts it, in a process of its own, for
 * tests of what only the real start-up does (several server processes under a primary).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

export const builtMain = resolve(import.meta.dirname, '../../dist/main.js');

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

export interface BuiltServer {
  process: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** One request on a connection of its own, so each may reach another server process. */
  call(path: string, headers?: Record<string, string>): Promise<{ status: number; body: string }>;
  stop(): Promise<void>;
}

export function startBuiltServer(env: Record<string, string>, port: number): BuiltServer {
  let output = '';
  const child = spawn(process.execPath, [builtMain], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ORDO_LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  return {
    process: child,
    output: () => output,
    call: (path, headers = {}) =>
      new Promise((done, fail) => {
        const req = request({ host: '127.0.0.1', port, path, agent: false, headers }, (res) => {
          let body = '';
          res.on('data', (chunk) => {
            body += chunk;
          });
          res.on('end', () => done({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', fail);
        req.end();
      }),
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/**
 * How long a built server may take to be ready: migrating a fresh database and starting its
 * processes took over 20 s on a loaded 2-core CI host.
 */
export const READY_TIMEOUT_MS = 60_000;

/** Waits until a built server's output says it is ready (READY_TIMEOUT_MS at most). */
export function untilReady(output: () => string): Promise<true> {
  return until(
    'the server to be ready',
    () => (output().includes('Ordo is ready') ? true : undefined),
    READY_TIMEOUT_MS,
  );
}

/** True once /api/v1/info on `port` answers 200; undefined while it does not (for until()). */
export function infoAnswers(port: number): () => Promise<true | undefined> {
  return () =>
    fetch(`http://127.0.0.1:${port}/api/v1/info`).then(
      (r) => (r.ok ? true : undefined),
      () => undefined,
    );
}

export async function until<T>(
  what: string,
  check: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
