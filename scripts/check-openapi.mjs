#!/usr/bin/env node
// The OpenAPI document (GET /api/v1/docs.json) as the built server answers it, on an in-memory
// database, linted by Redocly's CLI with redocly.yaml: an error fails, warnings are shown.
// Run by `npm test` after the build; exits 1 on findings.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const { buildApp } = await import(join(root, 'packages/server/dist/app.js'));
const { loadConfig } = await import(join(root, 'packages/server/dist/config.js'));

const dir = mkdtempSync(join(tmpdir(), 'ordo-openapi-'));
let status = 1;
try {
  const config = loadConfig({
    DATABASE_URL: 'sqlite::memory:',
    ORDO_DATA_DIR: dir,
    ORDO_PUBLIC_URL: 'https://ordo.example.org/',
    ORDO_LOG_LEVEL: 'error',
  });
  const app = await buildApp(config);
  const res = await app.inject({ method: 'GET', url: '/api/v1/docs.json' });
  await app.close();
  if (res.statusCode !== 200) throw new Error(`GET /api/v1/docs.json answered ${res.statusCode}`);
  const file = join(dir, 'openapi.json');
  writeFileSync(file, res.body);
  const cli = createRequire(join(root, 'package.json')).resolve('@redocly/cli/bin/cli.js');
  const lint = spawnSync(
    process.execPath,
    [
      cli,
      'lint',
      file,
      '--config',
      join(root, 'redocly.yaml'),
      '--format',
      'stylish',
      '--max-problems',
      '50',
    ],
    {
      stdio: 'inherit',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  );
  status = lint.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(status);
