/**
 * Custom fields as a user meets them: defined in the project's settings, filled in the task
 * detail (kept after a reload, and kept when other fields change), shown and sorted in the table
 * view, used in a filter, refused values rolled back with the catalogue's message, the fields
 * marked "Show on cards" on list rows and kanban cards, and read-only for someone the project is
 * shared with to read.
 */
import { type Account, account, projectWithViews, signIn } from './support/accounts';
import { expect, type Page, test } from './support/csp-guard';
import { card } from './support/kanban';

interface Field {
  id: number;
  title: string;
  kind: string;
  options: string[];
  show_on_cards: boolean;
}

interface Task {
  id: number;
  title: string;
  custom_fields: Record<string, unknown>;
}

async function fieldsOf(me: Account, projectId: number): Promise<Field[]> {
  return me.api<Field[]>('GET', `/projects/${projectId}/fields`);
}

/** Adds a field in the open Fields dialog. */
async function addField(page: Page, title: string, kind: string, options: string[] = []) {
  const dialog = page.getByRole('dialog', { name: /^Fields of / });
  const form = dialog.locator('form').last();
  await form.getByRole('textbox', { name: 'Title' }).fill(title);
  await form.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: kind, exact: true }).click();
  for (const option of options) {
    await form.getByRole('textbox', { name: 'Choices' }).fill(option);
    await form.getByRole('textbox', { name: 'Choices' }).press('Enter');
  }
  await form.getByRole('button', { name: 'Add field' }).click();
  await expect(page.getByText('The field was added.').last()).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Fields' }).getByText(title, { exact: true })).toBeVisible();
}

const saved = (page: Page) => expect(page.getByText('The task was saved successfully.').last()).toBeVisible();

test('define fields, fill them in a task, see, sort and filter them in the table', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const me = await account(request, 'cf');
  const project = await projectWithViews(me, 'Website');
  const copy = await me.api<Task>('PUT', `/projects/${project.id}/tasks`, { title: 'Write copy' });
  const mate = await account(request, 'cfm');
  await me.api('PUT', `/projects/${project.id}/users`, { username: mate.username, permission: 1 });
  await signIn(page, me.token);
  await page.goto(`/projects/${project.id}`);

  // Project settings → Fields: empty at first, with what fields are for.
  await page.getByRole('main').getByRole('button', { name: 'Settings of Website' }).click();
  await page.getByRole('menuitem', { name: 'Fields', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Fields of Website' });
  await expect(dialog.getByText('No custom fields yet')).toBeVisible();
  await expect(dialog.getByText(/Custom fields give every task of this project/)).toBeVisible();

  // A choice field needs its choices.
  const form = dialog.locator('form').last();
  await form.getByRole('textbox', { name: 'Title' }).fill('Status');
  await form.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: 'Single choice', exact: true }).click();
  await form.getByRole('button', { name: 'Add field' }).click();
  await expect(form.getByText('Add at least one choice.')).toBeVisible();
  await form.getByRole('textbox', { name: 'Title' }).fill('');

  await addField(page, 'Estimate', 'Number');
  await addField(page, 'Status', 'Single choice', ['Todo', 'Doing', 'Review']);
  await addField(page, 'Spec', 'Link (URL)');
  await addField(page, 'Reviewed', 'Checkbox');
  await addField(page, 'Reviewer', 'Person');
  // A second field of the same title is refused with the catalogue's message.
  await form.getByRole('textbox', { name: 'Title' }).fill('estimate');
  await form.getByRole('button', { name: 'Add field' }).click();
  await expect(form.getByRole('alert')).toContainText('The custom field cannot be saved');

  // Reorder, rename, and see the order kept on the server.
  await dialog.getByRole('button', { name: 'Move Reviewed up' }).click();
  await expect
    .poll(async () => (await fieldsOf(me, project.id)).map((f) => f.title))
    .toEqual(['Estimate', 'Status', 'Reviewed', 'Spec', 'Reviewer']);
  await dialog.getByRole('button', { name: 'Edit the field Spec' }).click();
  await dialog.getByRole('textbox', { name: 'Title' }).first().fill('Specification');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The field was saved.')).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Fields' }).getByRole('listitem')).toHaveText([
    /Estimate/,
    /Status/,
    /Reviewed/,
    /Specification/,
    /Reviewer/,
  ]);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  const fields = await fieldsOf(me, project.id);
  const idOf = (title: string) => String(fields.find((f) => f.title === title)?.id);

  // The task detail: a control per field, each saved on its own.
  await page.goto(`/tasks/${copy.id}`);
  const estimate = page.getByRole('textbox', { name: 'Estimate' });
  await estimate.fill('5');
  await estimate.press('Enter');
  await saved(page);
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Doing' }).click();
  await expect
    .poll(async () => (await me.api<Task>('GET', `/tasks/${copy.id}`)).custom_fields)
    .toMatchObject({
      [idOf('Estimate')]: 5,
      [idOf('Status')]: 'Doing',
    });
  await page.getByRole('textbox', { name: 'Specification' }).fill('https://example.com/spec');
  await page.getByRole('textbox', { name: 'Specification' }).press('Enter');
  await page.getByRole('checkbox', { name: 'Reviewed' }).check();
  // A person among those who can see the project, found by typing: the server's first match is
  // highlighted and named to screen readers, and Enter picks it.
  const reviewer = page.getByRole('combobox', { name: 'Reviewer' });
  await reviewer.fill(mate.username.slice(0, -2));
  const firstMatch = page.getByRole('option', { selected: true });
  await expect(firstMatch).toHaveText(mate.username);
  await expect(reviewer).toHaveAttribute(
    'aria-activedescendant',
    (await firstMatch.getAttribute('id')) ?? 'no id',
  );
  await reviewer.press('Enter');
  await expect(reviewer).toHaveValue(mate.username);
  await expect
    .poll(async () => (await me.api<Task>('GET', `/tasks/${copy.id}`)).custom_fields)
    .toMatchObject({
      [idOf('Estimate')]: 5,
      [idOf('Status')]: 'Doing',
      [idOf('Specification')]: 'https://example.com/spec',
      [idOf('Reviewed')]: true,
      [idOf('Reviewer')]: { username: mate.username },
    });

  // Kept after a reload, and when another field of the task is edited.
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Estimate' })).toHaveValue('5');
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('Doing');
  await expect(page.getByRole('checkbox', { name: 'Reviewed' })).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Reviewer' })).toHaveValue(mate.username);
  // The task's activity names the values: the person by name, the checkbox as yes.
  const activity = page.getByTestId('activity-entry');
  await expect(activity.filter({ hasText: 'changed Reviewer' })).toContainText(
    `changed Reviewer: ${mate.username}`,
  );
  await expect(activity.filter({ hasText: 'changed Reviewed' })).toContainText('changed Reviewed: Yes');
  await expect(page.getByRole('link', { name: 'Open Specification in a new tab' })).toHaveAttribute(
    'href',
    'https://example.com/spec',
  );
  await page.getByLabel('Title').fill('Write the copy');
  await page.getByLabel('Title').press('Enter');
  await saved(page);
  const afterTitle = await me.api<Task>('GET', `/tasks/${copy.id}`);
  expect(afterTitle.title).toBe('Write the copy');
  expect(Object.keys(afterTitle.custom_fields)).toHaveLength(5);
  // The person emptied from the keyboard and left is cleared, on the server too.
  await page.getByRole('combobox', { name: 'Reviewer' }).fill('');
  await page.getByRole('combobox', { name: 'Reviewer' }).press('Tab');
  await expect
    .poll(async () => Object.keys((await me.api<Task>('GET', `/tasks/${copy.id}`)).custom_fields))
    .not.toContain(idOf('Reviewer'));
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Reviewer' })).toHaveValue('');

  // More tasks, with estimates, through the API.
  for (const [title, value] of [
    ['Pick photos', 2],
    ['Launch', 8],
  ] as const)
    await me.api('PUT', `/projects/${project.id}/tasks`, {
      title,
      custom_fields: { [idOf('Estimate')]: value },
    });

  // The table view: a column per field, formatted, sorted on the server.
  const table = project.views.find((v) => v.view_kind === 'table')?.id;
  await page.goto(`/projects/${project.id}/${table}`);
  const grid = page.getByRole('table');
  await expect(grid.getByRole('columnheader', { name: 'Estimate' })).toBeVisible();
  await expect(grid.getByRole('columnheader', { name: 'Reviewed' })).toBeVisible();
  const row = grid.getByRole('row').filter({ hasText: 'Write the copy' });
  await expect(row.getByRole('cell', { name: 'Doing', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Yes', exact: true })).toBeVisible();
  await expect(row.getByRole('link', { name: 'example.com/spec' })).toBeVisible();
  // Columns: selection box, #, done, title.
  const titles = () => grid.locator('tbody tr td:nth-child(4)').allTextContents();
  await grid.getByRole('button', { name: 'Estimate' }).click();
  await expect(grid.getByRole('columnheader', { name: 'Estimate' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await expect.poll(titles).toEqual(['Pick photos', 'Write the copy', 'Launch']);
  await grid.getByRole('button', { name: 'Estimate' }).click();
  await expect(grid.getByRole('columnheader', { name: 'Estimate' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect.poll(titles).toEqual(['Launch', 'Write the copy', 'Pick photos']);

  // A field's column can be turned off, and stays off.
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('checkbox', { name: 'Status' }).uncheck();
  await page.keyboard.press('Escape');
  await expect(grid.getByRole('columnheader', { name: 'Status' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('table').getByRole('columnheader', { name: 'Estimate' })).toBeVisible();
  await expect(page.getByRole('table').getByRole('columnheader', { name: 'Status' })).toHaveCount(0);

  // The filter editor suggests the field, and the filter runs on the server.
  const editor = page.getByRole('combobox', { name: 'Filter or search tasks' });
  await editor.pressSequentially('Esti');
  await page.getByRole('option', { name: /^Estimate/ }).click();
  await expect(editor).toHaveValue('Estimate ');
  await editor.pressSequentially('> 3');
  await editor.press('Enter');
  await expect.poll(titles).toEqual(['Launch', 'Write the copy']);
});

test('a refused value shows the error and goes back; a wrong number is not sent', async ({
  page,
  request,
}) => {
  const me = await account(request, 'cfe');
  const project = await me.api<{ id: number }>('PUT', '/projects', { title: 'Releases' });
  const status = await me.api<Field>('PUT', `/projects/${project.id}/fields`, {
    title: 'Status',
    kind: 'choice',
    options: ['Todo', 'Doing', 'Review'],
  });
  const estimate = await me.api<Field>('PUT', `/projects/${project.id}/fields`, {
    title: 'Estimate',
    kind: 'number',
  });
  const task = await me.api<Task>('PUT', `/projects/${project.id}/tasks`, {
    title: 'Tag the release',
    custom_fields: { [status.id]: 'Todo', [estimate.id]: 3 },
  });
  await signIn(page, me.token);
  await page.goto(`/tasks/${task.id}`);
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('Todo');

  // Someone takes "Review" away while the task is open; picking it is refused.
  await me.api('POST', `/projects/${project.id}/fields/${status.id}`, { options: ['Todo', 'Doing'] });
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Review' }).click();
  await expect(page.getByText('"Review" is not one of the choices of the field "Status".')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('Todo');

  // Not a number: said at once, and nothing is sent.
  const number = page.getByRole('textbox', { name: 'Estimate' });
  await number.fill('three');
  await number.press('Enter');
  await expect(page.getByText('Please enter a number.')).toBeVisible();
  const stored = await me.api<Task>('GET', `/tasks/${task.id}`);
  expect(stored.custom_fields).toEqual({ [status.id]: 'Todo', [estimate.id]: 3 });
});

test('fields marked "Show on cards" show their values on list rows and kanban cards', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const me = await account(request, 'cfc');
  const project = await projectWithViews(me, 'Sprint');
  const define = (body: Record<string, unknown>) =>
    me.api<Field>('PUT', `/projects/${project.id}/fields`, body);
  const estimate = await define({ title: 'Estimate', kind: 'number' });
  const status = await define({ title: 'Status', kind: 'choice', options: ['Todo', 'Doing'] });
  const reviewed = await define({ title: 'Reviewed', kind: 'checkbox' });
  const notes = await define({ title: 'Notes', kind: 'text' });
  const tags = await define({ title: 'Tags', kind: 'choices', options: ['web', 'ios'] });
  await me.api('PUT', `/projects/${project.id}/tasks`, {
    title: 'Ship the page',
    custom_fields: {
      [estimate.id]: 5,
      [status.id]: 'Doing',
      [reviewed.id]: true,
      [notes.id]: 'Only in the detail',
      [tags.id]: ['web', 'ios'],
    },
  });
  // No value of a marked field: no chip.
  await me.api('PUT', `/projects/${project.id}/tasks`, { title: 'Plan the next one' });
  await signIn(page, me.token);

  // The Fields dialog: nothing is on cards until switched on, and a switch flips at once.
  await page.goto(`/projects/${project.id}/settings/fields`);
  const dialog = page.getByRole('dialog', { name: 'Fields of Sprint' });
  const shows = (title: string) =>
    dialog.getByRole('switch', { name: `Show ${title} on list rows and kanban cards` });
  await expect(shows('Estimate')).not.toBeChecked();
  for (const title of ['Estimate', 'Status', 'Reviewed', 'Tags']) {
    await shows(title).click();
    await expect(shows(title)).toBeChecked();
  }
  await expect
    .poll(async () => (await fieldsOf(me, project.id)).map((f) => [f.title, f.show_on_cards]))
    .toEqual([
      ['Estimate', true],
      ['Status', true],
      ['Reviewed', true],
      ['Notes', false],
      ['Tags', true],
    ]);

  // A refused change flips back with the error.
  await page.route(`**/api/v1/projects/${project.id}/fields/${tags.id}`, (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ code: 30123, message: 'The custom field cannot be saved.' }),
    }),
  );
  await shows('Tags').click();
  await expect(page.getByText('The custom field cannot be saved').last()).toBeVisible();
  await expect(shows('Tags')).toBeChecked();
  await page.unroute(`**/api/v1/projects/${project.id}/fields/${tags.id}`);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // The list view: the marked fields' values, in field order; the unmarked one's is not there.
  const list = project.views.find((v) => v.view_kind === 'list')?.id;
  await page.goto(`/projects/${project.id}/${list}`);
  const row = page
    .getByRole('list', { name: 'Tasks' })
    .getByRole('listitem')
    .filter({ hasText: 'Ship the page' });
  const chips = row.locator('[data-field-chip]');
  await expect(chips).toHaveText(
    ['Estimate: 5', 'Status: Doing', 'Reviewed: yes', 'Tags: web, ios'].map(
      (label) => new RegExp(`^${label}`),
    ),
  );
  await expect(row.getByText('Only in the detail')).toHaveCount(0);
  await expect(chips.first()).toHaveAttribute('title', 'Estimate: 5');
  const empty = page
    .getByRole('list', { name: 'Tasks' })
    .getByRole('listitem')
    .filter({ hasText: 'Plan the next one' });
  await expect(empty.locator('[data-field-chip]')).toHaveCount(0);

  // The kanban card: the same chips, read out as the card's description.
  const board = project.views.find((v) => v.view_kind === 'kanban')?.id;
  await page.goto(`/projects/${project.id}/${board}`);
  const shipped = card(page, 'Ship the page');
  await expect(shipped.locator('[data-field-chip]')).toHaveCount(4);
  await expect(shipped).toHaveAccessibleDescription(/^Estimate: 5.*Status: Doing.*Tags: web, ios/);
  await expect(shipped.getByText('Only in the detail')).toHaveCount(0);
  await expect(card(page, 'Plan the next one').locator('[data-field-chip]')).toHaveCount(0);

  // Switched off: gone from the card.
  await me.api('POST', `/projects/${project.id}/fields/${estimate.id}`, { show_on_cards: false });
  await page.reload();
  await expect(card(page, 'Ship the page').locator('[data-field-chip]')).toHaveCount(3);
  await expect(card(page, 'Ship the page').getByText('Estimate: 5')).toHaveCount(0);
});

test('someone who may only read sees the values but no controls', async ({ page, request }) => {
  const owner = await account(request, 'cfo');
  const reader = await account(request, 'cfr');
  const project = await owner.api<{ id: number }>('PUT', '/projects', { title: 'Budget' });
  const field = await owner.api<Field>('PUT', `/projects/${project.id}/fields`, {
    title: 'Cost',
    kind: 'number',
  });
  const task = await owner.api<Task>('PUT', `/projects/${project.id}/tasks`, {
    title: 'Buy chairs',
    custom_fields: { [field.id]: 1250.5 },
  });
  await owner.api('PUT', `/projects/${project.id}/users`, { username: reader.username, permission: 0 });
  await signIn(page, reader.token);

  await page.goto(`/tasks/${task.id}`);
  await expect(page.getByText('1,250.5', { exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Cost' })).toHaveCount(0);

  await page.goto(`/projects/${project.id}/settings/fields`);
  const dialog = page.getByRole('dialog', { name: 'Fields of Budget' });
  await expect(dialog.getByText('Cost', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Add field' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Delete the field Cost' })).toHaveCount(0);
  await expect(
    dialog.getByRole('switch', { name: 'Show Cost on list rows and kanban cards' }),
  ).toBeDisabled();
});
