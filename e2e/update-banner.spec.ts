/**
 * A new version of the app: the service worker finds it on the next visit and waits; the banner
 * offers the update, and "Update now" switches to it and reloads. The server is an Ordo of this
 * spec's own, serving a copy of the built app whose service worker the test changes.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { expect, test } from './support/csp-guard';
import { type OwnOrdo, startOwnOrdo } from './support/own-ordo';

const dist = new URL('../packages/web/dist', import.meta.url).pathname;
let ordo: OwnOrdo;
let copy: string;

test.beforeEach(async ({ browserName: _ }, testInfo) => {
  copy = mkdtempSync(join(tmpdir(), 'ordo-web-'));
  cpSync(dist, copy, { recursive: true });
  ordo = await startOwnOrdo({
    what: 'the Ordo serving a copy of the app',
    database: testInfo.project.name,
    env: { ORDO_WEB_DIST: copy },
  });
});

test.afterEach(async () => {
  await ordo?.stop();
  rmSync(copy, { recursive: true, force: true });
});

/** A new build's service worker: other bytes, so the browser installs it as a new version. */
function publishNewServiceWorker() {
  const path = join(copy, 'sw.js');
  const script = Buffer.from(`${readFileSync(path, 'utf8')}\n// next release\n`);
  writeFileSync(path, script);
  // The server answers with the precompressed files when the browser accepts them.
  writeFileSync(`${path}.br`, brotliCompressSync(script));
  writeFileSync(`${path}.gz`, gzipSync(script));
}

test('a new version shows the update banner; "Update now" switches to it and reloads', async ({ page }) => {
  await page.goto(`${ordo.base}/login`);
  // The first visit installs the service worker, which takes control without asking.
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state))
    .toBe('activated');
  const banner = page.getByRole('status').filter({ hasText: 'A new version of Ordo is available.' });
  await expect(banner).toHaveCount(0);

  publishNewServiceWorker();
  // The next visit finds it; it waits until the user accepts.
  await page.reload();
  await expect(banner).toBeVisible();
  expect(
    await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting)),
  ).toBe(true);

  const reloaded = page.waitForEvent('framenavigated');
  await banner.getByRole('button', { name: 'Update now' }).click();
  await reloaded;
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
  await expect(banner).toHaveCount(0);
  // The new version is the one in charge, and nothing waits any more.
  const state = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return { waiting: Boolean(registration?.waiting), active: registration?.active?.state };
  });
  expect(state).toEqual({ waiting: false, active: 'activated' });
});

test('signed in, the update notice floats over the page, clear of the header, and updates', async ({
  page,
  request,
}) => {
  const username = `upd${Date.now().toString(36)}`;
  const password = 'correct-horse-1';
  await request.post(`${ordo.base}/api/v1/register`, {
    data: { username, email: `${username}@example.com`, password },
  });
  const { token } = (await (
    await request.post(`${ordo.base}/api/v1/login`, { data: { username, password } })
  ).json()) as { token: string };
  await page.addInitScript((value) => localStorage.setItem('token', value), token);
  await page.goto(`${ordo.base}/`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state))
    .toBe('activated');

  publishNewServiceWorker();
  await page.reload();
  const banner = page.getByRole('status').filter({ hasText: 'A new version of Ordo is available.' });
  await expect(banner).toBeVisible();
  // Nothing lies over it: the element at its middle is the notice itself (under the shell's fixed
  // header, the header was).
  const covered = await banner.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return !(top && el.contains(top));
  });
  expect(covered).toBe(false);
  await page.screenshot({ path: test.info().outputPath('update-notice.png') });

  const reloaded = page.waitForEvent('framenavigated');
  await banner.getByRole('button', { name: 'Update now' }).click();
  await reloaded;
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner).toHaveCount(0);
});
