/**
 * Task writes still on their way when the page reloads are not lost: the app keeps them on the
 * device until the server answers, and the next start sends what a closed page left behind, once.
 */
import { account, signIn } from './support/accounts';
import { expect, test } from './support/csp-guard';

interface ServerTask {
  id: number;
  title: string;
  done: boolean;
}

test('a new task and a tick still on their way at a reload reach the server, once each', async ({
  page,
  request,
}) => {
  const me = await account(request, 'flight');
  const project = await me.api<{ id: number }>('PUT', '/projects', { title: 'Groceries' });
  const milk = await me.api<ServerTask>('PUT', `/projects/${project.id}/tasks`, { title: 'Buy milk' });
  await signIn(page, me.token);
  await page.goto(`/projects/${project.id}`);
  await expect(page.getByText('Buy milk', { exact: true })).toBeVisible();

  // The two writes are held before they leave the browser, as on a slow network, and are never let
  // go (removing the route would release them); what is sent after the reload goes through.
  const held: string[] = [];
  await page.route(/\/api\/v1\/(projects\/\d+\/tasks|tasks\/\d+)$/, (route) => {
    if (route.request().method() === 'GET' || held.length === 2) return route.continue();
    held.push(`${route.request().method()} ${new URL(route.request().url()).pathname}`);
  });
  const input = page.getByRole('textbox', { name: 'New task' });
  await input.fill('Call the plumber');
  await input.press('Enter');
  await page.getByRole('checkbox', { name: 'Mark Buy milk as done' }).click();
  await expect.poll(() => held.length).toBe(2);

  await page.reload();
  await expect(page.getByText('Call the plumber', { exact: true })).toBeVisible();
  // The list view shows open tasks: the ticked one has gone from it.
  await expect(page.getByText('Buy milk', { exact: true })).toHaveCount(0);
  const tasks = () => me.api<ServerTask[]>('GET', `/projects/${project.id}/tasks`);
  await expect
    .poll(async () => (await tasks()).map((t) => `${t.title}${t.done ? ' (done)' : ''}`).sort())
    .toEqual(['Buy milk (done)', 'Call the plumber']);
  expect((await me.api<ServerTask>('GET', `/tasks/${milk.id}`)).done).toBe(true);

  // Nothing is left to send: a second reload adds nothing and shows no waiting changes.
  await page.reload();
  await expect(page.getByText('Call the plumber', { exact: true })).toBeVisible();
  await expect(page.getByText(/Changes waiting/)).toHaveCount(0);
  expect((await tasks()).filter((t) => t.title === 'Call the plumber')).toHaveLength(1);
});

test('a second tab leaves the first tab’s write on its way alone', async ({ browser, request }) => {
  const me = await account(request, 'flight');
  const project = await me.api<{ id: number }>('PUT', '/projects', { title: 'Garden' });
  const weed = await me.api<ServerTask>('PUT', `/projects/${project.id}/tasks`, { title: 'Pull weeds' });
  const context = await browser.newContext();
  const first = await context.newPage();
  await signIn(first, me.token);
  await first.goto(`/projects/${project.id}`);
  await expect(first.getByText('Pull weeds', { exact: true })).toBeVisible();

  const held: { release?: () => Promise<void> } = {};
  await first.route(/\/api\/v1\/tasks\/\d+$/, (route) => {
    if (route.request().method() === 'GET') return route.continue();
    held.release = () => route.continue();
  });
  await first.getByRole('checkbox', { name: 'Mark Pull weeds as done' }).click();
  await expect.poll(() => held.release !== undefined).toBe(true);

  // The second tab starts while the first still waits for its answer: the write is the first
  // tab's to finish, so the second sends nothing (it would tick the task on the server).
  const second = await context.newPage();
  await second.goto(`/projects/${project.id}`);
  await expect(second.getByText('Pull weeds', { exact: true })).toBeVisible();
  await second.waitForTimeout(1500);
  expect((await me.api<ServerTask>('GET', `/tasks/${weed.id}`)).done).toBe(false);

  await held.release?.();
  await expect.poll(async () => (await me.api<ServerTask>('GET', `/tasks/${weed.id}`)).done).toBe(true);
  await context.close();
});

test('a new task the server made but whose answer a reload cut off is not made twice', async ({
  page,
  request,
}) => {
  const me = await account(request, 'flight');
  const project = await me.api<{ id: number }>('PUT', '/projects', { title: 'Errands' });
  await signIn(page, me.token);
  await page.goto(`/projects/${project.id}`);
  const input = page.getByRole('textbox', { name: 'New task' });
  await expect(input).toBeVisible();

  // The create reaches the server; its answer is kept from the page, which then reloads.
  let arrived = false;
  await page.route(/\/api\/v1\/projects\/\d+\/tasks$/, async (route) => {
    if (route.request().method() !== 'PUT' || arrived) return route.continue();
    await route.fetch();
    arrived = true;
  });
  await input.fill('Post the letter');
  await input.press('Enter');
  await expect.poll(() => arrived).toBe(true);
  await page.reload();

  await expect(page.getByText('Post the letter', { exact: true })).toBeVisible();
  // The next start sent it again under its first key and was given the first answer.
  await expect(page.getByText(/Changes waiting/)).toHaveCount(0);
  const tasks = await me.api<ServerTask[]>('GET', `/projects/${project.id}/tasks`);
  expect(tasks.map((t) => t.title)).toEqual(['Post the letter']);
});
