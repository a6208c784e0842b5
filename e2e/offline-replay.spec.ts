/**
 * What a replay of waiting task writes does to the server's copy: another person's changes made
 * meanwhile stay, a write cut off on its way is sent again by itself and once, and writes waiting
 * when the session ends are sent after the same user signs in again.
 */
import { mkdirSync } from 'node:fs';
import { type Account, account, signIn } from './support/accounts';
import { expect, test } from './support/csp-guard';
import { goOffline, openList, serviceWorkerActive } from './support/offline';

interface ServerTask {
  id: number;
  title: string;
  description: string;
  done: boolean;
  priority: number;
}

const PASSWORD = 'correct-horse-1';

/** Someone else's full-replace save of the task, as Vikunja's apps send it. */
async function saveAsOther(other: Account, taskId: number, change: Record<string, unknown>) {
  const current = await other.api<Record<string, unknown>>('GET', `/tasks/${taskId}`);
  await other.api('POST', `/tasks/${taskId}`, { ...current, ...change });
}

test('changes made offline go on top of what someone else saved meanwhile, never over it', async ({
  browser,
  request,
}) => {
  const alice = await account(request, 'rpa');
  const bob = await account(request, 'rpb');
  const project = await alice.api<{ id: number }>('PUT', '/projects', { title: 'Harbour' });
  await alice.api('PUT', `/projects/${project.id}/users`, { username: bob.username, permission: 1 });
  const ropes = await alice.api<ServerTask>('PUT', `/projects/${project.id}/tasks`, {
    title: 'Coil the ropes',
    description: '<p>Before the storm</p>',
  });
  const sails = await alice.api<ServerTask>('PUT', `/projects/${project.id}/tasks`, {
    title: 'Mend the sails',
    description: '<p>Old notes</p>',
  });

  const { context, page } = await openList(browser, alice, project.id, 'Coil the ropes');
  // The task detail is opened once online, so it can be edited offline.
  await page.getByText('Mend the sails', { exact: true }).click();
  await expect(page.getByLabel('Title')).toHaveValue('Mend the sails');
  // Its parts that load on their own (the comment editor) have arrived before the network goes.
  await expect(page.getByRole('textbox', { name: /comment/i }).last()).toBeVisible();
  await goOffline(context, page);

  // Offline, Alice renames the task and rewrites its description in the detail …
  await page.getByLabel('Title').fill('Mend the main sail');
  await page.getByLabel('Title').press('Enter');
  await page.getByRole('button', { name: 'Edit description' }).click();
  await page.getByRole('textbox', { name: 'Description' }).click();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('Alice: use the heavy thread');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Changes waiting: 2.')).toBeVisible();
  await page.keyboard.press('Escape');
  // … and ticks the other one in the list.
  await page.getByRole('checkbox', { name: 'Mark Coil the ropes as done' }).click();
  await expect(page.getByText('Changes waiting: 3.')).toBeVisible();

  // Meanwhile Bob, online, renames the ticked task and gives it a priority, and rewrites the
  // description Alice is rewriting too, giving that task a priority as well.
  await saveAsOther(bob, ropes.id, { title: 'Coil and stow the ropes', priority: 3 });
  await saveAsOther(bob, sails.id, { description: '<p>Bob: the patch kit is aboard</p>', priority: 4 });

  await context.setOffline(false);
  const met = page.getByRole('alert').filter({ hasText: 'Offline changes that met someone else’s' });
  await expect(met).toBeVisible({ timeout: 30_000 });
  await expect(
    met.getByText(
      /Change to “Mend the main sail”: Someone else changed Description meanwhile: both texts were kept, theirs first\./,
    ),
  ).toBeVisible();
  // The list shows the server's copy after the replay.
  await expect(page.getByText('Mend the main sail', { exact: true })).toBeVisible();
  await expect(page.getByText('Coil and stow the ropes', { exact: true })).toBeHidden();
  await expect(page.getByText('The task was marked as done.')).toBeHidden({ timeout: 15_000 });
  mkdirSync('test-results', { recursive: true });
  await page.screenshot({ path: 'test-results/offline-changes-met.png' });

  // Bob's rename and priority stay; Alice's tick is on top of them.
  const storedRopes = await alice.api<ServerTask>('GET', `/tasks/${ropes.id}`);
  expect(storedRopes).toMatchObject({ title: 'Coil and stow the ropes', priority: 3, done: true });
  // Alice's rename is saved beside Bob's priority, and both descriptions are kept, Bob's first.
  const storedSails = await alice.api<ServerTask>('GET', `/tasks/${sails.id}`);
  expect(storedSails).toMatchObject({ title: 'Mend the main sail', priority: 4 });
  expect(storedSails.description).toMatch(/Bob: the patch kit is aboard.*<hr>.*Alice: use the heavy thread/s);
  expect(await page.getByText(/Changes made offline that were not saved/).count()).toBe(0);

  await met.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByTestId('offline-banner')).toBeHidden();
  await context.close();
});

test('a task made offline opens, takes edits, and becomes one task with them', async ({
  browser,
  request,
}) => {
  const me = await account(request, 'rpf');
  const project = await me.api<{ id: number }>('PUT', '/projects', { title: 'Boathouse' });
  await me.api('PUT', `/projects/${project.id}/tasks`, { title: 'Lock the doors' });
  const { context, page } = await openList(browser, me, project.id, 'Lock the doors');
  // The task detail's code is kept once it has been used online (lazy chunks are cached on use).
  await page.getByText('Lock the doors', { exact: true }).click();
  await expect(page.getByLabel('Title')).toHaveValue('Lock the doors');
  await expect(page.getByRole('textbox', { name: /comment/i }).last()).toBeVisible();
  await page.keyboard.press('Escape');
  await serviceWorkerActive(page);
  await goOffline(context, page);
  const input = page.getByRole('textbox', { name: 'New task' });
  await input.fill('Oil the oars');
  await input.press('Enter');
  await page.getByText('Oil the oars', { exact: true }).click();
  const title = page.getByLabel('Title');
  await expect(title).toHaveValue('Oil the oars');
  await title.fill('Oil and wax the oars');
  await title.press('Enter');
  await expect(page.getByText('Changes waiting: 2.')).toBeVisible();

  await context.setOffline(false);
  // Once the server has made it, the open task is the server's, at its own address.
  await expect(page).toHaveURL(/\/tasks\/\d+$/, { timeout: 30_000 });
  await expect(title).toHaveValue('Oil and wax the oars');
  await expect(page.getByTestId('offline-banner')).toBeHidden();
  const tasks = await me.api<ServerTask[]>('GET', `/projects/${project.id}/tasks`);
  expect(tasks.map((t) => t.title).sort()).toEqual(['Lock the doors', 'Oil and wax the oars']);
  expect(page.url()).toMatch(new RegExp(`/tasks/${tasks.find((t) => t.title.startsWith('Oil'))?.id}$`));
  await context.close();
});

test('a new task whose answer the network lost is sent again by itself, and made once', async ({
  browser,
  request,
}) => {
  const me = await account(request, 'rpc');
  const project = await me.api<{ id: number }>('PUT', '/projects', { title: 'Quay' });
  await me.api('PUT', `/projects/${project.id}/tasks`, { title: 'Check the moorings' });
  const { context, page } = await openList(browser, me, project.id, 'Check the moorings');

  // The server makes the task, but the connection drops before its answer reaches the browser,
  // which still says it is online: no "online" event will come to send it again.
  let sends = 0;
  await page.route(/\/api\/v1\/projects\/\d+\/tasks$/, async (route) => {
    if (route.request().method() !== 'PUT') return route.continue();
    sends++;
    if (sends > 1) return route.continue();
    await route.fetch();
    return route.abort('connectionreset');
  });
  const input = page.getByRole('textbox', { name: 'New task' });
  await input.fill('Buy fenders');
  await input.press('Enter');
  await expect(
    page.getByRole('list', { name: 'Tasks' }).getByText('Buy fenders', { exact: true }),
  ).toBeVisible();
  await expect(page.getByText('Changes waiting: 1.')).toBeVisible();

  // Sent again without anyone pressing "Send now", under the first key: one task.
  await expect(page.getByTestId('offline-banner')).toBeHidden({ timeout: 30_000 });
  expect(sends).toBe(2);
  const tasks = await me.api<ServerTask[]>('GET', `/projects/${project.id}/tasks`);
  expect(tasks.map((t) => t.title).sort()).toEqual(['Buy fenders', 'Check the moorings']);
  await context.close();
});

test('changes waiting when the session ends are sent once the user signs in again', async ({
  browser,
  request,
}) => {
  const me = await account(request, 'rpd');
  const project = await me.api<{ id: number }>('PUT', '/projects', { title: 'Dock' });
  await me.api('PUT', `/projects/${project.id}/tasks`, { title: 'Paint the hull' });
  await me.api('PUT', `/projects/${project.id}/tasks`, { title: 'Scrub the deck' });
  const { context, page } = await openList(browser, me, project.id, 'Paint the hull');
  await goOffline(context, page);
  await page.getByRole('checkbox', { name: 'Mark Paint the hull as done' }).click();
  await page.getByRole('checkbox', { name: 'Mark Scrub the deck as done' }).click();
  await expect(page.getByText('Changes waiting: 2.')).toBeVisible();

  // While the device is offline, the session ends (signed out everywhere, or its token ran out).
  const auth = { Authorization: `Bearer ${me.token}` };
  for (const session of await me.api<{ id: string }[]>('GET', '/user/sessions'))
    await request.delete(`/api/v1/user/sessions/${session.id}`, { headers: auth });
  expect((await request.get('/api/v1/user', { headers: auth })).status()).toBe(401);

  await context.setOffline(false);
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible({ timeout: 30_000 });
  // Nothing was refused or dropped: the changes wait for their user.
  await expect(
    page.getByText('Sign in again to send the changes made offline. Changes waiting: 2.'),
  ).toBeVisible();
  await expect(page.getByText(/not saved/)).toHaveCount(0);

  await page.getByLabel('Username or e-mail').fill(me.username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('offline-banner')).toBeHidden({ timeout: 30_000 });

  const login = await request.post('/api/v1/login', { data: { username: me.username, password: PASSWORD } });
  const { token } = (await login.json()) as { token: string };
  const answer = await request.get(`/api/v1/projects/${project.id}/tasks`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const tasks = (await answer.json()) as ServerTask[];
  expect(tasks.map((t) => [t.title, t.done]).sort()).toEqual([
    ['Paint the hull', true],
    ['Scrub the deck', true],
  ]);
  await context.close();
});

test('a comment whose answer the network lost is not added twice when sent again', async ({
  page,
  request,
}) => {
  const me = await account(request, 'rpe');
  const project = await me.api<{ id: number }>('PUT', '/projects', { title: 'Slipway' });
  const task = await me.api<ServerTask>('PUT', `/projects/${project.id}/tasks`, { title: 'Tar the seams' });
  await signIn(page, me.token);
  await page.goto(`/tasks/${task.id}`);
  await expect(page.getByLabel('Title')).toHaveValue('Tar the seams');

  let sends = 0;
  await page.route(/\/api\/v1\/tasks\/\d+\/comments$/, async (route) => {
    if (route.request().method() !== 'PUT') return route.continue();
    sends++;
    if (sends > 1) return route.continue();
    await route.fetch();
    return route.abort('connectionreset');
  });
  await page
    .getByRole('textbox', { name: /comment/i })
    .last()
    .click();
  await page.keyboard.type('Done on the port side');
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  // The app could not hear the answer: the comment waits on the device and is sent again by
  // itself, under the key of its first try.
  await expect(page.getByText('Waiting to be sent')).toBeVisible();
  await expect.poll(() => sends, { timeout: 15_000 }).toBe(2);
  await expect(page.getByText('Waiting to be sent')).toHaveCount(0, { timeout: 10_000 });
  await expect(page.getByText('Done on the port side')).toHaveCount(1, { timeout: 10_000 });
  const comments = await me.api<{ comment: string }[]>('GET', `/tasks/${task.id}/comments`);
  expect(comments.map((c) => c.comment)).toEqual(['<p>Done on the port side</p>']);
});
