/**
 * Serving the built web app: its real files as they are, client-side routes (paths without a file
 * extension) answered with index.html, and a missing file (`/nope.js`, `/foo.png`) a plain 404,
 * never the app's HTML, so a broken script or icon link fails visibly instead of parsing HTML.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';

const INDEX = '<!doctype html><html><body><div id="root"></div></body></html>';

function fakeWebApp(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ordo-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'assets', 'app-123.js'), 'console.log(1);');
  writeFileSync(join(dir, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
  writeFileSync(join(dir, 'favicon.ico'), Buffer.from([0, 0, 1, 0]));
  return dir;
}

describe('the web app', () => {
  let t: TestApp;
  let web: string;
  beforeAll(async () => {
    web = fakeWebApp();
    t = await createTestApp({ ORDO_WEB_DIST: web });
  });
  afterAll(async () => {
    await t.close();
    rmSync(web, { recursive: true, force: true });
  });

  it('answers client-side routes with index.html', async () => {
    for (const url of ['/', '/projects/1/2', '/tasks/7', '/share/abc/auth', '/login?redirect=%2Fa.b']) {
      const res = await t.request('GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toBe(INDEX);
    }
  });

  it('serves its real files', async () => {
    const robots = await t.request('GET', '/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toContain('text/plain');
    expect(robots.body).toContain('User-agent');
    const icon = await t.request('GET', '/favicon.ico');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/icon/);
    expect((await t.request('GET', '/assets/app-123.js')).statusCode).toBe(200);
  });

  it('answers a missing file with 404, not the app', async () => {
    for (const url of [
      '/nope.js',
      '/foo.png',
      '/assets/app-old.css',
      '/deep/path/x.webmanifest',
      '/a.js?v=1',
    ]) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await t.request(method, url);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.headers['content-type'], url).not.toContain('text/html');
      }
    }
  });
});
