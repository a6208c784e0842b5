/**
 * The security headers on every kind of response (API, errors, 404s, the web app and its files,
 * the API docs, CalDAV), HSTS only with an https public address, and CORS: by default only the
 * public address's origin, with every method the API uses.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';

/** A built web app's shape: index.html and a hashed asset. */
function fakeWebApp(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ordo-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  writeFileSync(join(dir, 'assets', 'app-123.js'), 'console.log(1);');
  return dir;
}

/** The CSP as directive name → its sources. */
function csp(res: LightMyRequestResponse): Map<string, string[]> {
  const header = res.headers['content-security-policy'];
  expect(typeof header, 'content-security-policy').toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

function expectSecurityHeaders(res: LightMyRequestResponse, what: string) {
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['x-frame-options'], what).toBe('DENY');
  expect(res.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(String(res.headers['permissions-policy']), what).toMatch(
    /camera=\(\).*geolocation=\(\).*microphone=\(\)/,
  );
  const policy = csp(res);
  expect(policy.get('script-src'), what).toEqual(["'self'"]);
  expect(policy.get('object-src'), what).toEqual(["'none'"]);
  expect(policy.get('base-uri'), what).toEqual(["'self'"]);
  expect(policy.get('frame-ancestors'), what).toEqual(["'none'"]);
}

describe('security headers with an http public address', () => {
  let t: TestApp;
  let web: string;
  let token: string;
  beforeAll(async () => {
    web = fakeWebApp();
    t = await createTestApp({ ORDO_WEB_DIST: web, ORDO_PUBLIC_URL: 'http://ordo.test:8080/' });
    ({ token } = await t.signUp('headers'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(web, { recursive: true, force: true });
  });

  it('are on API answers, errors and 404s', async () => {
    const answers: [string, LightMyRequestResponse][] = [
      ['info', await t.request('GET', '/api/v1/info')],
      ['a signed-in read', await t.request('GET', '/api/v1/user', { token })],
      ['401', await t.request('GET', '/api/v1/user')],
      ['400', await t.request('PUT', '/api/v1/projects', { token, body: '{"title":' })],
      ['404 in the API', await t.request('GET', '/api/v1/nope')],
      ['POST 404 outside the API', await t.request('POST', '/nope')],
      ['health', await t.request('GET', '/health')],
      ['a path that cannot be decoded', await t.request('GET', '/api/v1/projects/%E0%A4%A')],
    ];
    expect(answers.map(([, res]) => res.statusCode)).toEqual([200, 200, 401, 400, 404, 404, 200, 400]);
    for (const [what, res] of answers) expectSecurityHeaders(res, what);
  });

  it('are on the web app, its files and its client-side routes', async () => {
    for (const [url, status] of [
      ['/', 200],
      ['/assets/app-123.js', 200],
      ['/projects/1/2', 200],
      ['/favicon-missing.svg', 404],
    ] as const) {
      const res = await t.request('GET', url);
      expect(res.statusCode, url).toBe(status);
      expectSecurityHeaders(res, url);
    }
  });

  it('are on the API docs, whose page loads under the same policy', async () => {
    for (const url of ['/api/v1/docs', '/api/v1/docs/static/index.html', '/api/v1/docs/json']) {
      const res = await t.request('GET', url);
      expect(res.statusCode, url).toBeLessThan(400);
      expectSecurityHeaders(res, url);
    }
  });

  it('are on CalDAV answers, its DAV OPTIONS included', async () => {
    const unauthorised = await t.request('PROPFIND', '/dav/principals/headers/');
    expect(unauthorised.statusCode).toBe(401);
    expectSecurityHeaders(unauthorised, 'PROPFIND');
    const options = await t.request('OPTIONS', '/dav/');
    expect(options.headers.dav).toBeDefined();
    expectSecurityHeaders(options, 'OPTIONS');
  });

  it('leave a generated SVG avatar its own stricter policy, which lets it run and load nothing', async () => {
    await t.request('POST', '/api/v1/user/settings/avatar', { token, body: { avatar_provider: 'initials' } });
    const res = await t.request('GET', '/api/v1/avatar/headers?size=40', { token });
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('allow no inline script and connect to the API and its WebSocket only', async () => {
    const policy = csp(await t.request('GET', '/'));
    for (const [name, sources] of policy) {
      if (name !== 'style-src') expect(sources, name).not.toContain("'unsafe-inline'");
      expect(sources, name).not.toContain("'unsafe-eval'");
    }
    expect(policy.get('script-src-attr')).toEqual(["'none'"]);
    expect(policy.get('connect-src')).toEqual(["'self'", 'http://ordo.test:8080', 'ws://ordo.test:8080']);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.has('upgrade-insecure-requests')).toBe(false);
  });

  it('send no HSTS over an http public address', async () => {
    const res = await t.request('GET', '/api/v1/info');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('security headers with an https public address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ORDO_PUBLIC_URL: 'https://tasks.example.com/' });
  });
  afterAll(async () => t.close());

  it('add HSTS for a year and upgrade insecure requests, on errors too', async () => {
    for (const url of ['/api/v1/info', '/api/v1/user', '/dav/']) {
      const res = await t.request('GET', url);
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000');
      expectSecurityHeaders(res, url);
      const policy = csp(res);
      expect(policy.has('upgrade-insecure-requests'), url).toBe(true);
      expect(policy.get('connect-src'), url).toContain('wss://tasks.example.com');
    }
  });
});

describe('CORS by default', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ORDO_PUBLIC_URL: 'https://tasks.example.com/ordo/' });
  });
  afterAll(async () => t.close());

  const preflight = (origin: string, method: string, headers = 'authorization,content-type') =>
    t.request('OPTIONS', '/api/v1/projects/1', {
      headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers },
    });

  it('lets the public address change and delete, with the headers clients send', async () => {
    for (const method of ['PUT', 'DELETE', 'PATCH', 'POST']) {
      const res = await preflight('https://tasks.example.com', method, 'authorization,content-type,if-match');
      expect(res.statusCode, method).toBe(204);
      expect(res.headers['access-control-allow-origin'], method).toBe('https://tasks.example.com');
      expect(res.headers['access-control-allow-credentials'], method).toBe('true');
      const methods = String(res.headers['access-control-allow-methods']).split(/,\s*/);
      expect(methods, method).toContain(method);
      const allowed = String(res.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/);
      for (const h of ['authorization', 'content-type', 'idempotency-key', 'if-match']) {
        expect(allowed, h).toContain(h);
      }
    }
  });

  it('gives other origins, other localhost ports included, no Access-Control-Allow-Origin', async () => {
    for (const origin of [
      'https://evil.example.com',
      'http://tasks.example.com',
      'http://localhost:5173',
      'http://127.0.0.1:4173',
    ]) {
      const pre = await preflight(origin, 'DELETE');
      expect(pre.headers['access-control-allow-origin'], origin).toBeUndefined();
      const res = await t.request('GET', '/api/v1/info', { headers: { origin } });
      expect(res.headers['access-control-allow-origin'], origin).toBeUndefined();
      expect(res.headers['access-control-allow-credentials'], origin).toBeUndefined();
    }
  });
});

describe('CORS with ORDO_CORS_ORIGINS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      ORDO_PUBLIC_URL: 'https://tasks.example.com/',
      ORDO_CORS_ORIGINS: 'http://localhost:*, https://app.example.com',
    });
  });
  afterAll(async () => t.close());

  it('trusts the listed origins and patterns instead of the public address', async () => {
    for (const [origin, allowed] of [
      ['http://localhost:5173', true],
      ['https://app.example.com', true],
      ['https://tasks.example.com', false],
      ['http://localhost.evil.com', false],
    ] as const) {
      const res = await t.request('OPTIONS', '/api/v1/tasks/1', {
        headers: { origin, 'access-control-request-method': 'DELETE' },
      });
      expect(res.headers['access-control-allow-origin'], origin).toBe(allowed ? origin : undefined);
    }
  });
});
