/** Duplicate a task from its detail: the copy opens with the original's fields; undo deletes it. */
import { account, signIn } from './support/accounts';
import { expect, test } from './support/csp-guard';

test('duplicate a task: the copy opens with its labels and description, and undo deletes it', async ({
  page,
  request,
}) => {
  const { api, token } = await account(request, 'dup');
  const project = await api<{ id: number }>('PUT', '/projects', { title: 'Garden' });
  const task = await api<{ id: number }>('PUT', `/projects/${project.id}/tasks`, {
    title: 'Water the plants',
    description: '<p>Twice a week</p>',
    priority: 4,
  });
  const label = await api<{ id: number }>('PUT', '/labels', { title: 'outside', hex_color: '2f9e44' });
  await api('PUT', `/tasks/${task.id}/labels`, { label_id: label.id });
  const titles = async () =>
    (await api<{ id: number; title: string }[]>('GET', `/projects/${project.id}/tasks`)).map((t) => t.id);

  await signIn(page, token);
  await page.goto(`/tasks/${task.id}`);
  await expect(page.getByLabel('Title')).toHaveValue('Water the plants');
  await page.getByRole('button', { name: 'Duplicate', exact: true }).click();
  await expect(page.getByText('The task was duplicated. This is the copy.')).toBeVisible();
  // The pointer rests on the notice, as a reader's does: its Undo stays while the copy is looked at
  // (it leaves after 6 s otherwise, and the checks below take longer on a busy host).
  await page.getByText('The task was duplicated. This is the copy.').hover();
  await expect(page).not.toHaveURL(new RegExp(`/tasks/${task.id}$`));
  const copyId = Number(/\/tasks\/(\d+)$/.exec(page.url())?.[1]);
  expect(copyId).toBeGreaterThan(task.id);
  await expect(page.getByLabel('Title')).toHaveValue('Water the plants');
  await expect(page.getByText('Twice a week')).toBeVisible();
  // The copy carries the label (its chip in the attributes; the activity names it too).
  await expect(page.getByRole('button', { name: 'Remove the label outside' })).toBeVisible();
  expect((await titles()).sort()).toEqual([task.id, copyId].sort());

  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('The copy was deleted.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/tasks/${task.id}$`));
  expect(await titles()).toEqual([task.id]);
});
