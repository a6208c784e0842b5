/**
 * A deleted task or comment can be brought back: at once from the delete notice's Undo, or later
 * from the Trash page (a task with its comment), and deleted for good from there.
 */
import { account, signIn } from './support/accounts';
import { expect, test } from './support/csp-guard';

test('a deleted task comes back from Undo or the trash, and goes for good from the trash', async ({
  page,
  request,
}) => {
  const me = await account(request, 'trash');
  const garden = await me.api<{ id: number }>('PUT', '/projects', { title: 'Garden' });
  const task = await me.api<{ id: number }>('PUT', `/projects/${garden.id}/tasks`, { title: 'Rake leaves' });
  await me.api('PUT', `/tasks/${task.id}/comments`, { comment: '<p>use the big rake</p>' });
  const status = async () =>
    (
      await request.get(`/api/v1/tasks/${task.id}`, { headers: { Authorization: `Bearer ${me.token}` } })
    ).status();
  await signIn(page, me.token);

  const deleteFromDetail = async () => {
    await page.goto(`/tasks/${task.id}`);
    await page.getByRole('heading', { name: 'Description' }).click();
    await page.keyboard.press('Shift+Delete');
    const confirm = page.getByRole('dialog', { name: 'Delete this task?' });
    await expect(confirm.getByText('will be moved to the trash')).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete task' }).click();
    await expect(page.getByText('The task was deleted successfully.')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/projects/${garden.id}`));
    expect(await status()).toBe(404);
  };

  // Undo in the notice brings it straight back into the project's list.
  await deleteFromDetail();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('“Rake leaves” was restored.')).toBeVisible();
  expect(await status()).toBe(200);
  await expect(page.getByRole('list', { name: 'Tasks' }).getByText('Rake leaves')).toBeVisible();

  // Later: the trash lists it with its project; Restore puts it back with its comment.
  await deleteFromDetail();
  await page.getByRole('link', { name: 'Trash' }).click();
  await expect(page).toHaveURL(/\/trash$/);
  await expect(page.getByRole('heading', { name: 'Trash', level: 1 })).toBeVisible();
  const trash = page.getByRole('list', { name: 'Trash' });
  const entry = trash.getByRole('listitem').filter({ hasText: 'Rake leaves' });
  await expect(entry.getByRole('link', { name: 'Garden' })).toBeVisible();
  await expect(entry).toContainText('kept until');
  await entry.getByRole('button', { name: 'Restore “Rake leaves”' }).click();
  await expect(page.getByText('“Rake leaves” was restored.')).toBeVisible();
  await expect(page.getByText('The trash is empty')).toBeVisible();
  const comments = await me.api<{ comment: string }[]>('GET', `/tasks/${task.id}/comments`);
  expect(comments.map((c) => c.comment)).toEqual(['<p>use the big rake</p>']);

  // Delete forever: asked first, then gone from the trash and from the server.
  await deleteFromDetail();
  // g d goes to the trash (pressed again while the project's view is still taking the focus).
  await expect(async () => {
    await page.keyboard.press('g');
    await page.keyboard.press('d');
    await expect(page).toHaveURL(/\/trash$/, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Delete “Rake leaves” forever' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete forever?' });
  await confirm.getByRole('button', { name: 'Delete forever' }).click();
  await expect(page.getByText('It was deleted for good.')).toBeVisible();
  await expect(page.getByText('The trash is empty')).toBeVisible();
  expect(await me.api<unknown[]>('GET', '/trash')).toEqual([]);
  expect(await status()).toBe(404);
});

test('Undo pressed while the project list is still loading brings the task back into it', async ({
  page,
  request,
}) => {
  const me = await account(request, 'trashr');
  const garden = await me.api<{ id: number }>('PUT', '/projects', { title: 'Garden' });
  const task = await me.api<{ id: number }>('PUT', `/projects/${garden.id}/tasks`, { title: 'Rake leaves' });
  await signIn(page, me.token);
  await page.goto(`/tasks/${task.id}`);
  await expect(page.getByLabel('Title')).toHaveValue('Rake leaves');

  // The list's first load is answered by the server before the Undo, but reaches the page after it
  // (a slow connection): that answer has no task in it. Undo is pressed only once the server has
  // given that answer, so the order is the same on any host.
  let answeredBeforeUndo!: () => void;
  const listAnswered = new Promise<void>((resolve) => {
    answeredBeforeUndo = resolve;
  });
  let restored!: () => void;
  const restoreDone = new Promise<void>((resolve) => {
    restored = resolve;
  });
  let listReads = 0;
  await page.route(/\/api\/v1\/projects\/\d+\/views\/\d+\/tasks/, async (route) => {
    if (listReads++ > 0) return route.continue();
    const before = await route.fetch();
    answeredBeforeUndo();
    await restoreDone;
    return route.fulfill({ response: before });
  });
  page.on('response', (response) => {
    if (/\/api\/v1\/trash\/\d+\/restore$/.test(response.url())) restored();
  });

  await page.getByRole('heading', { name: 'Description' }).click();
  await page.keyboard.press('Shift+Delete');
  await page
    .getByRole('dialog', { name: 'Delete this task?' })
    .getByRole('button', { name: 'Delete task' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/projects/${garden.id}`));
  await listAnswered;
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('“Rake leaves” was restored.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Tasks' }).getByText('Rake leaves')).toBeVisible();
  await expect(page.getByText('No tasks here')).toHaveCount(0);
  // Shown because the list was read again after the Undo, not from the held first answer.
  expect(listReads).toBeGreaterThanOrEqual(2);
});

test('a deleted comment comes back from Undo or from the trash', async ({ page, request }) => {
  const me = await account(request, 'trashc');
  const garden = await me.api<{ id: number }>('PUT', '/projects', { title: 'Garden' });
  const task = await me.api<{ id: number }>('PUT', `/projects/${garden.id}/tasks`, {
    title: 'Water the beds',
  });
  await me.api('PUT', `/tasks/${task.id}/comments`, { comment: '<p>twice a week</p>' });
  const comments = async () =>
    (await me.api<{ comment: string }[]>('GET', `/tasks/${task.id}/comments`)).map((c) => c.comment);
  await signIn(page, me.token);
  await page.goto(`/tasks/${task.id}`);

  const deleteComment = async () => {
    await page.getByTestId('comment').getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this comment?' });
    await expect(confirm.getByText('moved to the trash')).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('The comment was deleted.')).toBeVisible();
    await expect(page.getByTestId('comment')).toHaveCount(0);
    expect(await comments()).toEqual([]);
  };

  await deleteComment();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('The comment was restored.')).toBeVisible();
  // Undo closes its notice, so the next delete's notice is the only one.
  await expect(page.getByText('The comment was deleted.')).toHaveCount(0);
  await expect(page.getByTestId('comment')).toContainText('twice a week');
  expect(await comments()).toEqual(['<p>twice a week</p>']);

  await deleteComment();
  await page.goto('/trash');
  const entry = page
    .getByRole('list', { name: 'Trash' })
    .getByRole('listitem')
    .filter({ hasText: 'twice a week' });
  await expect(entry.getByRole('link', { name: 'Water the beds' })).toBeVisible();
  await expect(entry).toContainText('Comment on');
  await entry.getByRole('button', { name: 'Restore “twice a week”' }).click();
  await expect(page.getByText('“twice a week” was restored.')).toBeVisible();
  expect(await comments()).toEqual(['<p>twice a week</p>']);
});
