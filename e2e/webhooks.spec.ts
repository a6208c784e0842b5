/**
 * Webhooks as a user meets them: the project settings' Webhooks modal checks the form, adds a
 * webhook with a secret, and a task marked done in the list reaches a real HTTP receiver as a
 * signed task.updated payload; then the events are changed in place and the webhook is deleted.
 * The receiver listens on this host, which a server refuses as a target unless its operator
 * allows it: the e2e servers allow 127.0.0.1 (ORDO_WEBHOOKS_ALLOW_INTERNAL in the Playwright
 * config) and nothing else, so the metadata service's address is refused in the form. Read-only
 * collaborators see no webhooks.
 */
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { account, signIn } from './support/accounts';
import { expect, test } from './support/csp-guard';

interface Delivery {
  path: string;
  signature: string | undefined;
  raw: string;
  body: { event_name: string; data: { task?: { id: number; title: string; done: boolean } } };
}

async function receiver() {
  const received: Delivery[] = [];
  const server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => {
      raw += chunk;
    });
    request.on('end', () => {
      const signature = request.headers['x-vikunja-signature'];
      received.push({
        path: request.url ?? '',
        signature: typeof signature === 'string' ? signature : undefined,
        raw,
        body: JSON.parse(raw),
      });
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('a webhook added in the project settings receives a task change, signed; its events change and it is deleted', async ({
  page,
  request,
}) => {
  const target = await receiver();
  try {
    const owner = await account(request, 'hook');
    const title = 'Release train';
    const project = await owner.api<{ id: number }>('PUT', '/projects', { title });
    const task = await owner.api<{ id: number }>('PUT', `/projects/${project.id}/tasks`, {
      title: 'Ship it',
    });
    await signIn(page, owner.token);
    await page.goto(`/projects/${project.id}`);
    await page
      .getByRole('main')
      .getByRole('button', { name: `Settings of ${title}` })
      .click();
    await page.getByRole('menuitem', { name: 'Webhooks' }).click();
    await expect(page).toHaveURL(/\/settings\/webhooks$/);
    const dialog = page.getByRole('dialog', { name: `Webhooks of ${title}` });
    await expect(dialog.getByText('This project has no webhooks yet.')).toBeVisible();

    // Nothing is sent until the form is right.
    await dialog.getByRole('button', { name: 'Create webhook' }).click();
    await expect(dialog.getByText('Please enter a valid http or https URL.')).toBeVisible();
    await expect(dialog.getByText('Please choose at least one event.')).toBeVisible();
    await dialog.getByLabel('Target URL').fill('ftp://example.com/');
    await dialog.getByRole('checkbox', { name: 'task.updated' }).check();
    await expect(dialog.getByText('Please choose at least one event.')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Create webhook' }).click();
    await expect(dialog.getByText('Please enter a valid http or https URL.')).toBeVisible();

    await dialog.getByLabel('Target URL').fill(`${target.url}/ordo`);
    await dialog.getByLabel('Secret').fill('e2e-secret');
    await dialog.getByRole('button', { name: 'Create webhook' }).click();
    await expect(page.getByText('The webhook was created.')).toBeVisible();
    const row = dialog.getByTestId('webhook');
    await expect(row).toHaveCount(1);
    await expect(row.getByText(`${target.url}/ordo`)).toBeVisible();
    await expect(row.getByText('task.updated')).toBeVisible();
    // The form is empty again, and the secret is never shown back.
    await expect(dialog.getByLabel('Target URL')).toHaveValue('');
    const listed = await owner.api<{ secret: string }[]>('GET', `/projects/${project.id}/webhooks`);
    expect(listed[0].secret).toBe('');

    // A task marked done in the list reaches the receiver.
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await page.getByRole('checkbox', { name: 'Mark Ship it as done' }).click();
    await expect(page.getByText('The task was marked as done.')).toBeVisible();
    await expect.poll(() => target.received.length).toBeGreaterThan(0);
    const [delivery] = target.received;
    expect(delivery.path).toBe('/ordo');
    expect(delivery.body.event_name).toBe('task.updated');
    expect(delivery.body.data.task).toMatchObject({ id: task.id, title: 'Ship it', done: true });
    expect(delivery.signature).toBe(createHmac('sha256', 'e2e-secret').update(delivery.raw).digest('hex'));

    // The events change in place.
    await page.goto(`/projects/${project.id}/settings/webhooks`);
    await dialog.getByRole('button', { name: `Change events: ${target.url}/ordo` }).click();
    await row.getByRole('checkbox', { name: 'task.created' }).check();
    await row.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The events were saved.')).toBeVisible();
    await expect(row.getByText('task.created')).toBeVisible();
    await expect(row.getByText('task.updated')).toBeVisible();

    // Deleting asks first.
    await dialog.getByRole('button', { name: `Delete webhook: ${target.url}/ordo` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this webhook?' });
    await expect(confirm.getByText(`${target.url}/ordo will no longer receive events`)).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete webhook' }).click();
    await expect(page.getByText('The webhook was deleted.')).toBeVisible();
    await expect(dialog.getByText('This project has no webhooks yet.')).toBeVisible();
  } finally {
    await target.close();
  }
});

test('an internal address the operator has not allowed is refused, and read-only collaborators see no webhooks', async ({
  page,
  browser,
  request,
}) => {
  const owner = await account(request, 'hookdef');
  const reader = await account(request, 'hookread');
  const title = 'Guarded';
  const project = await owner.api<{ id: number }>('PUT', '/projects', { title });
  await owner.api('PUT', `/projects/${project.id}/users`, { username: reader.username, right: 0 });
  await signIn(page, owner.token);
  await page.goto(`/projects/${project.id}/settings/webhooks`);
  const dialog = page.getByRole('dialog', { name: `Webhooks of ${title}` });
  await expect(dialog.getByText('This project has no webhooks yet.')).toBeVisible();

  await dialog.getByLabel('Target URL').fill('http://169.254.169.254/latest/meta-data/');
  await dialog.getByRole('checkbox', { name: 'task.updated' }).check();
  await dialog.getByRole('button', { name: 'Create webhook' }).click();
  await expect(
    page.getByText(
      'The webhook target 169.254.169.254 is an internal address (this server or a private network), which webhooks may not reach.',
    ),
  ).toBeVisible();
  await expect(dialog.getByText('This project has no webhooks yet.')).toBeVisible();

  // A public target is taken; the reader is told who sees webhooks, and not where they go.
  await dialog.getByLabel('Target URL').fill('https://hooks.example.com/ordo');
  await dialog.getByRole('button', { name: 'Create webhook' }).click();
  await expect(page.getByText('The webhook was created.')).toBeVisible();
  await expect(dialog.getByTestId('webhook')).toHaveCount(1);

  const readerPage = await (await browser.newContext()).newPage();
  await signIn(readerPage, reader.token);
  await readerPage.goto(`/projects/${project.id}`);
  await expect(readerPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(
    readerPage.getByRole('main').getByRole('button', { name: `Settings of ${title}` }),
  ).toHaveCount(0);
  await readerPage.goto(`/projects/${project.id}/settings/webhooks`);
  const readerDialog = readerPage.getByRole('dialog', { name: `Webhooks of ${title}` });
  await expect(
    readerDialog.getByText('Only people who can edit this project can see and manage its webhooks.'),
  ).toBeVisible();
  await expect(readerPage.getByText('hooks.example.com')).toHaveCount(0);
  const listed = await request.get(`/api/v1/projects/${project.id}/webhooks`, {
    headers: { Authorization: `Bearer ${reader.token}` },
  });
  expect(listed.status()).toBe(403);
  await readerPage.context().close();
});

test('the account settings manage the user’s own webhooks with the user events only', async ({
  page,
  request,
}) => {
  const me = await account(request, 'userhook');
  await signIn(page, me.token);
  await page.goto('/user/settings/general');
  await page
    .getByRole('navigation', { name: 'Settings pages' })
    .getByRole('link', { name: 'Webhooks' })
    .click();
  await expect(page).toHaveURL(/\/user\/settings\/webhooks$/);
  await expect(page.getByText('You have no webhooks yet.')).toBeVisible();
  // Only the events directed at one user are offered.
  await expect(page.getByRole('checkbox', { name: 'task.reminder.fired' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'task.created' })).toHaveCount(0);

  await page.getByLabel('Target URL').fill('http://127.0.0.1:9/mine');
  await page.getByRole('checkbox', { name: 'task.reminder.fired' }).check();
  await page.getByRole('button', { name: 'Create webhook' }).click();
  await expect(page.getByText('The webhook was created.')).toBeVisible();
  const row = page.getByTestId('webhook');
  await expect(row.getByText('http://127.0.0.1:9/mine')).toBeVisible();
  const listed = await me.api<{ target_url: string; events: string[] }[]>('GET', '/user/settings/webhooks');
  expect(listed.map((h) => [h.target_url, h.events])).toEqual([
    ['http://127.0.0.1:9/mine', ['task.reminder.fired']],
  ]);

  await page.getByRole('button', { name: 'Delete webhook: http://127.0.0.1:9/mine' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this webhook?' });
  await expect(
    confirm.getByText('http://127.0.0.1:9/mine will no longer receive your events.'),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete webhook' }).click();
  await expect(page.getByText('You have no webhooks yet.')).toBeVisible();
  expect(await me.api<unknown[]>('GET', '/user/settings/webhooks')).toEqual([]);
});
