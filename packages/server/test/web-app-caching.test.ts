/**
 * How the built web app is cached and compressed: hashed assets for a year as immutable,
 * index.html (also as the client-side route fallback) and the service worker revalidated on each
 * use, and the build's brotli or gzip copy sent to a client that accepts it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const script = `export const x = ${JSON.stringify('ordo '.repeat(400))};\n`;
const page = `<!doctype html><html><head><script type="module" src="/assets/app-1a2b.js"></script></head><body>${'<!-- pad -->'.repeat(100)}</body></html>`;

/** A built web app as the build leaves it: each file with its .br and .gz copies. */
function builtWebApp(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ordo-web-cache-'));
  mkdirSync(join(dir, 'assets'));
  const files: Record<string, string> = {
    'index.html': page,
    'sw.js': `self.addEventListener('fetch', () => {});${' '.repeat(2000)}`,
    'assets/app-1a2b.js': script,
    'assets/app-1a2b.css': `body{color:red}${' '.repeat(2000)}`,
  };
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(join(dir, name), text);
    writeFileSync(join(dir, `${name}.br`), brotliCompressSync(text));
    writeFileSync(join(dir, `${name}.gz`), gzipSync(text));
  }
  return dir;
}

describe('web app caching and compression', () => {
  let t: TestApp;
  let web: string;
  beforeAll(async () => {
    web = builtWebApp();
    t = await createTestApp({ ORDO_WEB_DIST: web });
  });
  afterAll(async () => {
    await t.close();
    rmSync(web, { recursive: true, force: true });
  });

  it('caches hashed assets for a year, immutable', async () => {
    for (const url of ['/assets/app-1a2b.js', '/assets/app-1a2b.css']) {
      const res = await t.request('GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(IMMUTABLE);
    }
  });

  it('revalidates index.html, the client-side route fallback and the service worker', async () => {
    for (const url of ['/index.html', '/', '/projects/1/2', '/sw.js']) {
      const res = await t.request('GET', url, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('sends brotli to a client that accepts it, gzip to one that accepts only gzip', async () => {
    const br = await t.request('GET', '/assets/app-1a2b.js', {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(String(br.headers['content-type'])).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await t.request('GET', '/assets/app-1a2b.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    expect(gz.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('sends the file as it is to a client that accepts neither', async () => {
    const res = await t.request('GET', '/assets/app-1a2b.js', { headers: { 'accept-encoding': 'identity' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(script);
  });

  it('compresses the client-side route fallback too', async () => {
    const res = await t.request('GET', '/projects/1/2', { headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers['content-type'])).toMatch(/text\/html/);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(page);
  });

  it('answers a missing hashed asset with 404, not with index.html', async () => {
    const res = await t.request('GET', '/assets/gone-9z9z.js');
    expect(res.statusCode).toBe(404);
  });
});
