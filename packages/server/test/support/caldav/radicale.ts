/**
 * A real Radicale (Debian's `radicale` package) for reference runs of CalDAV scenarios: its own
 * configuration and storage in a temporary folder, listening on a free port of 127.0.0.1, with
 * no authentication (any name and password sign in as that user; each sees only their own).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Debian's Python, where python3-caldav and radicale are installed (not a Python of one's own). */
export const SYSTEM_PYTHON = '/usr/bin/python3';

export interface Radicale {
  url: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

function requireRadicale(): void {
  if (
    !existsSync('/usr/lib/python3/dist-packages/radicale') ||
    !existsSync('/usr/lib/python3/dist-packages/caldav')
  )
    throw new Error(
      'The CalDAV reference tests need Radicale and python3-caldav. Install them with: ' +
        'DEBIAN_FRONTEND=noninteractive apt-get install -y radicale python3-caldav',
    );
}

async function listening(port: number, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (up) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Radicale did not listen on port ${port}`);
}

export async function startRadicale(): Promise<Radicale> {
  requireRadicale();
  const dir = mkdtempSync(join(tmpdir(), 'ordo-radicale-'));
  const port = await freePort();
  const config = join(dir, 'config');
  writeFileSync(
    config,
    [
      '[server]',
      `hosts = 127.0.0.1:${port}`,
      '[auth]',
      'type = none',
      '[rights]',
      'type = owner_only',
      '[storage]',
      `filesystem_folder = ${join(dir, 'storage')}`,
      '[logging]',
      'level = warning',
      '',
    ].join('\n'),
  );
  let output = '';
  const child: ChildProcess = spawn(SYSTEM_PYTHON, ['-m', 'radicale', '--config', config], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += String(d);
  });
  child.stderr?.on('data', (d) => {
    output += String(d);
  });
  try {
    await listening(port, Date.now() + 15_000);
  } catch (error) {
    child.kill();
    throw new Error(`${(error as Error).message}: ${output}`);
  }
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill();
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
