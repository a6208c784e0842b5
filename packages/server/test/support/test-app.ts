/**
 * Builds a real Ordo app on a fresh database for one test file: a temporary SQLite file, or a
 * new PostgreSQL database created on the server named by ORDO_TEST_PG_URL. The project run by
 * vitest (api-sqlite or api-postgres) picks which through ORDO_TEST_DB.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { type BuildOptions, buildApp } from '../../src/app.js';
import { type Config, loadConfig } from '../../src/config.js';
import { type Db, openDatabase } from '../../src/db/database.js';

export const testDialect = (process.env.ORDO_TEST_DB ?? 'sqlite') as 'sqlite' | 'postgres';
export const pgAdminUrl =
  process.env.ORDO_TEST_PG_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  /** `app.inject` with JSON body and optional bearer token. */
  request(
    method: InjectOptions['method'],
    url: string,
    opts?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
  /** Registers and logs in a user; the password is `tidy-otter-42`. */
  signUp(
    username: string,
    extra?: { email?: string; long?: boolean },
  ): Promise<{ token: string; id: number }>;
  close(): Promise<void>;
}

export type TestDialect = 'sqlite' | 'postgres';

async function createPgDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `ordo_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgAdminUrl });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is required for the api-postgres tests and is not reachable at ${pgAdminUrl}: ${String(error)}`,
    );
  }
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(pgAdminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: pgAdminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** A new, empty database (nothing migrated) with its DATABASE_URL; `drop` removes it again. */
export async function createEmptyDatabase(
  dialect: TestDialect = testDialect,
): Promise<{ url: string; dataDir: string; drop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ordo-test-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (dialect === 'sqlite') {
    return { url: `sqlite:${join(dataDir, 'ordo.db')}`, dataDir, drop: async () => removeDir() };
  }
  const created = await createPgDatabase();
  return {
    url: created.url,
    dataDir,
    drop: async () => {
      await created.drop();
      removeDir();
    },
  };
}

/**
 * The database layer alone (no app, no migrations) on a fresh PostgreSQL database, for tests of
 * what the pool does; `close` closes it and drops the database.
 */
export async function openEmptyPostgres(): Promise<{ db: Db; close: () => Promise<void> }> {
  const created = await createEmptyDatabase('postgres');
  const db = openDatabase(loadConfig({ DATABASE_URL: created.url, ORDO_DATA_DIR: created.dataDir }).database);
  return {
    db,
    close: async () => {
      await db.close();
      await created.drop();
    },
  };
}

/**
 * The app on a fresh database of the dialect the vitest project picks (or the one asked for), or
 * on a database of the test's own (`on`, from createEmptyDatabase), which `close` then leaves.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { dialect?: TestDialect; build?: BuildOptions; on?: { url: string; dataDir: string } } = {},
): Promise<TestApp> {
  const {
    url: databaseUrl,
    dataDir,
    drop: dropDb,
  } = options.on
    ? { ...options.on, drop: async () => {} }
    : await createEmptyDatabase(options.dialect ?? testDialect);
  const config = loadConfig({
    ORDO_DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    ORDO_JWT_SECRET: 'test-secret-test-secret-test-secret',
    ORDO_RATE_LIMIT: '0',
    // Every injected request comes from one address; tests of the backoff turn it on.
    ORDO_BRUTE_FORCE_FAILURES: '0',
    // The test process builds its fixtures (a zip of a million tasks, say) on the event loop it
    // measures, so load shedding would turn away the next request; its tests turn it on.
    ORDO_MAX_EVENT_LOOP_DELAY: '0',
    ORDO_MAX_DB_QUEUE: '0',
    ORDO_MAX_DB_WAIT: '0',
    ORDO_WEB_DIST: join(dataDir, 'no-web'),
    ...env,
  });
  const app = await buildApp(config, { logger: false, ...options.build });

  const request: TestApp['request'] = (method, url, opts = {}) =>
    app.inject({
      method,
      url,
      headers: {
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...opts.headers,
      },
      ...(opts.body !== undefined
        ? { payload: typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body) }
        : {}),
    });

  return {
    app,
    config,
    request,
    async signUp(username, extra = {}) {
      const reg = await request('POST', '/api/v1/register', {
        body: { username, email: extra.email ?? `${username}@example.com`, password: 'tidy-otter-42' },
      });
      if (reg.statusCode !== 200) throw new Error(`register ${username} failed: ${reg.body}`);
      const login = await request('POST', '/api/v1/login', {
        body: { username, password: 'tidy-otter-42', long_token: extra.long ?? false },
      });
      if (login.statusCode !== 200) throw new Error(`login ${username} failed: ${login.body}`);
      return { token: login.json().token as string, id: reg.json().id as number };
    },
    async close() {
      await app.close();
      await dropDb();
    },
  };
}
