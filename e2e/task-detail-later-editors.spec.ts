/**
 * A task's detail draws without the editors of the fields it does not show (reminders, repeat,
 * related tasks and the others a task has no value for): their code loads once the detail has
 * drawn, and a field asked for before its editor is here opens, with the focus, when it comes.
 */
import { account, signIn } from './support/accounts';
import { expect, type Page, test } from './support/csp-guard';
import { holdChunk } from './support/held-chunk';
import { resourceTimings } from './support/resource-timings';

const actions = (page: Page) => page.getByRole('group', { name: 'Task actions' });

async function plainTask(request: Parameters<typeof account>[0], prefix: string) {
  const me = await account(request, prefix);
  const project = await me.api<{ id: number }>('PUT', '/projects', { title: 'Kitchen' });
  const task = await me.api<{ id: number }>('PUT', `/projects/${project.id}/tasks`, {
    title: 'Descale the kettle',
  });
  return { me, task };
}

test('the detail draws before the editors of the fields it does not show, which follow it', async ({
  page,
  request,
}) => {
  const { me, task } = await plainTask(request, 'later-editors');
  await signIn(page, me.token);
  await page.goto(`/tasks/${task.id}`);
  await expect(page.getByLabel('Title')).toHaveValue('Descale the kettle');
  const editors = /\/assets\/(reminders-field|repeat-field|relations-section)-[^/]+\.js$/;
  // Fetched without being asked for, once the detail is on screen.
  await expect
    .poll(async () => (await resourceTimings(page)).filter((entry) => editors.test(entry.name)).length)
    .toBe(3);
  const entries = await resourceTimings(page);
  const detail = entries.find((entry) => /\/assets\/task-detail-route-[^/]+\.js$/.test(entry.name));
  expect(detail).toBeDefined();
  for (const entry of entries.filter((e) => editors.test(e.name)))
    expect(entry.startTime, entry.name).toBeGreaterThan(detail?.responseEnd ?? 0);
});

test('a field asked for before its editor’s code is here opens when it arrives, with the focus', async ({
  page,
  context,
  request,
}) => {
  const { me, task } = await plainTask(request, 'later-reminders');
  const release = await holdChunk(context, 'reminders-field');
  await signIn(page, me.token);
  await page.goto(`/tasks/${task.id}`);
  await expect(page.getByLabel('Title')).toHaveValue('Descale the kettle');
  await actions(page)
    .getByRole('button', { name: /Reminders/ })
    .click();
  // The attribute takes its place at once; its editor is not there yet.
  const attribute = page.locator('[data-field="reminders"]');
  await expect(attribute.getByText('Reminders', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add a reminder' })).toHaveCount(0);

  release();
  // Asked for with a click, as the button would have been: its choices are open, with the focus.
  const choices = page.getByRole('dialog').filter({ hasText: '15:00' });
  await expect(choices).toBeVisible();
  await expect(choices.locator(':focus')).toHaveCount(1);
  await page.getByText('15:00', { exact: true }).click();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByTestId('reminder')).toHaveCount(1);
  await expect
    .poll(
      async () =>
        (await me.api<{ reminders: unknown[] | null }>('GET', `/tasks/${task.id}`)).reminders?.length,
    )
    .toBe(1);
});
