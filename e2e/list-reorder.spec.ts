/** The list view's tasks are put in order by dragging their handle, with the mouse or the keyboard. */
import { account, signIn } from './support/accounts';
import { expect, type Page, test } from './support/csp-guard';

function rows(page: Page) {
  return page.getByRole('list', { name: 'Tasks' }).getByRole('listitem');
}

const titles = (page: Page) => rows(page).locator('[data-task-link]').allTextContents();

async function dragOnto(page: Page, title: string, target: string, edge: 'top' | 'bottom') {
  const handle = rows(page)
    .filter({ hasText: title })
    .getByRole('button', { name: `Move “${title}”` });
  const from = await handle.boundingBox();
  const to = await rows(page).filter({ hasText: target }).boundingBox();
  if (!from || !to) throw new Error('no layout');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 8, { steps: 4 });
  await page.mouse.move(from.x + from.width / 2, edge === 'top' ? to.y + 6 : to.y + to.height - 6, {
    steps: 20,
  });
  await page.waitForTimeout(150);
  await page.mouse.up();
}

test('drag tasks into a new order with the mouse and the keyboard; the order is kept', async ({
  page,
  request,
}) => {
  const { api, token } = await account(request, 'order');
  const project = await api<{ id: number }>('PUT', '/projects', { title: 'Errands' });
  // New tasks land on top, so these show as One, Two, Three, Four.
  for (const title of ['Four', 'Three', 'Two', 'One'])
    await api('PUT', `/projects/${project.id}/tasks`, { title });
  await signIn(page, token);
  await page.goto(`/projects/${project.id}`);
  await expect.poll(() => titles(page)).toEqual(['One', 'Two', 'Three', 'Four']);

  await dragOnto(page, 'Four', 'One', 'top');
  await expect.poll(() => titles(page)).toEqual(['Four', 'One', 'Two', 'Three']);
  await dragOnto(page, 'One', 'Three', 'bottom');
  await expect.poll(() => titles(page)).toEqual(['Four', 'Two', 'Three', 'One']);

  // Space lifts the task, an arrow moves it one place, Space drops it.
  await rows(page).filter({ hasText: 'Three' }).getByRole('button', { name: 'Move “Three”' }).focus();
  await page.keyboard.press('Space');
  await page.waitForTimeout(200);
  await page.keyboard.press('ArrowUp');
  await page.waitForTimeout(300);
  // The new order shows at once; the reload waits for the server to have it (on a loaded host a
  // reload right after the drop cancelled the write still on its way).
  const saved = page.waitForResponse(
    (response) => /\/tasks\/\d+\/position$/.test(response.url()) && response.request().method() === 'POST',
  );
  await page.keyboard.press('Space');
  await expect.poll(() => titles(page)).toEqual(['Four', 'Three', 'Two', 'One']);
  expect((await saved).status()).toBe(200);

  await page.reload();
  await expect.poll(() => titles(page)).toEqual(['Four', 'Three', 'Two', 'One']);
  // Other clients read the same order from the view.
  const views = await api<{ id: number; view_kind: string }[]>('GET', `/projects/${project.id}/views`);
  const list = views.find((v) => v.view_kind === 'list');
  const tasks = await api<{ title: string }[]>('GET', `/projects/${project.id}/views/${list?.id}/tasks`);
  expect(tasks.map((t) => t.title)).toEqual(['Four', 'Three', 'Two', 'One']);
});

test('a move the server refuses is put back and says why; a search result has no handles', async ({
  page,
  request,
}) => {
  const { api, token } = await account(request, 'order');
  const project = await api<{ id: number }>('PUT', '/projects', { title: 'Chores' });
  const made: Record<string, number> = {};
  for (const title of ['Dust', 'Sweep', 'Mop']) {
    made[title] = (await api<{ id: number }>('PUT', `/projects/${project.id}/tasks`, { title })).id;
  }
  // The deletion below is made under this same account, which this page would hear live; the
  // page must still show the task when it is moved, so it hears nothing.
  await page.routeWebSocket(/\/api\/v1\/ws$/, (ws) => ws.close());
  await signIn(page, token);
  await page.goto(`/projects/${project.id}`);
  await expect.poll(() => titles(page)).toEqual(['Mop', 'Sweep', 'Dust']);

  // Someone else deletes the task while this page still shows it.
  await api('DELETE', `/tasks/${made.Dust}`);
  await dragOnto(page, 'Dust', 'Mop', 'top');
  await expect(page.getByText('This task does not exist')).toBeVisible();
  await expect.poll(() => titles(page)).toEqual(['Mop', 'Sweep']);

  // The project's address has become its list view's.
  await page.goto(`${page.url()}?s=Mop`);
  await expect.poll(() => titles(page)).toEqual(['Mop']);
  await expect(rows(page).getByRole('button', { name: /^Move/ })).toHaveCount(0);
});
