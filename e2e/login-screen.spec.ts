/**
 * The login screen the server draws for a first visit (server: http/login-screen.ts): the form is
 * on screen before any of the app's code has arrived, in the system's colour scheme, and the app
 * takes it over keeping what was typed meanwhile.
 */
import { account } from './support/accounts';
import { expect, test } from './support/csp-guard';

/** Holds the app's entry script back until `release` is called: a slow phone's first download. */
async function holdTheApp(page: import('@playwright/test').Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test('the form is there before the app’s code, and what was typed stays when the app takes over', async ({
  page,
  request,
}) => {
  const { username } = await account(request, 'drawn');
  const password = 'correct-horse-1';
  const release = await holdTheApp(page);
  await page.goto('/login', { waitUntil: 'commit' });

  // The server's screen: the real form, focused, with the button waiting for the app.
  const user = page.getByLabel('Username or e-mail');
  await expect(user).toBeFocused();
  await expect(page.getByRole('link', { name: 'Create account' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeDisabled();
  expect(await page.locator('#root').getAttribute('data-prerendered')).toBe('login');
  await page.keyboard.type(username.slice(0, 3));

  release();
  await expect(page.locator('style[data-login-screen]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Log in' })).toBeEnabled();
  // Typing goes on in the same field, after what was typed before.
  await page.keyboard.type(username.slice(3));
  await expect(user).toHaveValue(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('greeting')).toBeVisible();
});

test('a visitor who moved on to the password while the app drew keeps typing there', async ({
  page,
  request,
}) => {
  const { username } = await account(request, 'moved');
  // The visitor goes to the password field just after the app first read where they were (that
  // reading takes the username's cursor), before it has drawn its own screen.
  await page.addInitScript(() => {
    const cursor = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'selectionStart');
    let moved = false;
    Object.defineProperty(HTMLInputElement.prototype, 'selectionStart', {
      configurable: true,
      get(this: HTMLInputElement) {
        const value = cursor?.get?.call(this);
        if (!moved && this.name === 'username' && this.closest('#root[data-prerendered]')) {
          moved = true;
          document.querySelector<HTMLInputElement>('#root input[name="password"]')?.focus();
        }
        return value;
      },
    });
  });
  const release = await holdTheApp(page);
  await page.goto('/login', { waitUntil: 'commit' });
  const user = page.getByLabel('Username or e-mail');
  await expect(user).toBeFocused();
  await page.keyboard.type(username);

  release();
  await expect(page.locator('style[data-login-screen]')).toHaveCount(0);
  const password = page.getByLabel('Password', { exact: true });
  await expect(password).toBeFocused();
  await page.keyboard.type('correct-horse-1');
  await expect(user).toHaveValue(username);
  await expect(password).toHaveValue('correct-horse-1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('greeting')).toBeVisible();
});

test('the server’s screen follows the system’s dark scheme, as the app does', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  const release = await holdTheApp(page);
  await page.goto('/login', { waitUntil: 'commit' });
  await expect(page.getByLabel('Username or e-mail')).toBeVisible();
  const drawn = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(drawn).toBe('rgb(36, 36, 36)');
  release();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeEnabled();
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(drawn);
});

test('the app starts with the configuration the screen came with: no second /info', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeEnabled();
  expect(asked.filter((path) => path === '/api/v1/info')).toEqual([]);
});

for (const { locale, lang, dir, username, logIn } of [
  { locale: 'de-DE', lang: 'de-DE', dir: 'ltr', username: 'Benutzername oder E-Mail', logIn: 'Anmelden' },
  {
    locale: 'ar-SA',
    lang: 'ar-SA',
    dir: 'rtl',
    username: 'اسم المستخدم أو البريد الإلكتروني',
    logIn: 'تسجيل الدخول',
  },
]) {
  test.describe(`a browser in ${locale}`, () => {
    test.use({ locale });

    test('gets the screen in its language, laid out as the app lays it out, and the app keeps it', async ({
      page,
    }) => {
      const release = await holdTheApp(page);
      await page.goto('/login', { waitUntil: 'commit' });
      const user = page.getByLabel(username);
      await expect(user).toBeFocused();
      await expect(page.getByRole('button', { name: logIn })).toBeDisabled();
      expect(
        await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]),
      ).toEqual([lang, dir === 'rtl' ? 'rtl' : '']);
      const drawnAt = await user.boundingBox();

      release();
      await expect(page.getByRole('button', { name: logIn })).toBeEnabled();
      await expect(page.locator('style[data-login-screen]')).toHaveCount(0);
      expect(
        await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]),
      ).toEqual([lang, dir]);
      // The app's screen is where the drawn one was: nothing moves as it takes over.
      expect(await user.boundingBox()).toEqual(drawnAt);
    });
  });
}

test.describe('a first visit of the server’s own address', () => {
  // Each load below is the server's answer, as a first visit's or one without a service worker
  // (plain http on a network address) is.
  test.use({ serviceWorkers: 'block' });

  test('gets the form drawn and opens on the login page; signed in, it gets the app; signed out, the form again', async ({
    page,
    request,
  }) => {
    const { username } = await account(request, 'rooted');
    const release = await holdTheApp(page);
    await page.goto('/', { waitUntil: 'commit' });
    const user = page.getByLabel('Username or e-mail');
    await expect(user).toBeFocused();
    await expect(page.getByRole('button', { name: 'Log in' })).toBeDisabled();
    await page.keyboard.type(username);

    release();
    await expect(page.getByRole('button', { name: 'Log in' })).toBeEnabled();
    await expect(page).toHaveURL(/\/login$/);
    await expect(user).toHaveValue(username);
    await expect(user).toBeFocused();
    await page.getByLabel('Password', { exact: true }).fill('correct-horse-1');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByTestId('greeting')).toBeVisible();

    // Signed in, the server sends the app, which opens home: no login form on the way.
    const signedIn = await page.goto('/');
    expect(await signedIn?.text()).not.toContain('data-prerendered');
    await expect(page.getByTestId('greeting')).toBeVisible();

    await page.getByRole('button', { name: new RegExp(username) }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login/);
    const signedOut = await page.goto('/');
    expect(await signedOut?.text()).toContain('data-prerendered="login"');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a link to a page gets the form drawn, and after logging in that page opens', async ({
    page,
    request,
  }) => {
    const me = await account(request, 'linked');
    const project = await me.api<{ id: number }>('PUT', '/projects', { title: 'Allotment' });
    const release = await holdTheApp(page);
    await page.goto(`/projects/${project.id}`, { waitUntil: 'commit' });
    await expect(page.getByLabel('Username or e-mail')).toBeFocused();
    release();
    await expect(page.getByRole('button', { name: 'Log in' })).toBeEnabled();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Username or e-mail').fill(me.username);
    await page.getByLabel('Password', { exact: true }).fill('correct-horse-1');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${project.id}(/|$)`));
    await expect(page.getByRole('heading', { name: 'Allotment' })).toBeVisible();
  });
});

test('on a keyboard the password can be shown, and the focus ring stands out on the dark scheme', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeEnabled();
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('correct-horse-1');
  await password.press('Tab');
  const reveal = page.getByRole('button', { name: 'Show or hide the password' });
  await expect(reveal).toBeFocused();
  await page.keyboard.press('Space');
  await expect(password).toHaveAttribute('type', 'text');
  // Blue 4 (#4dabf7), not the button's own blue 8.
  expect(await reveal.evaluate((el) => getComputedStyle(el).outlineColor)).toBe('rgb(77, 171, 247)');
});
