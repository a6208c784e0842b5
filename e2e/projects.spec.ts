import { account, signIn } from './support/accounts';
import { type APIRequestContext, expect, type Page, test } from './support/csp-guard';

/** A fresh account, signed in through the API; the page starts with its token. */
async function signedIn(page: Page, request: APIRequestContext): Promise<string> {
  const { token } = await account(request, 'proj');
  await signIn(page, token);
  return token;
}

async function createProject(page: Page, title: string) {
  await page.goto('/projects/new');
  const dialog = page.getByRole('dialog', { name: 'New project' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByRole('button', { name: 'Create project' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveURL(/\/projects\/\d+\/\d+$/);
}

async function addTask(page: Page, text: string, shownAs = text) {
  const input = page.getByLabel('New task');
  await input.fill(text);
  await input.press('Enter');
  await expect(taskRows(page).filter({ hasText: shownAs })).toBeVisible();
  await expect(input).toHaveValue('');
}

function taskRows(page: Page) {
  return page.getByRole('list', { name: 'Tasks' }).getByRole('listitem');
}

function sidebarProjects(page: Page) {
  return page.getByRole('navigation', { name: 'Main navigation' }).getByRole('list', { name: 'Projects' });
}

test('create a project, add tasks, mark one done and undo it', async ({ page, request }) => {
  await signedIn(page, request);
  await page.goto('/');
  await page.getByRole('link', { name: 'New project' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New project' });
  await dialog.getByRole('button', { name: 'Create project' }).click();
  await expect(dialog.getByText('Please specify a title.')).toBeVisible();
  await dialog.getByLabel('Title').fill('Garden');
  await dialog.getByRole('button', { name: 'Create project' }).click();
  await expect(page.getByText('The project was successfully created.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Garden' })).toBeVisible();
  await expect(sidebarProjects(page).getByRole('link', { name: 'Garden' })).toBeVisible();

  await expect(page.getByText('No tasks here')).toBeVisible();
  await addTask(page, 'Water the roses');
  await addTask(page, 'Mow the lawn');
  // Quick-add reads the priority and the label out of the title.
  await addTask(page, 'Buy seeds !4 *shopping', 'Buy seeds');
  const seeds = taskRows(page).filter({ hasText: 'Buy seeds' });
  await expect(seeds.getByText('Urgent')).toBeVisible();
  await expect(seeds.getByText('shopping')).toBeVisible();
  await expect(seeds.getByRole('link', { name: 'Buy seeds', exact: true })).toBeVisible();

  // Click through the row: the checkbox's name flips to "… as not done" once it is ticked.
  await taskRows(page)
    .filter({ hasText: 'Water the roses' })
    .getByRole('checkbox', { name: 'Mark Water the roses as done' })
    .click();
  await expect(page.getByText('The task was marked as done.')).toBeVisible();
  // The list shows open tasks only (done = false): the done task leaves it.
  await expect(taskRows(page).filter({ hasText: 'Water the roses' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('The task was marked as not done.')).toBeVisible();
  const roses = taskRows(page).filter({ hasText: 'Water the roses' });
  await expect(roses).toBeVisible();
  await expect(roses.getByRole('checkbox', { name: 'Mark Water the roses as done' })).not.toBeChecked();

  await page.reload();
  await expect(taskRows(page)).toHaveCount(3);
  await expect(page.getByRole('checkbox', { name: 'Mark Water the roses as done' })).not.toBeChecked();
});

test('reorder projects in the side navigation by drag; the order is kept', async ({ page, request }) => {
  await signedIn(page, request);
  for (const title of ['Alpha', 'Bravo', 'Charlie']) await createProject(page, title);
  const list = sidebarProjects(page);
  const titles = () => list.locator(':scope > li > div a').allTextContents();
  await expect.poll(titles).toEqual(['Inbox', 'Alpha', 'Bravo', 'Charlie']);

  // Drag Charlie by its handle above Alpha.
  const charlie = list.locator(':scope > li').filter({ hasText: 'Charlie' });
  await charlie.hover();
  const handle = charlie.getByRole('button', { name: 'Move Charlie' });
  const alpha = list.locator(':scope > li').filter({ hasText: 'Alpha' });
  const from = await handle.boundingBox();
  const to = await alpha.boundingBox();
  if (!from || !to) throw new Error('no layout');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
  await page.mouse.move(from.x + from.width / 2, to.y + 4, { steps: 15 });
  await page.mouse.up();
  await expect.poll(titles).toEqual(['Inbox', 'Charlie', 'Alpha', 'Bravo']);

  // The keyboard moves projects too: lift Bravo with space, one up, drop.
  const bravoHandle = list
    .locator(':scope > li')
    .filter({ hasText: 'Bravo' })
    .getByRole('button', { name: 'Move Bravo' });
  await bravoHandle.focus();
  await page.keyboard.press('Space');
  await page.waitForTimeout(200);
  await page.keyboard.press('ArrowUp');
  await page.waitForTimeout(300);
  await page.keyboard.press('Space');
  await expect.poll(titles).toEqual(['Inbox', 'Charlie', 'Bravo', 'Alpha']);

  await page.reload();
  await expect.poll(titles).toEqual(['Inbox', 'Charlie', 'Bravo', 'Alpha']);
});

test('an archived project is read-only and can be unarchived', async ({ page, request }) => {
  await signedIn(page, request);
  await createProject(page, 'Attic');
  await addTask(page, 'Sort the boxes');

  await page.getByRole('main').getByRole('button', { name: 'Settings of Attic' }).click();
  await page.getByRole('menuitem', { name: 'Archive' }).click();
  const dialog = page.getByRole('dialog', { name: 'Archive Attic' });
  await dialog.getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByText('The project was successfully archived.')).toBeVisible();

  await expect(page.getByText('This project is archived.')).toBeVisible();
  await expect(page.getByLabel('New task')).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: 'Mark Sort the boxes as done' })).toBeDisabled();
  // Archived projects leave the side navigation.
  await expect(sidebarProjects(page).getByRole('link', { name: 'Attic' })).toHaveCount(0);

  await page.getByRole('main').getByRole('button', { name: 'Settings of Attic' }).click();
  await expect(page.getByRole('menuitem', { name: 'Edit' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Unarchive' }).click();
  await page
    .getByRole('dialog', { name: 'Unarchive Attic' })
    .getByRole('button', { name: 'Unarchive' })
    .click();
  await expect(page.getByText('This project is archived.')).toHaveCount(0);
  await expect(page.getByLabel('New task')).toBeVisible();
});

test('the default project cannot be archived or deleted', async ({ page, request }) => {
  await signedIn(page, request);
  await page.goto('/projects');
  await page.getByRole('link', { name: 'Inbox' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Settings of Inbox' }).click();
  await expect(page.getByRole('menuitem', { name: 'Archive' })).toBeDisabled();
  await expect(page.getByRole('menuitem', { name: 'Delete' })).toBeDisabled();
});

test('the table view sorts on the server and remembers its columns', async ({ page, request }) => {
  await signedIn(page, request);
  await createProject(page, 'Library');
  for (const title of ['Moby Dick', 'Anna Karenina', 'Zorba']) await addTask(page, title);

  await page.getByText('Table', { exact: true }).click();
  await expect(page).toHaveURL(/\/projects\/\d+\/\d+$/);
  const table = page.getByRole('table');
  // Columns: selection box, #, done, title.
  const titleCells = () => table.locator('tbody tr td:nth-child(4)').allTextContents();
  await expect.poll(titleCells).toEqual(['Zorba', 'Anna Karenina', 'Moby Dick']);

  await table.getByRole('button', { name: 'Title' }).click();
  await expect(table.getByRole('columnheader', { name: 'Title' })).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(titleCells).toEqual(['Anna Karenina', 'Moby Dick', 'Zorba']);
  await table.getByRole('button', { name: 'Title' }).click();
  await expect(table.getByRole('columnheader', { name: 'Title' })).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(titleCells).toEqual(['Zorba', 'Moby Dick', 'Anna Karenina']);

  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('checkbox', { name: 'Created', exact: true }).check();
  await page.keyboard.press('Escape');
  await expect(table.getByRole('columnheader', { name: 'Created', exact: true })).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('table').getByRole('columnheader', { name: 'Created', exact: true }),
  ).toBeVisible();

  // g l switches back to the list view, which the project then remembers.
  await page.locator('body').click();
  await page.keyboard.press('g');
  await page.keyboard.press('l');
  await expect(page.getByLabel('New task')).toBeVisible();
});
