/**
 * Cards of the kanban board picked with Ctrl+click and `x`, given a label and an assignee from the
 * bulk bar (undone per task), a label taken off, and two cards deleted after a confirmation and brought back with Undo.
 */
import { account, signIn } from './support/accounts';
import { expect, test } from './support/csp-guard';
import { card } from './support/kanban';

test('pick cards on the board, add and remove a label and an assignee, undo, and delete two', async ({
  page,
  request,
}) => {
  const owner = await account(request, 'bulkb');
  const mate = await account(request, 'mate');
  const { api } = owner;
  const project = await api<{ id: number }>('PUT', '/projects', { title: 'Board chores' });
  await api('PUT', `/projects/${project.id}/users`, { username: mate.username, right: 1 });
  const ids: Record<string, number> = {};
  for (const title of ['Alpha', 'Beta', 'Gamma', 'Delta']) {
    ids[title] = (await api<{ id: number }>('PUT', `/projects/${project.id}/tasks`, { title })).id;
  }
  const blocked = await api<{ id: number }>('PUT', '/labels', { title: 'Blocked' });
  await api('PUT', `/tasks/${ids.Gamma}/labels`, { label_id: blocked.id });
  const views = await api<{ id: number; view_kind: string }[]>('GET', `/projects/${project.id}/views`);
  const kanban = views.find((v) => v.view_kind === 'kanban');
  const read = (title: string) =>
    api<{ labels: { id: number }[] | null; assignees: { username: string }[] | null }>(
      'GET',
      `/tasks/${ids[title]}`,
    );
  const labelled = async (titles: string[]) =>
    Promise.all(titles.map(async (title) => ((await read(title)).labels ?? []).map((l) => l.id)));
  const assigned = async (titles: string[]) =>
    Promise.all(titles.map(async (title) => ((await read(title)).assignees ?? []).map((u) => u.username)));

  await signIn(page, owner.token);
  await page.goto(`/projects/${project.id}/${kanban?.id}`);
  await expect(card(page, 'Delta')).toBeVisible();

  // Ctrl+click picks two cards; x picks the focused third.
  await card(page, 'Alpha').click({ modifiers: ['ControlOrMeta'] });
  await card(page, 'Beta').click({ modifiers: ['ControlOrMeta'] });
  await card(page, 'Gamma').focus();
  await page.keyboard.press('x');
  const bar = page.getByRole('toolbar', { name: 'Change the selected tasks' });
  await expect(bar.getByText('3 selected')).toBeVisible();
  await expect(card(page, 'Gamma')).toHaveAttribute('data-selected', 'true');
  // Picking opened no task.
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // A label for all three: Gamma had it already.
  await bar.getByRole('button', { name: 'Labels' }).click();
  await page.getByRole('textbox', { name: 'Find a label' }).fill('Block');
  await page.getByRole('option', { name: 'Blocked' }).click();
  await expect(page.getByText('3 tasks changed.')).toBeVisible();
  expect(await labelled(['Alpha', 'Beta', 'Gamma', 'Delta'])).toEqual([
    [blocked.id],
    [blocked.id],
    [blocked.id],
    [],
  ]);
  // Undo takes it off only where it was added.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('The change was undone.')).toBeVisible();
  expect(await labelled(['Alpha', 'Beta', 'Gamma'])).toEqual([[], [], [blocked.id]]);

  // An assignee for all three, then undone.
  await bar.getByRole('button', { name: 'Assignees' }).click();
  await page.getByRole('textbox', { name: 'Find a person' }).fill(mate.username);
  await page.getByRole('option', { name: mate.username }).click();
  await expect(page.getByText('3 tasks changed.').last()).toBeVisible();
  expect(await assigned(['Alpha', 'Beta', 'Gamma', 'Delta'])).toEqual([
    [mate.username],
    [mate.username],
    [mate.username],
    [],
  ]);
  await page.getByRole('button', { name: 'Undo' }).last().click();
  await expect(page.getByText('The change was undone.').last()).toBeVisible();
  await expect.poll(() => assigned(['Alpha', 'Beta', 'Gamma'])).toEqual([[], [], []]);

  // The label taken off: only Gamma had it.
  await bar.getByRole('button', { name: 'Labels' }).click();
  await page.getByText('Remove', { exact: true }).click();
  await page.getByRole('textbox', { name: 'Find a label' }).fill('Block');
  await page.getByRole('option', { name: 'Blocked' }).click();
  await expect.poll(() => labelled(['Gamma'])).toEqual([[]]);

  // Delete two after confirming.
  await bar.getByRole('button', { name: 'Clear the selection' }).click();
  await expect(bar).toHaveCount(0);
  await card(page, 'Alpha').click({ modifiers: ['ControlOrMeta'] });
  await card(page, 'Beta').click({ modifiers: ['ControlOrMeta'] });
  await bar.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete 2 tasks?' });
  await expect(dialog.getByText('The tasks go to the trash', { exact: false })).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('2 tasks deleted.')).toBeVisible();
  await expect(card(page, 'Alpha')).toHaveCount(0);
  await expect(card(page, 'Beta')).toHaveCount(0);
  const status = async (title: string) =>
    (
      await request.get(`/api/v1/tasks/${ids[title]}`, {
        headers: { Authorization: `Bearer ${owner.token}` },
      })
    ).status();
  for (const title of ['Alpha', 'Beta']) expect(await status(title)).toBe(404);
  await expect(card(page, 'Gamma')).toBeVisible();

  // Undo brings both back from the trash, onto the board.
  await page
    .getByRole('alert')
    .filter({ hasText: '2 tasks deleted.' })
    .getByRole('button', { name: 'Undo' })
    .click();
  await expect(page.getByText('2 tasks restored.')).toBeVisible();
  await expect(card(page, 'Alpha')).toBeVisible();
  await expect(card(page, 'Beta')).toBeVisible();
  for (const title of ['Alpha', 'Beta']) expect(await status(title)).toBe(200);
});

test('the list view offers labels, assignees and delete in its bar', async ({ page, request }) => {
  const { api, token } = await account(request, 'bulkl');
  const project = await api<{ id: number }>('PUT', '/projects', { title: 'List chores' });
  await api('PUT', `/projects/${project.id}/tasks`, { title: 'Only' });
  await signIn(page, token);
  await page.goto(`/projects/${project.id}`);
  await page.getByRole('checkbox', { name: 'Select “Only”' }).click();
  const bar = page.getByRole('toolbar', { name: 'Change the selected tasks' });
  for (const name of ['Labels', 'Assignees', 'Delete'])
    await expect(bar.getByRole('button', { name, exact: true })).toBeVisible();
});
