/**
 * A server with comments, attachments and two-factor authentication switched off
 * (ORDO_TASK_COMMENTS=false, ORDO_TASK_ATTACHMENTS=false, ORDO_TOTP=false, so `/info` says so):
 * the task detail shows neither section nor the attachment action, and asks the API for neither;
 * the settings offer no two-factor page, and its address says why.
 */
import { request as playwrightRequest } from '@playwright/test';
import { expect, test } from './support/csp-guard';
import { type OwnOrdo, startOwnOrdo } from './support/own-ordo';

let ordo: OwnOrdo;

test.beforeAll(async () => {
  ordo = await startOwnOrdo({
    what: 'the Ordo without comments and attachments',
    database: test.info().project.name,
    env: { ORDO_TASK_COMMENTS: 'false', ORDO_TASK_ATTACHMENTS: 'false', ORDO_TOTP: 'false' },
  });
});

test.afterAll(async () => {
  await ordo?.stop();
});

test('the task detail hides comments and attachments and does not ask for them; two-factor is not offered', async ({
  page,
}) => {
  const api = await playwrightRequest.newContext({ baseURL: ordo.base });
  const username = `extras${Date.now()}`;
  const password = 'correct-horse-1';
  await api.post('/api/v1/register', { data: { username, email: `${username}@example.com`, password } });
  const { token } = (await (await api.post('/api/v1/login', { data: { username, password } })).json()) as {
    token: string;
  };
  const auth = { Authorization: `Bearer ${token}` };
  const info = (await (await api.get('/api/v1/info')).json()) as Record<string, unknown>;
  expect([info.task_comments_enabled, info.task_attachments_enabled]).toEqual([false, false]);
  const projects = (await (await api.get('/api/v1/projects', { headers: auth })).json()) as { id: number }[];
  const task = (await (
    await api.put(`/api/v1/projects/${projects[0].id}/tasks`, {
      headers: auth,
      data: { title: 'Quiet task' },
    })
  ).json()) as { id: number };
  await api.dispose();

  const asked: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (/\/comments|\/attachments/.test(path)) asked.push(path);
  });
  await page.addInitScript((value) => localStorage.setItem('token', value), token);
  await page.goto(`${ordo.base}/tasks/${task.id}`);
  await expect(page.getByLabel('Title')).toHaveValue('Quiet task');
  await expect(page.getByRole('heading', { name: 'Description' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Comments' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Attachments' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Attach files' })).toHaveCount(0);
  // Give any late request the chance to show up before counting.
  await page.waitForLoadState('networkidle');
  expect(asked).toEqual([]);

  // Two-factor is off: not in the settings menu, and its address typed in says so.
  await page.goto(`${ordo.base}/user/settings/general`);
  const settingsNav = page.getByRole('navigation', { name: 'Settings pages' });
  await expect(settingsNav.getByRole('link', { name: 'Password' })).toBeVisible();
  await expect(settingsNav.getByRole('link', { name: 'Two-factor authentication' })).toHaveCount(0);
  await page.goto(`${ordo.base}/user/settings/totp`);
  await expect(page.getByText('Two-factor authentication is turned off on this server.')).toBeVisible();
  await expect(page.getByText('Loading failed')).toHaveCount(0);
});
