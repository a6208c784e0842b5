/**
 * Directory (LDAP) login as a user meets it: a real slapd (the one the API tests use) holds the
 * person, and each project starts an Ordo of its own (on its database) that logs in against it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { expect, test } from '@playwright/test';
import { type Slapd, startSlapd } from '../packages/server/test/support/slapd';

let slapd: Slapd;
let server: ChildProcess;
let base: string;

const lena = {
  uid: 'lena',
  password: 'lena-directory-pw',
  mail: 'lena@dir.test',
  displayName: 'Lena Verzeichnis',
};

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const { port } = probe.address() as { port: number };
  await new Promise((r) => probe.close(r));
  return port;
}

test.beforeAll(async () => {
  const testInfo = test.info();
  slapd = await startSlapd([lena]);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['e2e/serve.mjs'], {
    cwd: new URL('..', import.meta.url).pathname,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      E2E_DB: testInfo.project.name,
      ORDO_RATE_LIMIT: '0',
      ORDO_WORKERS: '1',
      ORDO_PUBLIC_URL: `${base}/`,
      ...slapd.env(),
    },
    stdio: 'inherit',
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    const ready = await fetch(`${base}/api/v1/info`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline || server.exitCode !== null) throw new Error('the LDAP Ordo did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
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
