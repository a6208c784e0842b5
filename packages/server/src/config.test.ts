import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseDatabaseUrl, parseSize } from './config.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ordo-config-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const load = (env: Record<string, string> = {}) => loadConfig({ ORDO_DATA_DIR: dir, ...env });

describe('loadConfig defaults', () => {
  it('serves on 3456 with SQLite in the data dir and the documented switches', () => {
    const c = load();
    expect(c.port).toBe(3456);
    expect(c.dataDir).toBe(resolve(dir));
    expect(c.database).toEqual({ kind: 'sqlite', file: join(resolve(dir), 'ordo.db') });
    expect(c.publicUrl).toBe('http://localhost:3456/');
    expect(c.registration).toBe(true);
    expect(c.localAuth).toBe(true);
    expect(c.rateLimit).toBe(10);
    expect(c.bruteForce).toEqual({ failures: 5, maxWaitMs: 300_000, forgetMs: 3_600_000 });
    // Load shedding: a mean event-loop delay of 500 ms, 200 queries waiting for the database or
    // one of them waiting over a second.
    expect([c.maxEventLoopDelay, c.maxEventLoopUtilization, c.maxDbQueue, c.maxDbWait, c.retryAfter]).toEqual(
      [500, 0, 200, 1000, 5],
    );
    expect(c.smtpUrl).toBeNull();
    expect(c.demoMode).toBe(false);
    expect(c.motd).toBe('');
    expect(c.maxFileSize).toBe(20 * 1024 * 1024);
    expect(c.maxBodySize).toBe(2 * 1024 * 1024);
    expect(c.maxItemsPerPage).toBe(50);
    expect(c.jwtTtl).toBe(72 * 3600);
    expect(c.jwtTtlLong).toBe(30 * 86400);
    expect(c.openidProviders).toEqual([]);
    expect(c.corsOrigins).toEqual(['http://localhost:3456']);
  });

  it('trusts only the public address for CORS unless ORDO_CORS_ORIGINS says otherwise', () => {
    expect(load({ ORDO_PUBLIC_URL: 'https://tasks.example.com/ordo/' }).corsOrigins).toEqual([
      'https://tasks.example.com',
    ]);
    expect(load({ PORT: '8080' }).corsOrigins).toEqual(['http://localhost:8080']);
    expect(
      load({
        ORDO_PUBLIC_URL: 'https://tasks.example.com/',
        ORDO_CORS_ORIGINS: 'http://localhost:*, https://app.example.com',
      }).corsOrigins,
    ).toEqual(['http://localhost:*', 'https://app.example.com']);
  });

  it('uses ./data when ORDO_DATA_DIR is unset', () => {
    const c = loadConfig({ ORDO_JWT_SECRET: 'a-long-enough-test-secret' });
    expect(c.dataDir).toBe(resolve('./data'));
  });

  it('reads switches, numbers and sizes', () => {
    const c = load({
      PORT: '8080',
      ORDO_REGISTRATION: 'no',
      ORDO_DEMO_MODE: 'TRUE',
      ORDO_RATE_LIMIT: '0',
      ORDO_MAX_FILE_SIZE: '512KB',
      ORDO_MAX_BODY_SIZE: '1MB',
      ORDO_MOTD: 'Hello',
      ORDO_PUBLIC_URL: 'https://tasks.example.com',
    });
    expect(c.port).toBe(8080);
    expect(c.registration).toBe(false);
    expect(c.demoMode).toBe(true);
    expect(c.rateLimit).toBe(0);
    expect(c.maxFileSize).toBe(512 * 1024);
    expect(c.maxBodySize).toBe(1024 * 1024);
    expect(c.motd).toBe('Hello');
    expect(c.publicUrl).toBe('https://tasks.example.com/');
  });

  it('lets the environment win over the config file', () => {
    const file = join(dir, 'ordo.json');
    writeFileSync(file, JSON.stringify({ ORDO_MOTD: 'from file', ORDO_DEMO_MODE: true, PORT: 9000 }));
    const c = load({ ORDO_CONFIG_FILE: file, PORT: '9100' });
    expect(c.motd).toBe('from file');
    expect(c.demoMode).toBe(true);
    expect(c.port).toBe(9100);
  });
});

describe('DATABASE_URL', () => {
  it.each([
    ['sqlite:/var/lib/ordo/ordo.db', '/var/lib/ordo/ordo.db'],
    ['sqlite:///var/lib/ordo/ordo.db', '/var/lib/ordo/ordo.db'],
    ['sqlite:relative/ordo.db', resolve('relative/ordo.db')],
    ['sqlite://relative/ordo.db', resolve('relative/ordo.db')],
    ['sqlite::memory:', ':memory:'],
  ])('%s is the SQLite file %s', (url, file) => {
    expect(parseDatabaseUrl(url, dir)).toEqual({ kind: 'sqlite', file });
  });

  it.each(['postgres://u:p@db:5432/ordo', 'postgresql://u@localhost/ordo?sslmode=disable'])(
    '%s is PostgreSQL',
    (url) => {
      expect(parseDatabaseUrl(url, dir)).toEqual({ kind: 'postgres', url });
    },
  );

  it('falls back to ordo.db in the data dir', () => {
    expect(parseDatabaseUrl(undefined, '/srv/ordo')).toEqual({ kind: 'sqlite', file: '/srv/ordo/ordo.db' });
  });

  it.each(['mysql://root@localhost/ordo', 'sqlite:', 'ordo.db'])('rejects %s', (url) => {
    expect(() => load({ DATABASE_URL: url })).toThrow(ConfigError);
  });
});

describe('bad values throw a ConfigError that names the variable', () => {
  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['ORDO_RATE_LIMIT', '1.5'],
    ['ORDO_RATE_LIMIT', 'lots'],
    ['ORDO_MAX_EVENT_LOOP_DELAY', '0.5'],
    ['ORDO_MAX_EVENT_LOOP_UTILIZATION', '150'],
    ['ORDO_MAX_DB_QUEUE', '-1'],
    ['ORDO_MAX_DB_WAIT', '-1'],
    ['ORDO_RETRY_AFTER', '0'],
    ['ORDO_REGISTRATION', 'maybe'],
    ['ORDO_DEMO_MODE', '2'],
    ['ORDO_MAX_FILE_SIZE', 'big'],
    ['ORDO_MAX_BODY_SIZE', 'small'],
    ['ORDO_MAX_ITEMS_PER_PAGE', '0'],
    ['ORDO_JWT_TTL', '10'],
    ['ORDO_PUBLIC_URL', 'tasks.example.com'],
    ['ORDO_PUBLIC_URL', 'ftp://tasks.example.com'],
    ['ORDO_JWT_SECRET', 'short'],
    ['ORDO_LOG_LEVEL', 'loud'],
    ['ORDO_OPENID_PROVIDERS', 'not json'],
    ['ORDO_OPENID_PROVIDERS', '{"key":"a"}'],
    ['ORDO_OPENID_PROVIDERS', '[1]'],
    ['ORDO_OPENID_PROVIDERS', '[{"key":"a","name":"A","clientId":"x"}]'],
    ['ORDO_OPENID_PROVIDERS', '[{"key":"a b","name":"A","authUrl":"https://a","clientId":"x"}]'],
    [
      'ORDO_OPENID_PROVIDERS',
      '[{"key":"a","name":"A","authUrl":"https://a","clientId":"x"},{"key":"a","name":"B","authUrl":"https://b","clientId":"y"}]',
    ],
  ])('%s=%s', (name, value) => {
    let error: unknown;
    try {
      load({ [name]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(name);
  });

  it('a config file that is not a JSON object', () => {
    const file = join(dir, 'broken.json');
    writeFileSync(file, '{ not json');
    expect(() => load({ ORDO_CONFIG_FILE: file })).toThrow(/ORDO_CONFIG_FILE/);
    writeFileSync(file, '[1,2]');
    expect(() => load({ ORDO_CONFIG_FILE: file })).toThrow(ConfigError);
    expect(() => load({ ORDO_CONFIG_FILE: join(dir, 'missing.json') })).toThrow(ConfigError);
  });

  it('parseSize understands units and refuses nonsense', () => {
    expect(parseSize('X', '20MB', 0)).toBe(20 * 1024 * 1024);
    expect(parseSize('X', '1gb', 0)).toBe(1024 ** 3);
    expect(parseSize('X', '300', 0)).toBe(300);
    expect(parseSize('X', undefined, 7)).toBe(7);
    expect(() => parseSize('X', '20 parsecs', 0)).toThrow(ConfigError);
  });
});

describe('OpenID providers', () => {
  it('accepts camelCase and snake_case and fills the default scope', () => {
    const c = load({
      ORDO_OPENID_PROVIDERS: JSON.stringify([
        { key: 'kc', name: 'Keycloak', authUrl: 'https://sso/x', clientId: 'ordo', clientSecret: 's3cret' },
        {
          key: 'gl',
          name: 'GitLab',
          auth_url: 'https://gl',
          client_id: 'abc',
          scope: 'openid',
          logout_url: 'https://gl/out',
        },
      ]),
    });
    expect(c.openidProviders).toEqual([
      {
        key: 'kc',
        name: 'Keycloak',
        authUrl: 'https://sso/x',
        clientId: 'ordo',
        clientSecret: 's3cret',
        scope: 'openid email profile',
        logoutUrl: '',
      },
      {
        key: 'gl',
        name: 'GitLab',
        authUrl: 'https://gl',
        clientId: 'abc',
        clientSecret: '',
        scope: 'openid',
        logoutUrl: 'https://gl/out',
      },
    ]);
  });

  it('refuses a key that names a built-in issuer, whose accounts the provider would take over', () => {
    for (const key of ['local', 'LDAP']) {
      const providers = JSON.stringify([{ key, name: 'X', authUrl: 'https://sso', clientId: 'c' }]);
      expect(() => load({ ORDO_OPENID_PROVIDERS: providers })).toThrow(`key must not be "${key}"`);
    }
  });
});

describe('JWT secret', () => {
  it('is generated once, kept in the data dir readable only by the owner, and reused', () => {
    const first = load().jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = join(dir, 'jwt-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(load().jwtSecret).toBe(first);
  });

  it('prefers ORDO_JWT_SECRET and then writes nothing', () => {
    const c = load({ ORDO_JWT_SECRET: 'configured-secret-of-some-length' });
    expect(c.jwtSecret).toBe('configured-secret-of-some-length');
    expect(() => statSync(join(dir, 'jwt-secret'))).toThrow();
  });

  it('replaces an empty stored secret instead of signing with nothing', () => {
    writeFileSync(join(dir, 'jwt-secret'), '\n');
    const secret = load().jwtSecret;
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8').trim()).toBe(secret);
  });
});

describe('ORDO_TRUST_PROXY', () => {
  it('trusts no proxy by default, not even one on this host or a private network', () => {
    expect(load().trustProxy).toBe(false);
    expect(load({ ORDO_TRUST_PROXY: '' }).trustProxy).toBe(false);
  });

  it('takes the ranges a proxy on this host or a private network needs, when named', () => {
    expect(load({ ORDO_TRUST_PROXY: 'loopback,uniquelocal' }).trustProxy).toBe('loopback,uniquelocal');
  });

  it('takes true, false or a list of addresses', () => {
    expect(load({ ORDO_TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(load({ ORDO_TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(load({ ORDO_TRUST_PROXY: '10.0.0.1, 192.168.0.0/16' }).trustProxy).toBe(
      '10.0.0.1, 192.168.0.0/16',
    );
    expect(() => load({ ORDO_TRUST_PROXY: 'everyone!' })).toThrow(/ORDO_TRUST_PROXY/);
  });
});

describe('ORDO_BRUTE_FORCE_*', () => {
  it('reads the free failures, the longest wait and the quiet time in seconds', () => {
    const c = load({
      ORDO_BRUTE_FORCE_FAILURES: '0',
      ORDO_BRUTE_FORCE_MAX_WAIT: '60',
      ORDO_BRUTE_FORCE_FORGET: '600',
    });
    expect(c.bruteForce).toEqual({ failures: 0, maxWaitMs: 60_000, forgetMs: 600_000 });
    expect(() => load({ ORDO_BRUTE_FORCE_MAX_WAIT: '0' })).toThrow(/ORDO_BRUTE_FORCE_MAX_WAIT/);
    expect(() => load({ ORDO_BRUTE_FORCE_FAILURES: 'many' })).toThrow(/ORDO_BRUTE_FORCE_FAILURES/);
  });
});

describe('ORDO_WORKERS', () => {
  it('runs one server process per core by default, at most four', () => {
    expect(load().workers).toBe(Math.min(availableParallelism(), 4));
    expect(load({ DATABASE_URL: 'postgres://u:p@db.example.org/ordo' }).workers).toBe(
      Math.min(availableParallelism(), 4),
    );
  });

  it('leaves half the cores to a PostgreSQL server on the same host', () => {
    const half = Math.max(1, Math.min(Math.floor(availableParallelism() / 2), 4));
    for (const url of [
      'postgres://u:p@127.0.0.1:5432/ordo',
      'postgres://u@localhost/ordo',
      'postgresql://u@[::1]:5432/ordo',
      'postgres:///ordo?host=/var/run/postgresql',
      'postgres://u@%2Fvar%2Frun%2Fpostgresql/ordo',
    ]) {
      expect(load({ DATABASE_URL: url }).workers, url).toBe(half);
    }
    expect(load({ DATABASE_URL: 'postgres://u@127.0.0.1/ordo', ORDO_WORKERS: '3' }).workers).toBe(3);
  });

  it('takes a number from 1 to 64', () => {
    expect(load({ ORDO_WORKERS: '1' }).workers).toBe(1);
    expect(load({ ORDO_WORKERS: '8' }).workers).toBe(8);
    expect(() => load({ ORDO_WORKERS: '0' })).toThrow(
      'ORDO_WORKERS must be a whole number from 1 to 64, got "0"',
    );
    expect(() => load({ ORDO_WORKERS: 'many' })).toThrow(/ORDO_WORKERS/);
  });

  it('keeps one process for an in-memory SQLite database, which a second process could not see', () => {
    expect(load({ ORDO_WORKERS: '4', DATABASE_URL: 'sqlite::memory:' }).workers).toBe(1);
    expect(load({ ORDO_WORKERS: '4', DATABASE_URL: 'postgres://u:p@db/ordo' }).workers).toBe(4);
  });
});
