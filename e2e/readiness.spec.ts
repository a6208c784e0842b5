/**
 * The start of the app: an operator's empty `window.API_URL` asks for an address first; an
 * address typed without the API path is found by its fallbacks (`/api/v1`) and remembered.
 */
import { expect, test } from './support/csp-guard';

test('an address typed without the API path is found via /api/v1, remembered, and a wrong one refused', async ({
  page,
  baseURL,
}) => {
  if (!baseURL) throw new Error('no base URL');
  const origin = baseURL.replace(/\/$/, '');
  // An operator's empty window.API_URL: the app asks for the address first.
  await page.addInitScript(() => {
    (window as Window & { API_URL?: string }).API_URL = '';
  });
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'No API URL configured' })).toBeVisible();
  const address = page.getByLabel('Ordo server address');
  // Something that is not an http(s) address is refused before any request.
  await address.fill('ftp://nowhere');
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByText('Could not find or use an Ordo API at ftp://nowhere.')).toBeVisible();

  // The origin alone: the app tries it, then with /api/v1, which answers.
  await address.fill(origin);
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByText(`Found a working Ordo API at ${new URL(origin).host}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('API_URL'))).toBe(`${origin}/api/v1`);
  // Remembered: a reload goes straight to the login page.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No API URL configured' })).toHaveCount(0);
});

test('an empty window.API_URL asks for the server address before anything else', async ({
  page,
  baseURL,
}) => {
  if (!baseURL) throw new Error('no base URL');
  await page.addInitScript(() => {
    (window as Window & { API_URL?: string }).API_URL = '';
  });
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'No API URL configured' })).toBeVisible();
  await page.getByLabel('Ordo server address').fill(`${baseURL.replace(/\/$/, '')}/api/v1`);
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
});

test('the start screen paints while the app’s style sheet is on its way, and the app draws only once it has it', async ({
  page,
}) => {
  // A slow connection for the style sheet alone: it arrives 3 s after it is asked for.
  await page.route(/\/assets\/index-[^/]*\.css$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await route.continue();
  });
  // The registration page: the login page is drawn by the server (login-screen.spec.ts).
  await page.goto('/register', { waitUntil: 'commit' });
  const register = page.getByRole('button', { name: 'Create account' });
  await expect(register).toBeVisible();
  // At the moment the form shows, its style sheet is applied: nothing was drawn unstyled.
  expect(
    await page.evaluate(() =>
      Array.from(document.styleSheets).some((sheet) => sheet.href?.includes('/assets/index-')),
    ),
  ).toBe(true);
  // The start screen was painted well before the sheet arrived, not held back by it.
  const firstPaint = await page.evaluate(
    () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
  );
  expect(firstPaint).not.toBeNull();
  expect(firstPaint).toBeLessThan(2500);
});
