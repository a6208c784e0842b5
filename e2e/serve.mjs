#!/usr/bin/env node
// Starts the built Ordo server for the end-to-end tests on a fresh database: a new SQLite file,
// or (E2E_DB=postgres) a new PostgreSQL database that is dropped again when the server stops.
// The server runs as a child process: on SIGTERM or SIGINT this waits until it has stopped, then
// removes its database and data folder. (Run in this process, the server's own stop ended the
// process before the clean-up had finished, and every run left a database and folders behind.)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const pg = createRequire(join(root, 'packages/server/package.json'))('pg');
const dataDir = mkdtempSync(join(tmpdir(), 'ordo-e2e-'));
process.env.ORDO_DATA_DIR = dataDir;
process.env.ORDO_LOG_LEVEL ??= 'warn';

let dropDatabase = async () => {};
if (process.env.E2E_DB === 'postgres') {
  const adminUrl = process.env.ORDO_TEST_PG_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
  const name = `ordo_e2e_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  dropDatabase = async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
}

const server = spawn(process.execPath, [join(root, 'packages/server/dist/main.js')], { stdio: 'inherit' });
const stopped = new Promise((resolve) =>
  server.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))),
);

let cleaningUp = false;
async function cleanUp() {
  if (cleaningUp) return;
  cleaningUp = true;
  const code = await stopped;
  await dropDatabase().catch((error) =>
    console.error(`e2e: the test database was not dropped: ${error.message}`),
  );
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code);
}
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    // The whole process group may have had it already (Playwright's shutdown); a second one is harmless.
    server.kill(signal);
    cleanUp();
  });
}
// A server that stops by itself (a failed start) is cleaned up after as well.
stopped.then(cleanUp);
