/**
 * The login screen drawn by the server for a first visit (http/login-screen.ts), on the real web
 * build (`npm run build` makes packages/web/dist and its ssr folder): the form in English for an
 * English browser, with the server's own configuration; index.html for other languages.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';

const web = resolve(import.meta.dirname, '../../web/dist');
const ENGLISH = { 'accept-language': 'en-GB,en;q=0.9' };

describe('the login screen drawn by the server', () => {
  let t: TestApp;
  beforeAll(async () => {
    if (!existsSync(join(web, 'ssr/login-screen.js')))
      throw new Error(`${web}/ssr is missing: build the web app first (npm run build)`);
    // A message of the day that tries to end the page's data and run a script of its own.
    t = await createTestApp({
      ORDO_WEB_DIST: web,
      ORDO_MOTD: 'Maintenance </script><script>alert(1)</script>',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends the form, drawn for this server, with the configuration the app starts from', async () => {
    const res = await t.request('GET', '/login', { headers: ENGLISH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toContain('Accept-Language');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    const html = res.body;
    expect(html).toContain('<div id="root" data-prerendered="login">');
    expect(html).toMatch(/<input[^>]*name="username"[^>]*>/);
    expect(html).toMatch(
      /<input[^>]*type="password"[^>]*name="password"|name="password"[^>]*type="password"/,
    );
    expect(html).toContain('Create account');
    // The button waits for the app: the browser must not submit the form on its own.
    expect(html).toMatch(/<button disabled=""[^>]*type="submit"/);
    expect(html).toContain('<style data-login-screen>');

    // The data is what GET /info answers, and no text in it ends its script element.
    const data = html.match(/<script type="application\/json" id="ordo-login-info">([\s\S]*?)<\/script>/);
    expect(data).not.toBeNull();
    const info = await t.request('GET', '/api/v1/info');
    expect(JSON.parse(data?.[1] ?? '')).toEqual(info.json());
    expect(html).not.toContain('<script>alert(1)</script>');
    // The message itself is on the screen, as text.
    expect(html).toContain('Maintenance &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('sends it compressed to a browser that accepts brotli', async () => {
    const plain = await t.request('GET', '/login', { headers: ENGLISH });
    const res = await t.request('GET', '/login', { headers: { ...ENGLISH, 'accept-encoding': 'gzip, br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(plain.body);
    // A browser that refuses brotli (q=0) gets gzip.
    const refused = await t.request('GET', '/login', {
      headers: { ...ENGLISH, 'accept-encoding': 'br;q=0, gzip' },
    });
    expect(refused.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(refused.rawPayload).toString()).toBe(plain.body);
  });

  it('draws the screen in the language the app starts in for the browser', async () => {
    const german = await t.request('GET', '/login', {
      headers: { 'accept-language': 'de-AT,de;q=0.9,en;q=0.8' },
    });
    expect(german.statusCode).toBe(200);
    expect(german.body).toContain('data-prerendered="login"');
    expect(german.body).toMatch(/^<!doctype html>\s*<html lang="de-DE">/);
    expect(german.body).toMatch(/<button disabled=""[^>]*type="submit"[^>]*>[\s\S]*?Anmelden/);
    expect(german.body).not.toContain('Create account');
    expect(german.headers.vary).toContain('Accept-Language');

    // Arabic is drawn right to left, as the app lays it out.
    const arabic = await t.request('GET', '/login', { headers: { 'accept-language': 'ar' } });
    expect(arabic.body).toMatch(/<html lang="ar-SA" dir="rtl">/);
    expect(arabic.body).toContain('data-prerendered="login"');

    // A language the app does not offer, or none: English, as the app falls back.
    for (const headers of [{ 'accept-language': 'xx-YY' }, {} as Record<string, string>]) {
      const other = await t.request('GET', '/login', { headers });
      expect(other.body).toMatch(/<html lang="en">/);
      expect(other.body).toContain('Create account');
    }
  });

  it('draws it at / too, and sends index.html to a browser that holds a session', async () => {
    const root = await t.request('GET', '/', { headers: ENGLISH });
    expect(root.body).toContain('data-prerendered="login"');
    expect(root.headers.vary).toContain('Cookie');
    // The web app's hint that this browser is signed in (core: signed-in-hint.ts).
    for (const path of ['/', '/login']) {
      const signedIn = await t.request('GET', path, {
        headers: { ...ENGLISH, cookie: 'theme=dark; ordo_signed_in=1' },
      });
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.body).not.toContain('data-prerendered');
      expect(signedIn.body).toContain('ordo-start');
      expect(signedIn.headers.vary).toContain('Cookie');
    }
    // A hint that says otherwise is no hint.
    const other = await t.request('GET', '/', { headers: { ...ENGLISH, cookie: 'ordo_signed_in=0' } });
    expect(other.body).toContain('data-prerendered="login"');
    // With a query the app may go elsewhere than the login page.
    const provider = await t.request('GET', '/?redirectToProvider=company', { headers: ENGLISH });
    expect(provider.body).not.toContain('data-prerendered');
  });

  it('draws it for every page that sends a visitor without a session to the login page', async () => {
    for (const path of ['/tasks/5', '/projects/3/12', '/settings/general']) {
      const page = await t.request('GET', path, { headers: ENGLISH });
      expect(page.body, path).toContain('data-prerendered="login"');
    }
    // The pages such a visitor may open, and a page asked with a query, are the app's.
    for (const path of [
      '/share/abc123/auth',
      '/get-password-reset',
      '/auth/openid/company',
      '/tasks/5?x=1',
    ]) {
      const page = await t.request('GET', path, { headers: ENGLISH });
      expect(page.statusCode, path).toBe(200);
      expect(page.body, path).not.toContain('data-prerendered');
    }
  });

  it('sends index.html for the other pages', async () => {
    const register = await t.request('GET', '/register', { headers: ENGLISH });
    expect(register.body).not.toContain('data-prerendered');
    expect(register.body).toContain('ordo-start');
  });

  it('draws each address it is asked for at the same moment with its own name', async () => {
    const hosts = ['one.example:8080', 'two.example:9090'];
    const pages = await Promise.all(
      hosts.map((host) => t.request('GET', '/login', { headers: { ...ENGLISH, host } })),
    );
    pages.forEach((page, i) => {
      expect(page.body).toContain(`Signing in to ${hosts[i]}`);
    });
  });

  it('draws for a bounded number of host names; past them index.html goes out', async () => {
    const drawn: boolean[] = [];
    for (let i = 0; i < 72; i++) {
      const res = await t.request('GET', '/login', { headers: { ...ENGLISH, host: `made-up-${i}.example` } });
      expect(res.statusCode).toBe(200);
      drawn.push(res.body.includes('data-prerendered="login"'));
    }
    expect(drawn.filter(Boolean).length).toBeGreaterThan(0);
    expect(drawn.filter(Boolean).length).toBeLessThanOrEqual(64);
    expect(drawn.at(-1)).toBe(false);
  });

  it('does not serve the drawing code as a file', async () => {
    const res = await t.request('GET', '/ssr/login-screen.js');
    expect(res.statusCode).toBe(404);
  });
});

describe('the login screen without registration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ORDO_WEB_DIST: web, ORDO_REGISTRATION: 'false' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('leaves out the link to create an account', async () => {
    const res = await t.request('GET', '/login', { headers: ENGLISH });
    expect(res.body).toContain('data-prerendered="login"');
    expect(res.body).not.toContain('Create account');
  });
});
