/**
 * What the server's settings tell every visitor: the message of the day on the signed-out pages,
 * and demo mode (a warning when registering, a banner once signed in). An Ordo of the spec's own
 * has both set; the shared servers have neither and show nothing.
 */
import { account } from './support/accounts';
import { expect, test } from './support/csp-guard';
import { type OwnOrdo, startOwnOrdo } from './support/own-ordo';

let ordo: OwnOrdo;

test.beforeAll(async () => {
  ordo = await startOwnOrdo({
    what: 'the demo Ordo',
    database: test.info().project.name,
    env: { ORDO_MOTD: 'Maintenance on Sunday.\nBack by noon.', ORDO_DEMO_MODE: 'true' },
  });
});

test.afterAll(async () => {
  await ordo?.stop();
});

test('the message of the day and the demo warnings show, and the banner can be hidden for the tab', async ({
  page,
}) => {
  await page.goto(`${ordo.base}/login`);
  const motd = page.getByRole('note').filter({ hasText: 'Maintenance on Sunday.' }).first();
  await expect(motd).toBeVisible();
  await expect(motd).toContainText('Back by noon.');

  await page.goto(`${ordo.base}/register`);
  await expect(page.getByRole('note').filter({ hasText: 'This is a demo instance.' })).toContainText(
    'Do not store anything you want to keep.',
  );
  const username = `demo${Date.now().toString(36)}`;
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('E-mail address').fill(`${username}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('correct-horse-1');
  await page.getByRole('button', { name: 'Create account' }).click();

  const banner = page
    .getByRole('status')
    .filter({ hasText: 'This is a demo instance: all data is deleted regularly.' });
  await expect(banner).toBeVisible();
  await page.getByRole('button', { name: 'Hide the demo notice' }).click();
  await expect(banner).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Inbox' })).toBeVisible();
  await expect(banner).toHaveCount(0);
});

test('without those settings no message, warning or banner shows', async ({ page, request }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await expect(page.getByTestId('motd')).toHaveCount(0);
  await page.goto('/register');
  await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
  await expect(page.getByText('Demo mode')).toHaveCount(0);
  const { token } = await account(request, 'nodemo');
  await page.addInitScript((value) => localStorage.setItem('token', value), token);
  await page.goto('/');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Inbox' })).toBeVisible();
  await expect(page.getByText('This is a demo instance: all data is deleted regularly.')).toHaveCount(0);
});
