/**
 * Directory (LDAP) login as a user meets it: a real slapd (the one the API tests use) holds the
 * person, and each project starts an Ordo of its own (on its database) that logs in against it.
 */

import { type Slapd, startSlapd } from '../packages/server/test/support/slapd';
import { expect, test } from './support/csp-guard';
import { type OwnOrdo, startOwnOrdo } from './support/own-ordo';

let slapd: Slapd;
let ordo: OwnOrdo;
let base: string;

const lena = {
  uid: 'lena',
  password: 'lena-directory-pw',
  mail: 'lena@dir.test',
  displayName: 'Lena Verzeichnis',
};

test.beforeAll(async () => {
  const testInfo = test.info();
  slapd = await startSlapd([lena]);
  ordo = await startOwnOrdo({
    what: 'the LDAP Ordo',
    database: testInfo.project.name,
    env: {
      ...slapd.env(),
    },
  });
  base = ordo.base;
});

test.afterAll(async () => {
  await ordo?.stop();
  await slapd?.stop();
});

test('a directory user logs in with the directory password and is greeted by their name', async ({
  page,
}) => {
  await page.goto(`${base}/login`);
  await expect(
    page.getByText('Directory (LDAP) accounts log in with their directory username and password.'),
  ).toBeVisible();

  // A wrong password is refused with the usual words, and nobody is let in.
  await page.getByLabel('Username or e-mail').fill('lena');
  await page.getByLabel('Password', { exact: true }).fill('not-the-directory-pw');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toContainText('Wrong username or password.');
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Password', { exact: true }).fill(lena.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(lena.displayName);
  // Their account came from the directory: the Inbox every account starts with is there too.
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Inbox' })).toBeVisible();

  // Name and password live in the directory: the settings show the name but do not offer changes.
  await page.goto(`${base}/user/settings/general`);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(lena.displayName);
  await expect(page.getByLabel('Name', { exact: true })).toBeDisabled();
  await expect(
    page.getByText('Your name comes from the service you sign in with and is changed there.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Password' })).toHaveCount(0);
});
