/**
 * The app's first moments: index.html draws the start screen before any script has run, and the
 * app replaces it; the shell and the page of the address opened load together from the start,
 * not the page only once its shell has drawn; on a phone, the side navigation waits until the
 * menu is opened.
 */
import { account, signIn } from './support/accounts';
import { expect, test } from './support/csp-guard';

test('the start screen shows before any script runs, and the app replaces it', async ({ page }) => {
  // No script at all: what a slow phone shows while the first download is on its way.
  await page.route('**/*.js', (route) => route.abort());
  await page.goto('/login');
  const start = page.getByRole('status', { name: 'Loading Ordo' });
  await expect(start).toBeVisible();
  await expect(start.getByText('Ordo', { exact: true })).toBeVisible();

  await page.unroute('**/*.js');
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await expect(start).toHaveCount(0);
});

test('the start screen follows the system colour scheme until the app sets its own', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.route('**/*.js', (route) => route.abort());
  await page.goto('/login');
  await expect(page.getByRole('status', { name: 'Loading Ordo' })).toBeVisible();
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).toBe('rgb(36, 36, 36)');
});

test('home: the page’s code is asked for before the session check, with its shell', async ({
  page,
  request,
}) => {
  const { token } = await account(request, 'start');
  await signIn(page, token);
  const asked: string[] = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  await page.goto('/');
  await expect(page.getByTestId('greeting')).toBeVisible();
  const pageChunk = asked.findIndex((path) => /\/assets\/home-page-[\w-]+\.js$/.test(path));
  const shellChunk = asked.findIndex((path) => /\/assets\/link-share-shell-[\w-]+\.js$/.test(path));
  const sessionCheck = asked.indexOf('/api/v1/user');
  expect(pageChunk, asked.join('\n')).toBeGreaterThan(-1);
  expect(shellChunk, asked.join('\n')).toBeGreaterThan(-1);
  expect(sessionCheck, asked.join('\n')).toBeGreaterThan(-1);
  expect(pageChunk).toBeLessThan(sessionCheck);
  expect(shellChunk).toBeLessThan(sessionCheck);
});

test('signed out at home: the app goes to the login page without fetching home’s code', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  expect(asked.filter((path) => /\/assets\/(home-page|link-share-shell)-[\w-]+\.js$/.test(path))).toEqual([]);
});

test('on a phone, pages open without the side navigation, and opening the menu draws it', async ({
  page,
  request,
}) => {
  const { token, api } = await account(request, 'phone');
  await api('PUT', '/projects', { title: 'Allotment' });
  await signIn(page, token);
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/');
  await expect(page.getByTestId('greeting')).toBeVisible();
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(navigation).toHaveCount(0);

  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(navigation.getByRole('link', { name: 'Allotment' })).toBeVisible();
});
