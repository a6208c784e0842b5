/**
 * A project's list view and kanban board draw without the parts nobody uses on arrival (the bulk
 * bar, the "…" settings menu, the buckets' menus and limit editor, the board's card input, the
 * filter and quick-add help, and floating-ui, which their menus and popovers need): they load once
 * the browser is idle after the first screen, or at once when wanted, and a click made before
 * their code is here takes effect when it arrives.
 */
import { type Account, account, signIn } from './support/accounts';
import { expect, type Page, test } from './support/csp-guard';
import { holdChunk } from './support/held-chunk';
import { bucket } from './support/kanban';
import { resourceTimings } from './support/resource-timings';

function row(page: Page, title: string) {
  return page.getByRole('list', { name: 'Tasks' }).getByRole('listitem').filter({ hasText: title });
}

async function listWithTasks(request: Parameters<typeof account>[0], prefix: string, titles: string[]) {
  const user = await account(request, prefix);
  const project = await user.api<{ id: number }>('PUT', '/projects', { title: 'Errands' });
  for (const title of titles) await user.api('PUT', `/projects/${project.id}/tasks`, { title });
  return { ...user, project };
}

/** The project's kanban view (every new project has one). */
async function kanbanView(api: Account['api'], projectId: number) {
  const views = await api<{ id: number; view_kind: string }[]>('GET', `/projects/${projectId}/views`);
  const kanban = views.find((view) => view.view_kind === 'kanban');
  if (!kanban) throw new Error('no kanban view');
  return kanban;
}

test('the list view’s first screen leaves the bulk bar, the settings menu and floating-ui for later', async ({
  page,
  request,
}) => {
  const { token, project } = await listWithTasks(request, 'later-parts', ['Post a letter']);
  await signIn(page, token);
  await page.goto(`/projects/${project.id}`);
  await expect(row(page, 'Post a letter')).toBeVisible();
  const later =
    /\/assets\/(selected-tasks-bar|project-settings-dropdown|floating-ui\.react|filter-help-modal)-[^/]+\.js$/;
  const timings = () => resourceTimings(page);
  // Fetched without being asked for, once the browser has been idle a while; the filter help only
  // when it is wanted.
  await expect
    .poll(async () => (await timings()).filter((entry) => later.test(entry.name)).map((e) => e.name).length)
    .toBe(3);
  const entries = await timings();
  expect(entries.some((entry) => /filter-help-modal/.test(entry.name))).toBe(false);
  const shell = entries.find((entry) => /\/assets\/link-share-shell-[^/]+\.js$/.test(entry.name));
  const view = entries.find((entry) => /\/assets\/list-view-[^/]+\.js$/.test(entry.name));
  expect(shell).toBeDefined();
  expect(view).toBeDefined();
  for (const entry of entries.filter((e) => later.test(e.name))) {
    // Not beside the view's own files: after them, and two seconds after the shell has drawn at
    // the earliest.
    expect(entry.startTime, entry.name).toBeGreaterThan(view?.responseEnd ?? 0);
    expect(entry.startTime - (shell?.responseEnd ?? 0), entry.name).toBeGreaterThanOrEqual(1_900);
  }
});

test('a task selected before the bulk bar’s code is here gets the bar when it arrives', async ({
  page,
  context,
  request,
}) => {
  const { token, project } = await listWithTasks(request, 'later-bulk', ['Water plants', 'Buy bread']);
  const release = await holdChunk(context, 'selected-tasks-bar');
  await signIn(page, token);
  await page.goto(`/projects/${project.id}`);
  await row(page, 'Buy bread').getByRole('checkbox', { name: 'Select “Buy bread”' }).click();
  const bar = page.getByRole('toolbar', { name: 'Change the selected tasks' });
  await expect(bar).toHaveCount(0);
  // The list stays as it was meanwhile: the selection is kept, nothing else moved.
  await expect(row(page, 'Buy bread').getByRole('checkbox', { name: 'Select “Buy bread”' })).toBeChecked();
  await expect(row(page, 'Water plants')).toBeVisible();

  release();
  await expect(bar.getByText('1 selected')).toBeVisible();
  await bar.getByRole('button', { name: 'Done', exact: true }).click();
  await expect(row(page, 'Buy bread')).toHaveCount(0);
  await expect(row(page, 'Water plants')).toBeVisible();
});

test('a project’s “…” in the side navigation, clicked before its menu is here, opens the menu and stays on the page', async ({
  page,
  context,
  request,
}) => {
  const { token, project } = await listWithTasks(request, 'later-menu', []);
  const release = await holdChunk(context, 'project-settings-dropdown');
  await signIn(page, token);
  await page.goto('/');
  await expect(page.getByTestId('greeting')).toBeVisible();
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  const dots = navigation.getByRole('button', { name: 'Settings of Errands' });
  await navigation.getByRole('link', { name: 'Errands' }).hover();
  await dots.click();
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(dots).toHaveAttribute('aria-expanded', 'false');

  release();
  await expect(page.getByRole('menuitem', { name: 'Edit', exact: true })).toBeVisible();
  await expect(dots).toHaveAttribute('aria-expanded', 'true');
  // The click was the button's alone: the row's link under it did not open the project.
  await expect(page).not.toHaveURL(new RegExp(`/projects/${project.id}`));
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(dots).toBeFocused();
  await dots.click();
  await page.getByRole('menuitem', { name: 'Edit', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/settings/edit`));
});

test('the filter help and the quick-add help open on the first click, while their code loads', async ({
  page,
  context,
  request,
}) => {
  const { token, project } = await listWithTasks(request, 'later-help', ['Call the bank']);
  await signIn(page, token);
  await page.goto(`/projects/${project.id}`);
  await expect(row(page, 'Call the bank')).toBeVisible();

  const releaseFilterHelp = await holdChunk(context, 'filter-help-modal');
  await page.getByRole('button', { name: 'Filter help' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  releaseFilterHelp();
  const filterHelp = page.getByRole('dialog', { name: 'How filters work' });
  await expect(filterHelp.getByText('Date math', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(filterHelp).toHaveCount(0);

  const releaseQuickAddHelp = await holdChunk(context, 'quick-add-help');
  await page.getByRole('button', { name: 'Quick-add syntax' }).first().click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  releaseQuickAddHelp();
  await expect(page.getByRole('dialog', { name: 'Quick-add magic' })).toBeVisible();
});

test('a kanban board draws without its buckets’ menus, limit editor and card input; each works when it comes', async ({
  page,
  context,
  request,
}) => {
  const { token, api, project } = await listWithTasks(request, 'later-board', ['Book the venue']);
  const kanban = await kanbanView(api, project.id);
  const releaseMenu = await holdChunk(context, 'bucket-menu-dropdown');
  const releaseInput = await holdChunk(context, 'quick-add-input');
  await signIn(page, token);
  await page.goto(`/projects/${project.id}/${kanban.id}`);
  const doing = bucket(page, 'Doing');
  const actions = doing.getByRole('button', { name: 'Actions for Doing' });
  await expect(actions).toBeVisible();
  const entries = await resourceTimings(page);
  const board = entries.find((entry) => /\/assets\/kanban-view-[^/]+\.js$/.test(entry.name));
  expect(board).toBeDefined();
  // Whatever of them came (once the browser was idle), came after the board's own code.
  for (const entry of entries.filter((e) =>
    /\/assets\/(floating-ui\.react|bucket-limit-editor)-/.test(e.name),
  ))
    expect(entry.startTime, entry.name).toBeGreaterThan(board?.responseEnd ?? 0);

  // The menu, clicked before its code is here, opens when it arrives; the limit editor follows.
  await actions.click();
  await expect(page.getByRole('menu')).toHaveCount(0);
  releaseMenu();
  await page.getByRole('menuitem', { name: 'Set a limit' }).click();
  const limit = doing.getByLabel('Limit');
  await expect(limit).toBeFocused();
  await limit.fill('3');
  await doing.getByRole('button', { name: 'Save' }).click();
  await expect(doing.getByTestId('bucket-count')).toHaveText('0/3');

  // "Add a task" stays in place until the input's code is here, then the input takes the focus.
  const add = doing.getByRole('button', { name: 'Add a task' });
  await add.click();
  await expect(add).toBeVisible();
  releaseInput();
  const input = page.getByRole('textbox', { name: 'New task in Doing' });
  await expect(input).toBeFocused();
  await input.fill('Print the badges');
  await input.press('Enter');
  await expect(doing.getByRole('button', { name: 'Print the badges', exact: true })).toBeVisible();
  await expect(doing.getByTestId('bucket-count')).toHaveText('1/3');
});

test('a bucket’s menu button pressed while its code arrives stays in place until the click, which opens the menu', async ({
  page,
  context,
  request,
}) => {
  // The loaded button used to take the lone one's place as soon as the code came, also under a
  // pressed mouse button: the release then landed on the new button, and the click was lost.
  const { token, api, project } = await listWithTasks(request, 'later-press', ['Book the venue']);
  const kanban = await kanbanView(api, project.id);
  const release = await holdChunk(context, 'bucket-menu-dropdown');
  await signIn(page, token);
  await page.goto(`/projects/${project.id}/${kanban.id}`);
  const actions = bucket(page, 'Doing').getByRole('button', { name: 'Actions for Doing' });
  const box = await actions.boundingBox();
  if (!box) throw new Error('no button');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  release();
  await page.waitForResponse(/\/assets\/bucket-menu-dropdown-[^/]+\.js$/);
  await page.waitForTimeout(500);
  await page.mouse.up();
  await expect(page.getByRole('menuitem', { name: 'Set a limit' })).toBeVisible();
  await expect(actions).toHaveAttribute('aria-expanded', 'true');
});
