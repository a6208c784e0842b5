/** A project's settings as the user meets them: edit, duplicate, delete, and the favourite star. */
import { account, signIn } from './support/accounts';
import { expect, type Page, test } from './support/csp-guard';

async function openSettings(page: Page, title: string, item: string) {
  await page
    .getByRole('main')
    .getByRole('button', { name: `Settings of ${title}` })
    .click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

const sidebar = (page: Page) => page.getByRole('navigation');

test('edit a project: the new title, identifier and description are saved and shown', async ({
  page,
  request,
}) => {
  const { token, api } = await account(request, 'pse');
  const project = await api<{ id: number }>('PUT', '/projects', { title: 'Garden' });
  await api('PUT', `/projects/${project.id}/tasks`, { title: 'Plant tulips' });
  await signIn(page, token);
  await page.goto(`/projects/${project.id}`);
  await openSettings(page, 'Garden', 'Edit');
  const dialog = page.getByRole('dialog', { name: 'Edit Garden' });
  // A title is required: nothing is sent without one.
  await dialog.getByLabel('Title').fill('');
  await expect(dialog.getByText('Please specify a title.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();

  await dialog.getByLabel('Title').fill('Allotment');
  await dialog.getByLabel('Identifier').fill('ALT');
  await dialog.getByLabel('Description').fill('Plot 14, by the shed');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The project was successfully updated.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Allotment' })).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: 'Allotment' })).toBeVisible();
  const stored = await api<{ title: string; identifier: string; description: string }>(
    'GET',
    `/projects/${project.id}`,
  );
  expect(stored).toMatchObject({ title: 'Allotment', identifier: 'ALT' });
  expect(stored.description).toContain('Plot 14, by the shed');

  // With a description, the (i) beside the title names itself on hover and opens it.
  const info = page.getByRole('link', { name: 'Project description' });
  await info.hover();
  await expect(page.getByRole('tooltip')).toHaveText('Project description');
  await info.click();
  await expect(page.getByRole('dialog').getByText('Plot 14, by the shed')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Emptied, the description is gone, with its (i), also after a reload.
  await openSettings(page, 'Allotment', 'Edit');
  const again = page.getByRole('dialog', { name: 'Edit Allotment' });
  await expect(again.getByLabel('Description')).toHaveValue('Plot 14, by the shed');
  await again.getByLabel('Description').fill('');
  await again.getByRole('button', { name: 'Save' }).click();
  await expect(again).toHaveCount(0);
  await expect(info).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Allotment' })).toBeVisible();
  await expect(info).toHaveCount(0);
  const cleared = await api<{ description: string }>('GET', `/projects/${project.id}`);
  expect(cleared.description).not.toContain('Plot 14');
});

test('duplicate a project: the copy has its tasks and opens', async ({ page, request }) => {
  const { token, api } = await account(request, 'psd');
  const project = await api<{ id: number }>('PUT', '/projects', { title: 'Recipes' });
  await api('PUT', `/projects/${project.id}/tasks`, { title: 'Bake bread' });
  await signIn(page, token);
  await page.goto(`/projects/${project.id}`);
  await openSettings(page, 'Recipes', 'Duplicate');
  const dialog = page.getByRole('dialog', { name: 'Duplicate Recipes' });
  await dialog.getByRole('button', { name: 'Duplicate' }).click();
  await expect(page.getByText('The project was successfully duplicated.')).toBeVisible();
  // The copy opens, with the task.
  await expect(page).not.toHaveURL(new RegExp(`/projects/${project.id}(/|$)`));
  await expect(page.getByRole('listitem').filter({ hasText: 'Bake bread' })).toBeVisible();
  const projects = await api<{ id: number; title: string }[]>('GET', '/projects');
  const copies = projects.filter((p) => p.title.startsWith('Recipes'));
  expect(copies).toHaveLength(2);
});

test('delete a project: it leaves the navigation, and comes back with its tasks from Undo or the trash', async ({
  page,
  request,
}) => {
  const { token, api } = await account(request, 'psx');
  const project = await api<{ id: number }>('PUT', '/projects', { title: 'Old plans' });
  const child = await api<{ id: number }>('PUT', '/projects', {
    title: 'Older plans',
    parent_project_id: project.id,
  });
  await api('PUT', `/projects/${child.id}/tasks`, { title: 'Sketch the shed' });
  const status = async (id: number) =>
    (await request.get(`/api/v1/projects/${id}`, { headers: { Authorization: `Bearer ${token}` } })).status();
  await signIn(page, token);

  const deleteIt = async () => {
    await page.goto(`/projects/${project.id}`);
    await openSettings(page, 'Old plans', 'Delete');
    const dialog = page.getByRole('dialog', { name: 'Delete Old plans' });
    await expect(
      dialog.getByText(
        'The project and all its tasks go to the trash, where you can restore them for a while.',
      ),
    ).toBeVisible();
    await expect(dialog.getByText('Its sub-projects (1) and their tasks are deleted too.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete project' }).click();
    await expect(page.getByText('The project was successfully deleted.')).toBeVisible();
    // The live socket hears the deletion too; it is the user's own, so it is not reported as news.
    await expect(page.getByText('This project was deleted.')).toHaveCount(0);
    await expect(sidebar(page).getByRole('link', { name: 'Old plans' })).toHaveCount(0);
    await expect(page).not.toHaveURL(new RegExp(`/projects/${project.id}(/|$)`));
    expect(await status(project.id)).toBe(404);
    expect(await status(child.id)).toBe(404);
  };

  // Undo in the notice brings the project back into the navigation, sub-project and task included.
  await deleteIt();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('“Old plans” was restored.')).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: 'Old plans' })).toBeVisible();
  expect(await status(child.id)).toBe(200);
  const all = await api<{ title: string }[]>('GET', '/tasks?per_page=50');
  expect(all.map((task) => task.title)).toContain('Sketch the shed');

  // Later: the trash lists it as a project; Restore brings it back.
  await deleteIt();
  await page.goto('/trash');
  const entry = page
    .getByRole('list', { name: 'Trash' })
    .getByRole('listitem')
    .filter({ hasText: 'Old plans' });
  await expect(entry.getByText('Project, with its tasks and sub-projects')).toBeVisible();
  await entry.getByRole('button', { name: 'Restore “Old plans”' }).click();
  await expect(page.getByText('“Old plans” was restored.')).toBeVisible();
  await expect(page.getByText('The trash is empty')).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: 'Old plans' })).toBeVisible();
  await sidebar(page).getByRole('link', { name: 'Old plans' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${project.id}`));
  expect(await status(child.id)).toBe(200);
});

test('the favourite star marks a project, which is kept after a reload and can be unmarked', async ({
  page,
  request,
}) => {
  const { token, api } = await account(request, 'psf');
  const project = await api<{ id: number }>('PUT', '/projects', { title: 'Holidays' });
  await signIn(page, token);
  await page.goto('/projects');
  await page.getByRole('main').getByRole('button', { name: 'Add Holidays to favorites' }).click();
  await expect(
    page.getByRole('main').getByRole('button', { name: 'Remove Holidays from favorites' }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect
    .poll(async () => (await api<{ is_favorite: boolean }>('GET', `/projects/${project.id}`)).is_favorite)
    .toBe(true);
  await page.reload();
  const remove = page.getByRole('main').getByRole('button', { name: 'Remove Holidays from favorites' });
  await expect(remove).toBeVisible();
  await remove.click();
  await expect(
    page.getByRole('main').getByRole('button', { name: 'Add Holidays to favorites' }),
  ).toBeVisible();
  await expect
    .poll(async () => (await api<{ is_favorite: boolean }>('GET', `/projects/${project.id}`)).is_favorite)
    .toBe(false);
});
