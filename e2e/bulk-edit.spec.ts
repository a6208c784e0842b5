/**
 * Several tasks of the list changed at once: picked with their selection box (Shift for a run, x
 * for the focused task), changed from the bulk bar in one request, and undone in one step.
 */
import { account, signIn } from './support/accounts';
import { expect, type Page, test } from './support/csp-guard';

function row(page: Page, title: string) {
  return page.getByRole('list', { name: 'Tasks' }).getByRole('listitem').filter({ hasText: title });
}

test('pick tasks, change their priority, mark them done and move them; each change undoes in one step', async ({
  page,
  request,
}) => {
  const { api, token } = await account(request, 'bulk');
  const project = await api<{ id: number }>('PUT', '/projects', { title: 'Chores' });
  const other = await api<{ id: number }>('PUT', '/projects', { title: 'Later' });
  const ids: Record<string, number> = {};
  for (const title of ['Four', 'Three', 'Two', 'One']) {
    ids[title] = (await api<{ id: number }>('PUT', `/projects/${project.id}/tasks`, { title })).id;
  }
  const task = (title: string) =>
    api<{ priority: number; done: boolean; project_id: number }>('GET', `/tasks/${ids[title]}`);
  await signIn(page, token);
  await page.goto(`/projects/${project.id}`);
  await expect(row(page, 'Four')).toBeVisible();

  // One, then Shift for the run down to Three.
  await row(page, 'One').getByRole('checkbox', { name: 'Select “One”' }).click();
  await row(page, 'Three')
    .getByRole('checkbox', { name: 'Select “Three”' })
    .click({ modifiers: ['Shift'] });
  const bar = page.getByRole('toolbar', { name: 'Change the selected tasks' });
  await expect(bar.getByText('3 selected')).toBeVisible();

  await bar.getByRole('button', { name: 'Priority' }).click();
  await page.getByRole('menuitem', { name: 'Urgent' }).click();
  await expect(page.getByText('3 tasks changed.')).toBeVisible();
  await expect(row(page, 'Two').getByText('Urgent')).toBeVisible();
  expect((await Promise.all(['One', 'Two', 'Three', 'Four'].map(task))).map((t) => t.priority)).toEqual([
    4, 4, 4, 0,
  ]);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('The change was undone.')).toBeVisible();
  // The Undo closes its notice (after a short fade), so the next change's notice holds the only Undo.
  await expect(page.getByRole('button', { name: 'Undo' })).toHaveCount(0);
  expect((await Promise.all(['One', 'Two', 'Three'].map(task))).map((t) => t.priority)).toEqual([0, 0, 0]);

  // Done: the open-tasks list lets them go; undo brings them back.
  await bar.getByRole('button', { name: 'Done', exact: true }).click();
  await expect(row(page, 'Two')).toHaveCount(0);
  await expect(row(page, 'Four')).toBeVisible();
  expect((await task('Two')).done).toBe(true);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(row(page, 'Two')).toBeVisible();
  expect((await task('Two')).done).toBe(false);
  await expect(page.getByRole('button', { name: 'Undo' })).toHaveCount(0);

  // The keyboard: j moves the focus down the list, x picks the focused task.
  // The tasks left the list when they were done, and the selection with them.
  await expect(bar).toHaveCount(0);
  await row(page, 'Two').getByRole('checkbox', { name: 'Select “Two”' }).click();
  await expect(bar.getByText('1 selected')).toBeVisible();
  await bar.getByRole('button', { name: 'Clear the selection' }).click();
  await expect(bar).toHaveCount(0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  for (let i = 0; i < 4; i++) await page.keyboard.press('j');
  await page.keyboard.press('x');
  await expect(bar.getByText('1 selected')).toBeVisible();
  await expect(row(page, 'Four')).toHaveAttribute('data-selected', 'true');

  await bar.getByRole('button', { name: 'Move' }).click();
  // Typing a project's name highlights the first project that holds it: Enter moves there.
  const target = page.getByRole('combobox', { name: 'Move to project' });
  await target.click();
  await target.pressSequentially('lat');
  await expect(page.getByRole('option', { name: 'Later', selected: true })).toBeVisible();
  await target.press('Enter');
  await expect(page.getByText('1 task changed.')).toBeVisible();
  await expect(row(page, 'Four')).toHaveCount(0);
  expect((await task('Four')).project_id).toBe(other.id);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(row(page, 'Four')).toBeVisible();
  expect((await task('Four')).project_id).toBe(project.id);
});

test('the table picks a whole page from its header and gives every task the same due date, undone together', async ({
  page,
  request,
}) => {
  const { api, token } = await account(request, 'bulkt');
  const project = await api<{ id: number }>('PUT', '/projects', { title: 'Errands' });
  const due = '2030-01-02T10:00:00Z';
  const ids: number[] = [];
  for (const title of ['Post', 'Bank', 'Shop']) {
    ids.push(
      (await api<{ id: number }>('PUT', `/projects/${project.id}/tasks`, { title, due_date: due })).id,
    );
  }
  ids.push((await api<{ id: number }>('PUT', `/projects/${project.id}/tasks`, { title: 'Gym' })).id);
  const views = await api<{ id: number; view_kind: string }[]>('GET', `/projects/${project.id}/views`);
  const table = views.find((v) => v.view_kind === 'table');
  const dues = async () =>
    Promise.all(ids.map(async (id) => (await api<{ due_date: string }>('GET', `/tasks/${id}`)).due_date));

  await signIn(page, token);
  await page.goto(`/projects/${project.id}/${table?.id}`);
  await expect(page.getByRole('row').filter({ hasText: 'Gym' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select all' }).click();
  const bar = page.getByRole('toolbar', { name: 'Change the selected tasks' });
  await expect(bar.getByText('4 selected')).toBeVisible();
  await bar.getByRole('button', { name: 'Due date' }).click();
  await page.getByRole('menuitem', { name: 'No due date' }).click();
  await expect(page.getByText('4 tasks changed.')).toBeVisible();
  expect(await dues()).toEqual(Array(4).fill('0001-01-01T00:00:00Z'));

  // Undo gives each task its own date back: three had one, one had none.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('The change was undone.')).toBeVisible();
  expect(await dues()).toEqual([due, due, due, '0001-01-01T00:00:00Z']);
});

/**
 * A project "Chores" with the tasks `titles` (among them "One" and "Two"), its list open and "One"
 * and "Two" selected; answers the API, the bulk bar and the tasks' ids.
 */
async function choresWithOneAndTwoSelected(
  page: Page,
  request: Parameters<typeof account>[0],
  prefix: string,
  titles: string[],
) {
  const { api, token } = await account(request, prefix);
  const project = await api<{ id: number }>('PUT', '/projects', { title: 'Chores' });
  const ids: number[] = [];
  for (const title of titles)
    ids.push((await api<{ id: number }>('PUT', `/projects/${project.id}/tasks`, { title })).id);
  await signIn(page, token);
  await page.goto(`/projects/${project.id}`);
  await row(page, 'One').getByRole('checkbox', { name: 'Select “One”' }).click();
  await row(page, 'Two').getByRole('checkbox', { name: 'Select “Two”' }).click();
  const bar = page.getByRole('toolbar', { name: 'Change the selected tasks' });
  await expect(bar.getByText('2 selected')).toBeVisible();
  return { api, bar, ids };
}

test('offline, the bulk bar’s changes are off and it says why; back online they go through', async ({
  page,
  context,
  request,
}) => {
  const { api, bar, ids } = await choresWithOneAndTwoSelected(page, request, 'bulkoff', ['Two', 'One']);
  const changes = ['Done', 'Not done', 'Due date', 'Priority', 'Labels', 'Assignees', 'Move', 'Delete'];

  await context.setOffline(true);
  const why = bar.getByRole('status').filter({ hasText: 'changes to many tasks at once need a connection' });
  await expect(why).toBeVisible();
  for (const name of changes) await expect(bar.getByRole('button', { name, exact: true })).toBeDisabled();
  // The selection itself is not a change: it stays in reach.
  await expect(bar.getByRole('button', { name: 'Select all' })).toBeEnabled();
  await expect(bar.getByRole('button', { name: 'Clear the selection' })).toBeEnabled();

  await context.setOffline(false);
  await expect(why).toHaveCount(0);
  for (const name of changes) await expect(bar.getByRole('button', { name, exact: true })).toBeEnabled();
  await bar.getByRole('button', { name: 'Done', exact: true }).click();
  await expect(page.getByText('2 tasks changed.')).toBeVisible();
  for (const id of ids) expect((await api<{ done: boolean }>('GET', `/tasks/${id}`)).done).toBe(true);
});

test('the selection stays while a task’s detail is opened over the list and closed again', async ({
  page,
  request,
}) => {
  await choresWithOneAndTwoSelected(page, request, 'bulkkeep', ['Three', 'Two', 'One']);
  const bar = page.getByRole('toolbar', { name: 'Change the selected tasks' });

  await row(page, 'Three').getByRole('link', { name: 'Three' }).click();
  await expect(page.getByLabel('Title')).toHaveValue('Three');
  await page.keyboard.press('Escape');
  await expect(page.getByLabel('Title')).toHaveCount(0);
  await expect(bar.getByText('2 selected')).toBeVisible();
  await expect(row(page, 'One').getByRole('checkbox', { name: 'Select “One”' })).toBeChecked();
});
