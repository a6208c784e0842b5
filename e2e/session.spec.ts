import { uniqueName } from './support/accounts';
import { expect, type Page, test } from './support/csp-guard';

async function register(page: Page, username: string, password = 'correct-horse-1') {
  await page.goto('/register');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('E-mail').fill(`${username}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Password', { exact: true }).blur();
  await page.getByRole('button', { name: 'Create account' }).click();
}

test('a new user registers, is greeted by name, keeps settings across reloads, and logs out', async ({
  page,
}) => {
  const username = uniqueName('ada');
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
  await register(page, username);

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(username);

  await page.goto('/user/settings/general');
  await page.getByText('Dark', { exact: true }).click();
  await page.getByRole('combobox', { name: 'Week starts on' }).click();
  await page.getByRole('option', { name: 'Monday' }).click();
  await page.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'Deutsch' }).click();
  await page.getByRole('button', { name: /^(Save|Speichern)$/ }).click();
  await expect(
    page.getByText(
      /The settings were successfully updated\.|Die Einstellungen wurden erfolgreich gespeichert\./,
    ),
  ).toBeVisible();

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.getByRole('combobox', { name: 'Die Woche beginnt am' })).toHaveValue('Montag');
  await expect(page.getByRole('button', { name: 'Speichern' })).toBeVisible();

  await page.getByRole('button', { name: new RegExp(username) }).click();
  await page.getByRole('menuitem', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(/\/login/);

  await page.goto('/projects');
  await expect(page).toHaveURL(/\/login/);
  await expect(
    page.getByLabel('Benutzername oder E-Mail').or(page.getByLabel('Username or e-mail')),
  ).toBeVisible();
});

test('without remember-me the session stays in its tab; with it a new tab is signed in too', async ({
  browser,
}) => {
  const username = uniqueName('grace');
  const context = await browser.newContext();
  const page = await context.newPage();
  await register(page, username);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(username);
  await page.getByRole('button', { name: new RegExp(username) }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login/);

  // Without remember-me the token lives only in this tab.
  await page.getByLabel('Username or e-mail').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('correct-horse-1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(username);
  const otherTab = await context.newPage();
  await otherTab.goto('/');
  await expect(otherTab).toHaveURL(/\/login/);
  await otherTab.close();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(username);
  await page.getByRole('button', { name: new RegExp(username) }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login/);

  await page.getByLabel('Username or e-mail').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('correct-horse-1');
  await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(username);

  const second = await context.newPage();
  await second.goto('/');
  await expect(second.getByRole('heading', { level: 1 })).toContainText(username);
  await context.close();
});

test('a username with a dot is refused at registration, with the reason, and nothing is created', async ({
  page,
  request,
}) => {
  // A dot that does not make a host name (that is refused as a web address).
  const username = `${uniqueName('ada')}.2nd`;
  await page.goto('/register');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Username').blur();
  await expect(page.getByText('The username must not contain a dot.')).toBeVisible();
  await page.getByLabel('E-mail').fill('ada@example.com');
  // 40 characters but 80 bytes, past bcrypt's 72: the message says why a short-looking one is long.
  await page.getByLabel('Password', { exact: true }).fill('é'.repeat(40));
  await page.getByLabel('Password', { exact: true }).blur();
  await expect(
    page.getByText(
      'The password can have at most 72 characters; accented letters, other scripts and symbols count as two to four.',
    ),
  ).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('correct-horse-1');
  await page.getByLabel('Password', { exact: true }).blur();
  await expect(page.getByRole('button', { name: 'Create account' })).toBeDisabled();
  // Without the dot the same form goes through.
  await page.getByLabel('Username').fill(username.replace('.', '_'));
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/$/);
  // The dotted name was never created: signing in with it is a wrong username (1011).
  const login = await request.post('/api/v1/login', { data: { username, password: 'correct-horse-1' } });
  expect(login.status()).toBe(403);
  expect((await login.json()).code).toBe(1011);
});

test('wrong credentials show the catalogue message and keep the user on the login page', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Username or e-mail').fill('nobody-here');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Wrong username or password.')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('an unknown path shows the 404 page and /lists redirects to /projects keeping the query', async ({
  page,
}) => {
  const username = uniqueName('linus');
  await register(page, username);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(username);
  await page.goto('/this/does/not/exist');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.goto('/lists/5?x=1#h');
  await expect(page).toHaveURL(/\/projects\/5\?x=1#h$/);
});

test('changing the password logs other sessions out and keeps this one working', async ({
  page,
  request,
}) => {
  const username = uniqueName('barbara');
  await register(page, username);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(username);
  const other = await request.post('/api/v1/login', { data: { username, password: 'correct-horse-1' } });
  const otherToken = (await other.json()).token as string;

  await page.goto('/user/settings/password-update');
  await page.getByLabel('Current password').fill('correct-horse-1');
  await page.getByLabel('New password', { exact: true }).fill('correct-horse-2');
  await page.getByLabel('Confirm new password').fill('correct-horse-2');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The password was successfully updated.')).toBeVisible();
  await expect(page.getByLabel('Confirm new password')).toHaveValue('');
  for (const hint of ['Please enter your current password.', 'Please enter a password.'])
    await expect(page.getByText(hint)).toHaveCount(0);

  const stale = await request.get('/api/v1/user', { headers: { authorization: `Bearer ${otherToken}` } });
  expect(stale.status()).toBe(401);
  await page.reload();
  await expect(page.getByRole('button', { name: new RegExp(username) })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
});
