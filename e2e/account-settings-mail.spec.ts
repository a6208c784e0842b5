/**
 * The account settings on a server that sends mail (a real SMTP sink): deleting the account is
 * confirmed by opening the mailed link, which the app reads at start; a changed e-mail address
 * waits until the link mailed to it is opened by the signed-in user. Each project starts an Ordo
 * of its own with the sink, beside the shared one, like account-mail.spec.ts.
 */

import type { SmtpSink } from '../packages/server/test/support/smtp-sink';
import { uniqueName } from './support/accounts';
import { expect, type Page, test } from './support/csp-guard';
import { linkIn } from './support/mail-links';
import { type OwnOrdo, startMailingOrdo } from './support/own-ordo';

const PASSWORD = 'correct-horse-1';
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

/** A confirmed account, logged in through the login page. */
async function signedIn(page: Page, prefix: string): Promise<{ username: string; email: string }> {
  const username = uniqueName(prefix);
  const email = `${username}@example.com`;
  const registered = await page.request.post(`${base}/api/v1/register`, {
    data: { username, email, password: PASSWORD },
  });
  expect(registered.ok()).toBe(true);
  const token = new URL(linkIn(await smtp.next(email), 'userEmailConfirm')).searchParams.get(
    'userEmailConfirm',
  );
  expect((await page.request.post(`${base}/api/v1/user/confirm`, { data: { token } })).ok()).toBe(true);
  await page.goto(`${base}/login`);
  await page.getByLabel('Username or e-mail').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(username);
  return { username, email };
}

test('the account deletion is confirmed by opening the mailed link', async ({ page }) => {
  const { email } = await signedIn(page, 'lea');
  await page.goto(`${base}/user/settings/deletion`);
  await page.getByLabel('Current password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText(`We sent an e-mail to ${email}.`)).toBeVisible();
  await expect(page.getByTestId('deletion-scheduled')).toHaveCount(0);

  const link = linkIn(await smtp.next(email), 'accountDeletionConfirm');
  await page.goto(link);
  await expect(page.getByText('The deletion of your account is confirmed')).toBeVisible();
  // The token left the address bar once used.
  await expect(page).not.toHaveURL(/accountDeletionConfirm/);
  await page.goto(`${base}/user/settings/deletion`);
  await expect(page.getByTestId('deletion-scheduled')).toContainText('Your account will be deleted on');
});

test('a changed e-mail address waits for the link mailed to it', async ({ page }) => {
  const { username, email } = await signedIn(page, 'max');
  const newEmail = `${username}@new.example.com`;
  // With mail the general settings offer the reminder e-mails.
  await page.goto(`${base}/user/settings/general`);
  await expect(page.getByLabel('Send task reminders by e-mail')).toBeChecked();
  await expect(page.getByLabel('Send a daily summary of overdue tasks')).toBeChecked();
  await page.goto(`${base}/user/settings/email-update`);
  await page.getByLabel('New e-mail address').fill(newEmail);
  await page.getByLabel('Current password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Change e-mail address' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Waiting for confirmation' })).toContainText(
    newEmail,
  );
  await expect(page.getByTestId('current-email')).toHaveText(email);

  await page.goto(linkIn(await smtp.next(newEmail), 'userEmailConfirm'));
  await expect(page.getByText('Your new e-mail address is confirmed.')).toBeVisible();
  await page.goto(`${base}/user/settings/email-update`);
  await expect(page.getByTestId('current-email')).toHaveText(newEmail);
  await expect(page.getByText('Waiting for confirmation')).toHaveCount(0);
});
