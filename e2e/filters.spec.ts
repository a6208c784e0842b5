import { account, signIn } from './support/accounts';
import { type APIRequestContext, expect, type Page, test } from './support/csp-guard';

interface Seeded {
  token: string;
  gardenId: number;
  urgentId: number;
}

/** A fresh account with a project Garden (GARD), a second project, two labels and four tasks. */
async function seed(page: Page, request: APIRequestContext): Promise<Seeded> {
  const { token } = await account(request, 'filt');
  const headers = { Authorization: `Bearer ${token}` };
  const put = async (path: string, data: object) => {
    const response = await request.put(`/api/v1${path}`, { headers, data });
    expect(response.ok()).toBeTruthy();
    return (await response.json()) as { id: number };
  };
  const garden = await put('/projects', { title: 'Garden', identifier: 'GARD' });
  const office = await put('/projects', { title: 'Office' });
  const urgent = await put('/labels', { title: 'urgent', hex_color: 'e03131' });
  await put('/labels', { title: 'home office', hex_color: '2f9e44' });
  const roses = await put(`/projects/${garden.id}/tasks`, { title: 'Water the roses', priority: 4 });
  await put(`/tasks/${roses.id}/labels`, { label_id: urgent.id });
  await put(`/projects/${garden.id}/tasks`, { title: 'Mow the lawn', priority: 1 });
  const report = await put(`/projects/${office.id}/tasks`, { title: 'Write the report', priority: 4 });
  await put(`/tasks/${report.id}/labels`, { label_id: urgent.id });
  await put(`/projects/${garden.id}/tasks`, { title: 'Plant tulips' });
  await signIn(page, token);
  return { token, gardenId: garden.id, urgentId: urgent.id };
}

function taskRows(page: Page) {
  return page.getByRole('list', { name: 'Tasks' }).getByRole('listitem');
}

/** Types into the filter editor and picks the suggestion with this name. */
async function typeAndPick(page: Page, editor: ReturnType<Page['getByRole']>, text: string, option: string) {
  await editor.pressSequentially(text);
  await expect(page.getByRole('option', { name: option, exact: true })).toBeVisible();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('build a saved filter with the autocomplete, see it in the navigation, open it as list and kanban', async ({
  page,
  request,
}) => {
  const { token, gardenId, urgentId } = await seed(page, request);
  await page.goto('/projects');
  await page.getByRole('link', { name: 'New saved filter' }).click();
  await expect(page).toHaveURL(/\/filters\/new$/);
  const dialog = page.getByRole('dialog', { name: 'New saved filter' });

  await dialog.getByRole('button', { name: 'Create filter' }).click();
  await expect(dialog.getByText('Please provide a title for the filter.')).toBeVisible();
  await dialog.getByLabel('Title').fill('Urgent garden');
  await expect(dialog.getByText('Please provide a title for the filter.')).toHaveCount(0);

  const editor = dialog.getByRole('combobox', { name: 'Filter' });
  await expect(editor).toHaveValue('done = false');
  await editor.fill('');
  // Field names, label titles and project titles come from the autocomplete.
  await typeAndPick(page, editor, 'lab', 'labels');
  await expect(editor).toHaveValue('labels ');
  await typeAndPick(page, editor, 'in urg', 'urgent');
  await expect(editor).toHaveValue('labels in urgent');
  await editor.pressSequentially(' && proj');
  await expect(page.getByRole('option', { name: 'project', exact: true })).toBeVisible();
  await editor.press('Enter');
  await typeAndPick(page, editor, '= Gar', 'Garden');
  await expect(editor).toHaveValue('labels in urgent && project = Garden');
  // New saved filters include tasks without a value (no label here); this one should not.
  const includeNulls = dialog.getByLabel('Include tasks without a value in the filtered fields');
  await expect(includeNulls).toBeChecked();
  await includeNulls.uncheck();
  await dialog.getByRole('button', { name: 'Create filter' }).click();

  await expect(page.getByText('The filter was created successfully.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Urgent garden' })).toBeVisible();
  const filters = page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('list', { name: 'Saved filters' });
  await expect(filters.getByRole('link', { name: 'Urgent garden' })).toBeVisible();
  // Saved filters cannot be dragged: no handle in their row.
  await expect(filters.getByRole('button', { name: /^Move / })).toHaveCount(0);

  // The list shows the urgent garden task only.
  await expect(taskRows(page).filter({ hasText: 'Water the roses' })).toBeVisible();
  await expect(taskRows(page)).toHaveCount(1);

  // The filter is stored with ids, and shown with titles again when edited.
  const projectId = Number(/\/projects\/(-\d+)/.exec(page.url())?.[1]);
  const stored = await request.get(`/api/v1/filters/${-projectId - 1}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(((await stored.json()) as { filters: { filter: string } }).filters.filter).toBe(
    `labels in ${urgentId} && project = ${gardenId}`,
  );

  // Its menu has only edit, views and delete.
  await page.getByRole('main').getByRole('button', { name: 'Settings of Urgent garden' }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['Edit', 'Views', 'Delete']);
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit filter Urgent garden' });
  await expect(edit.getByRole('combobox', { name: 'Filter' })).toHaveValue(
    'labels in urgent && project = Garden',
  );
  await edit.getByRole('button', { name: 'Cancel' }).click();

  // The same filter as a kanban board.
  await page.getByText('Kanban', { exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/\\d+$`));
  await expect(page.getByText('Water the roses')).toBeVisible();
  await expect(page.getByText('Mow the lawn')).toHaveCount(0);

  // Its owner rearranges the board: buckets can be added and cards moved (Space lifts, the right
  // arrow carries, Space drops), but not added, as a saved filter has no project of its own.
  const board = page.getByRole('region', { name: 'Kanban board' });
  const bucket = (title: string) => board.getByRole('region', { name: title, exact: true });
  await expect(board.getByRole('button', { name: 'New bucket' })).toBeVisible();
  await expect(board.getByRole('button', { name: 'Add a task' })).toHaveCount(0);
  const moved = page.waitForResponse(
    (r) => /\/buckets\/\d+\/tasks$/.test(r.url()) && r.request().method() === 'POST',
  );
  await bucket('To-Do').getByRole('button', { name: 'Water the roses', exact: true }).focus();
  await page.keyboard.press('Space');
  await page.waitForTimeout(200);
  await page.keyboard.press('ArrowRight');
  await page.waitForTimeout(300);
  await page.keyboard.press('Space');
  await expect(bucket('Doing').getByRole('button', { name: 'Water the roses', exact: true })).toBeVisible();
  expect((await moved).ok()).toBe(true);
  await page.reload();
  await expect(bucket('Doing').getByRole('button', { name: 'Water the roses', exact: true })).toBeVisible();
});

test('a view filter is kept in the URL, shows server errors under the input, and searches by identifier', async ({
  page,
  request,
}) => {
  const { gardenId } = await seed(page, request);
  await page.goto(`/projects/${gardenId}`);
  await expect(taskRows(page)).toHaveCount(3);
  const editor = page.getByRole('combobox', { name: 'Filter or search tasks' });

  await editor.fill('priority >= 3');
  await editor.press('Enter');
  await expect(page).toHaveURL(/filter=priority/);
  await expect(taskRows(page)).toHaveCount(1);
  await expect(taskRows(page).filter({ hasText: 'Water the roses' })).toBeVisible();

  // Reloaded (or shared), the URL brings the filter back.
  await page.reload();
  await expect(editor).toHaveValue('priority >= 3');
  await expect(taskRows(page)).toHaveCount(1);

  // A label title is sent as its id and shown as its title.
  await editor.fill('labels = urgent');
  await editor.press('Enter');
  await expect(page).toHaveURL(/filter=labels\+%3D\+\d+/);
  await expect(editor).toHaveValue('labels = urgent');
  await expect(taskRows(page)).toHaveCount(1);

  // A value the server cannot read: the error is shown under the input.
  await editor.fill('dueDate > tomorrow');
  await editor.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'tomorrow' })).toBeVisible();
  await expect(editor).toHaveAttribute('aria-invalid', 'true');

  // Text that is not a filter is a search: by identifier.
  await editor.fill('GARD-2');
  await editor.press('Enter');
  await expect(page).toHaveURL(/s=GARD-2/);
  await expect(taskRows(page)).toHaveCount(1);
  await expect(taskRows(page).filter({ hasText: 'Mow the lawn' })).toBeVisible();

  // The table view uses the same editor.
  await page.getByRole('button', { name: 'Clear filter' }).click();
  await expect(taskRows(page)).toHaveCount(3);
  await page.getByText('Table', { exact: true }).click();
  // Typed only once the table is there: until then the list view's editor is still on the page.
  await expect(page.getByRole('row').filter({ hasText: 'Mow the lawn' })).toBeVisible();
  const tableEditor = page.getByRole('combobox', { name: 'Filter or search tasks' });
  await tableEditor.fill('#1');
  await tableEditor.press('Enter');
  await expect(page.getByRole('row').filter({ hasText: 'Water the roses' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Mow the lawn' })).toHaveCount(0);

  // The help explains the syntax and date math.
  await page.getByRole('button', { name: 'Filter help' }).click();
  const help = page.getByRole('dialog', { name: 'How filters work' });
  await expect(help.getByText('Date math', { exact: true })).toBeVisible();
  await expect(help.getByText('now/d+1d', { exact: true })).toBeVisible();
});

test('a shared link to a project with a filter opens its view filtered', async ({ page, request }) => {
  const { gardenId } = await seed(page, request);
  // The project's address has no view: on to its first view, the filter and search going along.
  await page.goto(`/projects/${gardenId}?filter=${encodeURIComponent('priority >= 3')}`);
  await expect(page).toHaveURL(new RegExp(`/projects/${gardenId}/\\d+\\?filter=priority`));
  await expect(page.getByRole('combobox', { name: 'Filter or search tasks' })).toHaveValue('priority >= 3');
  await expect(taskRows(page)).toHaveCount(1);
  await expect(taskRows(page).filter({ hasText: 'Water the roses' })).toBeVisible();
  await page.goto(`/projects/${gardenId}?s=GARD-2`);
  await expect(page).toHaveURL(new RegExp(`/projects/${gardenId}/\\d+\\?s=GARD-2`));
  await expect(taskRows(page)).toHaveCount(1);
  await expect(taskRows(page).filter({ hasText: 'Mow the lawn' })).toBeVisible();
});

test('a view’s stored filter edited in the views window takes effect', async ({ page, request }) => {
  const { token, gardenId, urgentId } = await seed(page, request);
  await page.goto(`/projects/${gardenId}`);
  await expect(taskRows(page)).toHaveCount(3);

  await page.getByRole('main').getByRole('button', { name: 'Settings of Garden' }).click();
  await page.getByRole('menuitem', { name: 'Views' }).click();
  const dialog = page.getByRole('dialog', { name: 'Views of Garden' });
  await dialog.getByRole('button', { name: 'Edit the view List' }).click();
  // The edited view's form sits in the list of views; the form below it adds a new view.
  const views = dialog.getByRole('list', { name: 'Views' });
  const editor = views.getByRole('combobox', { name: 'Filter' });
  await expect(editor).toHaveValue('done = false');

  // A value the server cannot read: the error shows under the editor and nothing is saved.
  await editor.fill('done = false && dueDate > tomorrow');
  await views.getByRole('button', { name: 'Save' }).click();
  await expect(views.getByRole('alert').filter({ hasText: 'tomorrow' })).toBeVisible();
  await expect(editor).toHaveAttribute('aria-invalid', 'true');

  // Label titles come from the autocomplete; the view stores their ids.
  await editor.fill('done = false && ');
  await typeAndPick(page, editor, 'lab', 'labels');
  await typeAndPick(page, editor, 'in urg', 'urgent');
  await expect(editor).toHaveValue('done = false && labels in urgent');
  await views.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The view was successfully saved.')).toBeVisible();
  // The list of views shows the filter with titles.
  await expect(views.getByText('done = false && labels in urgent', { exact: true })).toBeVisible();

  const stored = await request.get(`/api/v1/projects/${gardenId}/views`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const list = ((await stored.json()) as { view_kind: string; filter: { filter: string } }[]).find(
    (v) => v.view_kind === 'list',
  );
  expect(list?.filter.filter).toBe(`done = false && labels in ${urgentId}`);

  // Closed, the list view shows only the garden's urgent task, and still after a reload.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(taskRows(page)).toHaveCount(1);
  await expect(taskRows(page).filter({ hasText: 'Water the roses' })).toBeVisible();
  await page.reload();
  await expect(taskRows(page)).toHaveCount(1);
});

test('a new view starts with open tasks only, undated ones included; a new board starts without that filter', async ({
  page,
  request,
}) => {
  const { token, gardenId } = await seed(page, request);
  await page.goto(`/projects/${gardenId}`);
  await page.getByRole('main').getByRole('button', { name: 'Settings of Garden' }).click();
  await page.getByRole('menuitem', { name: 'Views' }).click();
  const dialog = page.getByRole('dialog', { name: 'Views of Garden' });
  // Nothing is being edited, so the only filter editor is the new view's.
  const editor = dialog.getByRole('combobox', { name: 'Filter' });
  await expect(editor).toHaveValue('done = false');
  await expect(
    dialog.getByRole('checkbox', { name: 'Include tasks without a value for the filtered fields' }),
  ).toBeChecked();

  // Picking Kanban drops the default (its done bucket would never fill); back to List restores it.
  const kind = dialog.getByRole('combobox', { name: 'Kind' });
  await kind.click();
  await page.getByRole('option', { name: 'Kanban' }).click();
  await expect(editor).toHaveValue('');
  await kind.click();
  await page.getByRole('option', { name: 'List' }).click();
  await expect(editor).toHaveValue('done = false');

  await dialog.getByRole('textbox', { name: 'Title' }).fill('Open work');
  await dialog.getByRole('button', { name: 'Add view' }).click();
  await expect(dialog.getByText('Open work', { exact: true })).toBeVisible();

  const stored = await request.get(`/api/v1/projects/${gardenId}/views`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const created = ((await stored.json()) as { title: string; filter: Record<string, unknown> }[]).find(
    (v) => v.title === 'Open work',
  );
  expect(created?.filter).toMatchObject({
    filter: 'done = false',
    filter_include_nulls: true,
    sort_by: ['done', 'id'],
    order_by: ['asc', 'desc'],
  });
});

test('a label filter sent before the labels have loaded still goes out with the label’s id', async ({
  page,
  request,
}) => {
  const { gardenId, urgentId } = await seed(page, request);
  // The labels answer only once the filter has been sent.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/api\/v1\/labels(\?|$)/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/projects/${gardenId}`);
  await expect(taskRows(page)).toHaveCount(3);
  const editor = page.getByRole('combobox', { name: 'Filter or search tasks' });
  await editor.fill('labels = urgent');
  await editor.press('Enter');
  release();
  await expect(page).toHaveURL(new RegExp(`filter=labels\\+%3D\\+${urgentId}(&|$)`));
  await expect(taskRows(page)).toHaveCount(1);
  await expect(taskRows(page).filter({ hasText: 'Water the roses' })).toBeVisible();
  await expect(editor).toHaveValue('labels = urgent');
});

test('a saved filter’s tasks from several projects name their project, in the list and on the board', async ({
  page,
  request,
}) => {
  const me = await account(request, 'fproj');
  const garden = await me.api<{ id: number }>('PUT', '/projects', { title: 'Garden' });
  const house = await me.api<{ id: number }>('PUT', '/projects', { title: 'House' });
  await me.api('PUT', `/projects/${garden.id}/tasks`, { title: 'Prune the roses', priority: 4 });
  await me.api('PUT', `/projects/${house.id}/tasks`, { title: 'Fix the roof', priority: 4 });
  const filter = await me.api<{ id: number }>('PUT', '/filters', {
    title: 'Urgent everywhere',
    filters: { filter: 'priority >= 4', filter_include_nulls: false },
  });
  const filterProject = await me.api<{ views: { id: number; view_kind: string }[] }>(
    'GET',
    `/projects/${-filter.id - 1}`,
  );
  const viewOf = (kind: string) => filterProject.views.find((v) => v.view_kind === kind)?.id;
  await signIn(page, me.token);

  await page.goto(`/projects/${-filter.id - 1}/${viewOf('list')}`);
  const row = (title: string) => taskRows(page).filter({ hasText: title });
  await expect(row('Prune the roses').getByRole('link', { name: 'Garden', exact: true })).toBeVisible();
  await expect(row('Fix the roof').getByRole('link', { name: 'House', exact: true })).toBeVisible();

  await page.goto(`/projects/${-filter.id - 1}/${viewOf('kanban')}`);
  const card = page.locator('[data-task-id]').filter({ hasText: 'Fix the roof' });
  await expect(card.getByText('House', { exact: true })).toBeVisible();
  await expect(card.getByText('#1', { exact: true })).toBeVisible();

  // In the task's own project the list names no project.
  await page.goto(`/projects/${-filter.id - 1}/${viewOf('list')}`);
  await row('Fix the roof').getByRole('link', { name: 'House', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${house.id}/\\d+`));
  await expect(row('Fix the roof')).toBeVisible();
  await expect(row('Fix the roof').getByRole('link', { name: 'House', exact: true })).toHaveCount(0);
});
