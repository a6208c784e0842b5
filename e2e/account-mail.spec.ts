/**
 * E-mail confirmation and password reset as a user meets them: the mails go to a real SMTP server
 * (the one the API tests use), and the links in them are opened in the browser. These tests need
 * an Ordo that sends mail, so each project starts one of its own (on its database) beside the
 * shared one, whose accounts need no confirmation.
 */

import type { SmtpSink } from '../packages/server/test/support/smtp-sink';
import { uniqueName } from './support/accounts';
import { expect, test } from './support/csp-guard';
import { linkIn } from './support/mail-links';
import { type OwnOrdo, startMailingOrdo } from './support/own-ordo';

let smtp: SmtpSink;
let ordo: OwnOrdo;
let base: string;

test.beforeAll(async () => {
  ({ ordo, smtp } = await startMailingOrdo(test.info().project.name));
  base = ordo.base;
});

test.afterAll(async () => {
  await ordo?.stop();
  await smtp?.close();
});

test('a new account confirms its address through the mailed link, then logs in', async ({ page }) => {
  const username = uniqueName('mia');
  const email = `${username}@example.com`;
  await page.goto(`${base}/register`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('correct-horse-1');
  await page.getByLabel('Password', { exact: true }).blur();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('status')).toContainText(`We sent a link to ${email}`);

  // Before confirming, logging in is refused with the server's reason.
  await page.goto(`${base}/login`);
  await page.getByLabel('Username or e-mail').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('correct-horse-1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toContainText('Please confirm your email address.');

  await page.goto(linkIn(await smtp.next(email), 'userEmailConfirm'));
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status')).toHaveText('Your e-mail address is confirmed. You can log in now.');
  await page.getByLabel('Username or e-mail').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('correct-horse-1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(username);
});

test('a forgotten password is replaced through the mailed link; the old one stops working', async ({
  page,
  request,
}) => {
  const username = uniqueName('noah');
  const email = `${username}@example.com`;
  const registered = await request.post(`${base}/api/v1/register`, {
    data: { username, email, password: 'old-password-1' },
  });
  expect(registered.ok()).toBe(true);
  const confirmToken = new URL(linkIn(await smtp.next(email), 'userEmailConfirm')).searchParams.get(
    'userEmailConfirm',
  );
  expect((await request.post(`${base}/api/v1/user/confirm`, { data: { token: confirmToken } })).ok()).toBe(
    true,
  );

  await page.goto(`${base}/login`);
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/get-password-reset$/);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send me a reset link' }).click();
  await expect(page.getByRole('status')).toContainText(`a link is on its way to ${email}`);

  await page.goto(linkIn(await smtp.next(email), 'userPasswordReset'));
  await expect(page).toHaveURL(/\/password-reset\?userPasswordReset=/);
  await page.getByLabel('New password', { exact: true }).fill('new-password-2');
  await page.getByLabel('New password again').fill('new-password-3');
  await page.getByLabel('New password again').blur();
  await expect(page.getByText('The passwords do not match.')).toBeVisible();
  await page.getByLabel('New password again').fill('new-password-2');
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page.getByRole('status')).toHaveText('Your password was changed. You can log in with it now.');

  await page.getByRole('link', { name: 'Go to login' }).click();
  await page.getByLabel('Username or e-mail').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('old-password-1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toContainText('Wrong username or password.');
  await page.getByLabel('Password', { exact: true }).fill('new-password-2');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(username);
});

test('a reset link that was already used says so', async ({ page, request }) => {
  const username = uniqueName('olga');
  const email = `${username}@example.com`;
  await request.post(`${base}/api/v1/register`, { data: { username, email, password: 'old-password-1' } });
  await smtp.next(email);
  await request.post(`${base}/api/v1/user/password/token`, { data: { email } });
  const link = linkIn(await smtp.next(email), 'userPasswordReset');
  const token = new URL(link).searchParams.get('userPasswordReset');
  expect(
    (
      await request.post(`${base}/api/v1/user/password/reset`, {
        data: { token, new_password: 'another-one-1' },
      })
    ).ok(),
  ).toBe(true);

  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('new-password-2');
  await page.getByLabel('New password again').fill('new-password-2');
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page.getByRole('alert')).toContainText("Invalid token to reset a user's password.");
});
