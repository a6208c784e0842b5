#!/usr/bin/env node
// The container image's steps, checked without a container engine: scripts/build-image-root.sh
// (what the Dockerfile's build stage runs) runs as it is in a clean copy of the repository (its
// tracked and new files, as `git ls-files` lists them), then the runtime folder it lays out is
// started as the image starts it, on a free port with an empty data folder, and must answer
// /health/ready, the web app, and a register → login → /user round trip. Run by `npm test`;
// exits 1 on any failure. The npm cache is reused (`--prefer-offline`), so this takes about as
// long as one `npm ci` and one build.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'ordo-image-'));
const src = join(work, 'src');
const out = join(work, 'out');
const data = join(work, 'data');
let server = null;

function step(what, command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024, ...options });
  if (result.status !== 0) {
    const log = join(tmpdir(), `ordo-image-${process.pid}.log`);
    writeFileSync(log, `${result.stdout ?? ''}\n${result.stderr ?? ''}`);
    console.error(`${what} failed (exit ${result.status}); its output: ${log}`);
    console.error((result.stdout ?? '').split('\n').slice(-15).join('\n'));
    console.error((result.stderr ?? '').split('\n').slice(-15).join('\n'));
    throw new Error(`${what} failed`);
  }
  return result.stdout;
}

async function freePort() {
  const s = createServer();
  await new Promise((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address();
  await new Promise((r) => s.close(r));
  return port;
}

async function until(what, check, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // Not up yet.
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

function expect(condition, message) {
  if (!condition) throw new Error(message);
}

let failed = false;
const started = Date.now();
try {
  // A clean copy: what git tracks or would track, nothing built or installed.
  mkdirSync(src);
  const files = step(
    'listing the files',
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: root,
    },
  )
    .split('\0')
    // Never an installed tree: a node_modules that is a link would lead npm ci out of the copy.
    .filter((f) => f && !f.split('/').includes('node_modules') && existsSync(join(root, f)));
  step('copying the repository', 'tar', ['-c', '--null', '-T', '-', '-f', join(work, 'src.tar')], {
    cwd: root,
    input: files.join('\0'),
  });
  step('unpacking the copy', 'tar', ['-x', '-f', join(work, 'src.tar'), '-C', src]);

  step('scripts/build-image-root.sh', 'bash', ['scripts/build-image-root.sh', out], { cwd: src });
  console.log(`runtime folder laid out in ${Math.round((Date.now() - started) / 1000)} s`);
  // Dev dependencies only (typescript stays: i18next, of the web app, names it as a peer).
  for (const devOnly of ['vitest', 'vite', '@biomejs/biome', '@playwright/test', '@redocly/cli']) {
    expect(
      !existsSync(join(out, 'node_modules', devOnly, 'package.json')),
      `the runtime folder holds ${devOnly}, a dev dependency`,
    );
  }
  for (const built of [
    'packages/server/dist/main.js',
    'packages/core/dist/index.js',
    'packages/web/dist/index.html',
  ]) {
    expect(existsSync(join(out, built)), `the runtime folder lacks ${built}`);
  }
  expect(!existsSync(join(out, 'packages/server/src')), 'the runtime folder holds the sources');

  // Started as the image starts it: from the runtime folder, nothing of this environment's ORDO_*.
  const port = await freePort();
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('ORDO_')));
  server = spawn(process.execPath, ['packages/server/dist/main.js'], {
    cwd: out,
    env: {
      ...env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      ORDO_DATA_DIR: data,
      ORDO_WORKERS: '1',
      ORDO_LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await until('/health/ready', async () => (await fetch(`${base}/health/ready`)).status === 200);

  const page = await fetch(`${base}/`);
  expect(
    page.status === 200 && (await page.text()).includes('<div id="root"'),
    'the web app is not served at /',
  );
  const json = { 'content-type': 'application/json' };
  const user = { username: 'imagecheck', email: 'imagecheck@example.com', password: 'tidy-otter-42' };
  const registered = await fetch(`${base}/api/v1/register`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify(user),
  });
  expect(registered.status === 200, `register answered ${registered.status}: ${await registered.text()}`);
  const login = await fetch(`${base}/api/v1/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ username: user.username, password: user.password }),
  });
  expect(login.status === 200, `login answered ${login.status}`);
  const { token } = await login.json();
  const me = await fetch(`${base}/api/v1/user`, { headers: { authorization: `Bearer ${token}` } });
  expect(
    me.status === 200 && (await me.json()).username === user.username,
    '/user does not answer the new user',
  );
  expect(existsSync(join(data, 'ordo.db')), 'the SQLite database is not in ORDO_DATA_DIR');
  console.log(`the runtime folder serves Ordo (${Math.round((Date.now() - started) / 1000)} s in all)`);
} catch (error) {
  failed = true;
  console.error(`image check: ${error.message}`);
} finally {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
  rmSync(work, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
