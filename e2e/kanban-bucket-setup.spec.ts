/** Choosing a board's default bucket, and boards whose buckets come from filters. */
import { account, signIn } from './support/accounts';
import { expect, type Locator, type Page, test } from './support/csp-guard';

interface View {
  id: number;
  view_kind: string;
  default_bucket_id: number;
  bucket_configuration_mode: string;
  bucket_configuration: { title: string; filter: { filter: string } }[] | null;
}

function bucket(page: Page, title: string): Locator {
  return page.getByRole('region', { name: 'Kanban board' }).getByRole('region', { name: title, exact: true });
}

test('"Set as default bucket" makes new tasks without a bucket land there', async ({ page, request }) => {
  const { token, api } = await account(request, 'kbd');
  const project = await api<{ id: number }>('PUT', '/projects', { title: 'Inbox test' });
  const views = await api<View[]>('GET', `/projects/${project.id}/views`);
  const kanban = views.find((v) => v.view_kind === 'kanban');
  if (!kanban) throw new Error('no kanban view');
  await signIn(page, token);
  await page.goto(`/projects/${project.id}/${kanban.id}`);
  await expect(bucket(page, 'To-Do').getByLabel('Default bucket')).toBeVisible();
  await expect(bucket(page, 'Doing').getByLabel('Default bucket')).toHaveCount(0);

  const saved = page.waitForResponse(
    (r) => r.url().endsWith(`/views/${kanban.id}`) && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Actions for Doing' }).click();
  await page.getByRole('menuitem', { name: 'Set as default bucket' }).click();
  const answer = await saved;
  expect(answer.ok()).toBe(true);
  const doingId = (answer.request().postDataJSON() as { default_bucket_id: number }).default_bucket_id;
  expect(doingId).not.toBe(kanban.default_bucket_id);
  await expect(bucket(page, 'Doing').getByLabel('Default bucket')).toBeVisible();
  await expect(bucket(page, 'To-Do').getByLabel('Default bucket')).toHaveCount(0);
  // The default bucket's own menu does not offer it again.
  await page.getByRole('button', { name: 'Actions for Doing' }).click();
  await expect(page.getByRole('menuitem', { name: 'Collapse' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Set as default bucket' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Stored on the view: a task created without a bucket (here from the list view's API) lands in Doing.
  const stored = await api<View>('GET', `/projects/${project.id}/views/${kanban.id}`);
  expect(stored.default_bucket_id).toBe(doingId);
  await api('PUT', `/projects/${project.id}/tasks`, { title: 'Arrives in Doing' });
  await page.reload();
  await expect(
    bucket(page, 'Doing').getByRole('button', { name: 'Arrives in Doing', exact: true }),
  ).toBeVisible();
  await expect(bucket(page, 'Doing').getByLabel('Default bucket')).toBeVisible();
});

test('a kanban view edited to buckets by filter: a wrong bucket filter shows its error there', async ({
  page,
  request,
}) => {
  const { token, api } = await account(request, 'kbf');
  const project = await api<{ id: number }>('PUT', '/projects', { title: 'Triage' });
  const views = await api<View[]>('GET', `/projects/${project.id}/views`);
  const kanban = views.find((v) => v.view_kind === 'kanban');
  if (!kanban) throw new Error('no kanban view');
  await api('PUT', `/projects/${project.id}/tasks`, { title: 'Server on fire', priority: 5 });
  await api('PUT', `/projects/${project.id}/tasks`, { title: 'Water the plants', priority: 1 });
  await signIn(page, token);
  await page.goto(`/projects/${project.id}/settings/views`);
  const dialog = page.getByRole('dialog', { name: 'Views of Triage' });
  await dialog.getByRole('button', { name: 'Edit the view Kanban' }).click();
  const list = dialog.getByRole('list', { name: 'Views' });
  await list.getByText('By filter: each bucket shows the tasks matching its filter').click();
  await list.getByRole('button', { name: 'Add bucket' }).click();
  await list.getByRole('button', { name: 'Add bucket' }).click();
  const rows = list.getByTestId('bucket-configuration-row');
  await expect(rows).toHaveCount(2);

  // A missing title is refused before anything is sent.
  await list.getByRole('button', { name: 'Save' }).click();
  await expect(rows.nth(0).getByText('Please provide a title.')).toBeVisible();

  await rows.nth(0).getByRole('textbox', { name: 'Bucket title' }).fill('Urgent');
  await rows.nth(0).getByRole('combobox', { name: 'Bucket filter' }).fill('priority >= 4');
  await rows.nth(1).getByRole('textbox', { name: 'Bucket title' }).fill('Later');
  await rows
    .nth(1)
    .getByRole('combobox', { name: 'Bucket filter' })
    .fill('priority < 4 && dueDate > tomorrow');
  await list.getByRole('button', { name: 'Save' }).click();
  // The server refuses the second bucket's value: the error shows under that filter only.
  await expect(rows.nth(1).getByRole('alert').filter({ hasText: 'tomorrow' })).toBeVisible();
  await expect(rows.nth(0).getByRole('alert')).toHaveCount(0);
  await expect(list.getByRole('combobox', { name: 'Filter', exact: true })).not.toHaveAttribute(
    'aria-invalid',
    'true',
  );

  await rows.nth(1).getByRole('combobox', { name: 'Bucket filter' }).fill('priority < 4');
  await list.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The view was successfully saved.')).toBeVisible();
  const stored = await api<View>('GET', `/projects/${project.id}/views/${kanban.id}`);
  expect(stored.bucket_configuration_mode).toBe('filter');
  expect(stored.bucket_configuration?.map((b) => [b.title, b.filter.filter])).toEqual([
    ['Urgent', 'priority >= 4'],
    ['Later', 'priority < 4'],
  ]);

  await page.keyboard.press('Escape');
  await page.goto(`/projects/${project.id}/${kanban.id}`);
  await expect(
    bucket(page, 'Urgent').getByRole('button', { name: 'Server on fire', exact: true }),
  ).toBeVisible();
  await expect(
    bucket(page, 'Later').getByRole('button', { name: 'Water the plants', exact: true }),
  ).toBeVisible();

  // Back in the form the buckets are as saved.
  await page.goto(`/projects/${project.id}/settings/views`);
  await dialog.getByRole('button', { name: 'Edit the view Kanban' }).click();
  await expect(rows.nth(0).getByRole('textbox', { name: 'Bucket title' })).toHaveValue('Urgent');
  await expect(rows.nth(1).getByRole('combobox', { name: 'Bucket filter' })).toHaveValue('priority < 4');
});
