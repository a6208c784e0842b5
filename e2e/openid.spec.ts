/**
 * Signing in through an OpenID Connect provider as a user meets it: the provider button on the
 * login page leads to the provider's own sign-in page (a real oidc-provider process, the one the
 * API tests use), and back in Ordo the user is signed in under the name the provider has for
 * them. Logging out also signs out at the provider. These tests need an Ordo that knows the
 * provider, so each project starts one of its own (on its database).
 */

import { startOidcProvider, type TestOidcProvider } from '../packages/server/test/support/oidc-provider';
import { expect, type Page, test } from './support/csp-guard';
import { freePort, type OwnOrdo, startOwnOrdo } from './support/own-ordo';

let oidc: TestOidcProvider;
let ordo: OwnOrdo;
let base: string;

const PASSWORD = 'apollo-11-guidance';

test.beforeAll(async () => {
  const testInfo = test.info();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  oidc = await startOidcProvider({
    redirectUris: [`${base}/auth/openid/testid`],
    postLogoutRedirectUris: [`${base}/login`],
    accounts: {
      margaret: {
        sub: 'mh-1969',
        password: PASSWORD,
        email: 'margaret@example.com',
        name: 'Margaret Hamilton',
        preferredUsername: 'margaret',
      },
    },
  });
  const logoutUrl = `${oidc.issuer}/session/end?${new URLSearchParams({
    client_id: oidc.clientId,
    post_logout_redirect_uri: `${base}/login`,
  })}`;
  ordo = await startOwnOrdo({
    what: 'the OpenID Ordo',
    database: testInfo.project.name,
    port,
    env: {
      ORDO_OPENID_PROVIDERS: JSON.stringify([oidc.ordoProvider({ logoutUrl })]),
    },
  });
});

test.afterAll(async () => {
  await ordo?.stop();
  await oidc?.close();
});

/** On the provider's own page: its form, not Ordo's. */
async function signInAtProvider(page: Page) {
  await expect(page).toHaveURL(new RegExp(`^${oidc.issuer}/interaction/`));
  await expect(page.getByRole('heading', { name: 'Test Identity sign-in' })).toBeVisible();
  await page.getByLabel('Username').fill('margaret');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a provider account signs in from the login page, is known by its name, and logs out at the provider too', async ({
  page,
}) => {
  await page.goto(`${base}/login`);
  await page.getByRole('button', { name: 'Log in with Test Identity' }).click();
  await signInAtProvider(page);

  await expect(page).toHaveURL(`${base}/`);
  await expect(page.getByTestId('greeting')).toContainText('Margaret Hamilton');
  const menu = page.getByRole('button', { name: 'User menu of Margaret Hamilton' });
  await menu.click();
  await expect(page.getByText('Signed in as margaret')).toBeVisible();

  // Her password lives at the provider: the settings offer no password or two-factor pages.
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const settingsNav = page.getByRole('navigation', { name: 'Settings pages' });
  await expect(settingsNav.getByRole('link', { name: 'General' })).toBeVisible();
  await expect(settingsNav.getByRole('link', { name: 'Password' })).toHaveCount(0);
  await expect(settingsNav.getByRole('link', { name: 'Two-factor authentication' })).toHaveCount(0);
  // Its address typed in says where two-factor is set up instead of failing to load.
  await page.goto(`${base}/user/settings/totp`);
  await expect(
    page.getByText(
      'signs in through an external login provider, so two-factor authentication is set up there',
    ),
  ).toBeVisible();
  await expect(page.getByText('Loading failed')).toHaveCount(0);

  await menu.click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  // The provider asks before it ends its own session, then sends the browser back to Ordo.
  await expect(page.getByRole('heading', { name: 'Sign out of Test Identity?' })).toBeVisible();
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(page).toHaveURL(`${base}/login`);
  await expect(page.getByRole('button', { name: 'Log in with Test Identity' })).toBeVisible();

  // Signed out at the provider as well: the next sign-in asks for the password again.
  await page.getByRole('button', { name: 'Log in with Test Identity' }).click();
  await expect(page.getByLabel('Password')).toBeVisible();
});

test('redirectToProvider sends a visitor straight to the provider, and back to the page they wanted', async ({
  page,
}) => {
  await page.goto(`${base}/labels`);
  await expect(page).toHaveURL(`${base}/login`);
  await page.goto(`${base}/?redirectToProvider=testid`);
  await signInAtProvider(page);
  await expect(page).toHaveURL(`${base}/labels`);
  await expect(page.getByRole('heading', { level: 1, name: 'Labels' })).toBeVisible();
});

test('the callback refuses a state it did not send and shows a provider’s error, with the way back', async ({
  page,
}) => {
  await page.goto(`${base}/auth/openid/testid?code=forged&state=not-ours`);
  await expect(page.getByRole('alert')).toContainText('State does not match, refusing to continue!');
  await page.goto(`${base}/auth/openid/testid?error=access_denied&message=You%20declined%20the%20request.`);
  await expect(page.getByRole('alert')).toContainText('You declined the request.');
  await page.getByRole('link', { name: 'Back to login' }).click();
  await expect(page).toHaveURL(`${base}/login`);
});
