/**
 * Task detail changes made while an earlier save is still on its way: each is shown at once and
 * stays on screen whatever the earlier save's answer is, and each reaches the server on its own
 * (a refused change is not carried to the server by the next save).
 */
import { type Account, account, signIn } from './support/accounts';
import { type APIRequestContext, expect, type Page, type Route, test } from './support/csp-guard';

interface ServerTask {
  id: number;
  title: string;
  done: boolean;
}

/** A task of a new project (with `fields` besides its title), opened in its detail. */
async function openTask(
  page: Page,
  me: Account,
  title: string,
  fields: Record<string, unknown> = {},
): Promise<ServerTask> {
  const project = await me.api<{ id: number }>('PUT', '/projects', { title: 'Garden' });
  const task = await me.api<ServerTask>('PUT', `/projects/${project.id}/tasks`, { title, ...fields });
  await signIn(page, me.token);
  await page.goto(`/tasks/${task.id}`);
  await expect(page.getByLabel('Title')).toHaveValue(title);
  return task;
}

/** Holds every save of the task before it leaves the browser, in the order they are sent. */
async function holdSaves(page: Page, taskId: number): Promise<Route[]> {
  const held: Route[] = [];
  await page.route(new RegExp(`/api/v1/tasks/${taskId}$`), (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    held.push(route);
  });
  return held;
}

/** Lets a held save go (its body changed by `change`, if given) and waits for the server's answer. */
async function release(page: Page, route: Route, change?: (body: Record<string, unknown>) => void) {
  const answer = page.waitForResponse((r) => r.request() === route.request());
  if (change) {
    const body = route.request().postDataJSON() as Record<string, unknown>;
    change(body);
    await route.continue({ postData: JSON.stringify(body) });
  } else {
    await route.continue();
  }
  return answer;
}

const doneBadge = (page: Page) => page.getByText('Done', { exact: true });

/** Opens a task titled `from` and renames it to `to`; the rename's save is held on its way. */
async function renameHeld(page: Page, request: APIRequestContext, from: string, to: string) {
  const me = await account(request, 'saves');
  const task = await openTask(page, me, from);
  const held = await holdSaves(page, task.id);
  await page.getByLabel('Title').fill(to);
  await page.getByLabel('Title').press('Control+s');
  await expect.poll(() => held.length).toBe(1);
  return { me, task, held };
}

/**
 * Opens a task, renames it and marks it done while the rename's save is held: the rename's save
 * is on its way and the second save waits behind it.
 */
async function renameThenMarkDone(page: Page, request: APIRequestContext) {
  const { me, task, held } = await renameHeld(page, request, 'Plant tomatoes', 'Plant the tomatoes');
  await page
    .getByRole('group', { name: 'Task actions' })
    .getByRole('button', { name: /Mark as done/ })
    .click();
  await expect(doneBadge(page)).toBeVisible();
  // The second save waits for the first one's answer (it sends the version that answer brings).
  await page.waitForTimeout(300);
  expect(held).toHaveLength(1);
  return { me, task, held };
}

test('a change made while an earlier save is on its way stays on screen when that save answers', async ({
  page,
  request,
}) => {
  const { me, task, held } = await renameThenMarkDone(page, request);

  expect((await release(page, held[0])).ok()).toBe(true);
  // The first answer does not hold the second change; the task still shows it while it is saved.
  await expect.poll(() => held.length).toBe(2);
  await expect(doneBadge(page)).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue('Plant the tomatoes');

  expect((await release(page, held[1])).ok()).toBe(true);
  await expect(doneBadge(page)).toBeVisible();
  const saved = await me.api<ServerTask>('GET', `/tasks/${task.id}`);
  expect([saved.title, saved.done]).toEqual(['Plant the tomatoes', true]);
});

test('a refused save takes back only its own change; the change after it stays and is saved', async ({
  page,
  request,
}) => {
  const { me, task, held } = await renameThenMarkDone(page, request);

  // The server refuses the first save: its body reaches it with a due date that is not a date.
  const refused = await release(page, held[0], (body) => {
    body.due_date = 'next week';
  });
  expect(refused.status()).toBe(400);
  await expect(page.getByText(/Invalid model provided/)).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue('Plant tomatoes');
  await expect.poll(() => held.length).toBe(2);
  await expect(doneBadge(page)).toBeVisible();

  // The second save carries its own change only: the refused title is not sent again with it.
  expect(held[1].request().postDataJSON()).toMatchObject({ title: 'Plant tomatoes', done: true });
  expect((await release(page, held[1])).ok()).toBe(true);
  await expect(doneBadge(page)).toBeVisible();
  const saved = await me.api<ServerTask>('GET', `/tasks/${task.id}`);
  expect([saved.title, saved.done]).toEqual(['Plant tomatoes', true]);
});

test('a reload of the task that lands while a save is on its way keeps the waiting change on screen', async ({
  page,
  request,
}) => {
  const { me, task, held } = await renameHeld(page, request, 'Prune the roses', 'Prune the climbing roses');

  // Adding a label reads the task again; the server's task does not have the new title yet.
  const reread = page.waitForResponse(
    (r) => new URL(r.url()).pathname === `/api/v1/tasks/${task.id}` && r.request().method() === 'GET',
  );
  await page
    .getByRole('group', { name: 'Task actions' })
    .getByRole('button', { name: /Labels/ })
    .click();
  await page.getByRole('textbox', { name: 'Add a label' }).fill('spring');
  await page.getByRole('option', { name: 'Create the label "spring"' }).click();
  expect((await reread).ok()).toBe(true);
  await expect(page.getByText('The label was created and added.')).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue('Prune the climbing roses');

  expect((await release(page, held[0])).ok()).toBe(true);
  await expect(page.getByLabel('Title')).toHaveValue('Prune the climbing roses');
  const saved = await me.api<ServerTask & { labels: { title: string }[] | null }>('GET', `/tasks/${task.id}`);
  expect(saved.title).toBe('Prune the climbing roses');
  expect(saved.labels?.map((l) => l.title)).toEqual(['spring']);
});

test('a save waiting behind another sends what the server changed in that answer (a repeating task’s next date)', async ({
  page,
  request,
}) => {
  const me = await account(request, 'saves');
  const task = await openTask(page, me, 'Water the seedlings', {
    due_date: '2099-12-01T09:00:00Z',
    repeat_after: 86_400,
  });
  const held = await holdSaves(page, task.id);

  await page
    .getByRole('group', { name: 'Task actions' })
    .getByRole('button', { name: /Mark as done/ })
    .click();
  await expect.poll(() => held.length).toBe(1);
  await page.getByLabel('Title').fill('Water the tomato seedlings');
  await page.getByLabel('Title').press('Control+s');
  await page.waitForTimeout(300);
  expect(held).toHaveLength(1);

  // Marking a repeating task done moves its due date on by a day and leaves it open. (The date is
  // far ahead: a due date already past moves on until it is in the future.)
  const answer = await release(page, held[0]);
  const moved = (await answer.json()) as { due_date: string; done: boolean };
  expect(moved.done).toBe(false);
  expect(moved.due_date.startsWith('2099-12-02T09:00:00')).toBe(true);

  // The rename goes out on top of that answer: it does not put the old date back.
  await expect.poll(() => held.length).toBe(2);
  expect(held[1].request().postDataJSON()).toMatchObject({
    title: 'Water the tomato seedlings',
    due_date: moved.due_date,
    done: false,
  });
  expect((await release(page, held[1])).ok()).toBe(true);
  const saved = await me.api<ServerTask & { due_date: string }>('GET', `/tasks/${task.id}`);
  expect([saved.title, saved.due_date, saved.done]).toEqual([
    'Water the tomato seedlings',
    moved.due_date,
    false,
  ]);
});
