/**
 * Two-factor authentication as a user meets it: set up in the settings with a passcode from an
 * authenticator app (computed here from the secret the page shows, as an app would), asked for
 * at the next login, and turned off again with the password.
 */
import { Secret, TOTP } from 'otpauth';
import { uniqueName } from './support/accounts';
import { expect, test } from './support/csp-guard';

const passcode = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });

test('two-factor login is set up in the settings, asked for at login, and turned off', async ({
  page,
  request,
}) => {
  const username = uniqueName('tfa');
  const password = 'correct-horse-1';
  await request.post('/api/v1/register', { data: { username, email: `${username}@example.com`, password } });

  await page.goto('/login');
  await page.getByLabel('Username or e-mail').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(username);

  await page.goto('/user/settings/general');
  await page.getByRole('link', { name: 'Two-factor authentication' }).click();
  await expect(page).toHaveURL(/\/user\/settings\/totp$/);
  await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  // A wrong passcode is refused with the server's reason and the boxes are cleared.
  const enabling = passcode(secret);
  await page.getByLabel('Digit 1').pressSequentially(enabling === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByText('Invalid totp passcode.')).toBeVisible();
  await page.getByLabel('Digit 1').pressSequentially(enabling);
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByText('Two-factor authentication is on for your account.')).toBeVisible();

  await page.getByRole('button', { name: username }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Username or e-mail').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  // The server asks for the passcode: the field appears, focused.
  const code = page.getByLabel('Two-factor code');
  await expect(code).toBeFocused();
  // The passcode that turned two-factor on has been used: it does not log in again.
  await code.fill(enabling);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('This totp passcode has already been used.')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await code.fill(passcode(secret, 1));
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(username);

  await page.goto('/user/settings/totp');
  await page.getByLabel('Your password').fill(password);
  await page.getByRole('button', { name: 'Turn off two-factor authentication' }).click();
  await expect(page.getByText('Two-factor authentication is off.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Set up two-factor authentication' })).toBeVisible();
  const plain = await request.post('/api/v1/login', { data: { username, password } });
  expect(plain.ok()).toBe(true);
});
