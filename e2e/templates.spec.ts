/**
 * Templates as a user meets them: a project saved as a template from its menu and a task from its
 * detail view, listed on the Templates page, used to create a new project (with its buckets and
 * tasks) and a new task, renamed and deleted.
 */
import { account, projectWithViews, signIn } from './support/accounts';
import { expect, type Page, test } from './support/csp-guard';
import { bucket } from './support/kanban';

async function openTemplates(page: Page) {
  await page.getByRole('navigation').getByRole('link', { name: 'Templates' }).click();
  await expect(page.getByRole('heading', { name: 'Templates', level: 1 })).toBeVisible();
}

test('a project saved as a template makes a new project with its buckets and tasks', async ({
  page,
  request,
}) => {
  const me = await account(request, 'tplp');
  const sprint = await projectWithViews(me, 'Sprint');
  const kanban = sprint.views.find((v) => v.view_kind === 'kanban');
  if (!kanban) throw new Error('no kanban view');
  const review = await me.api<{ id: number }>('PUT', `/projects/${sprint.id}/views/${kanban.id}/buckets`, {
    title: 'Review',
  });
  const demo = await me.api<{ id: number }>('PUT', `/projects/${sprint.id}/tasks`, {
    title: 'Prepare the demo',
  });
  await me.api('PUT', `/projects/${sprint.id}/tasks`, { title: 'Write the notes' });
  await me.api('POST', `/projects/${sprint.id}/views/${kanban.id}/buckets/${review.id}/tasks`, {
    task_id: demo.id,
  });
  const team = await me.api<{ id: number }>('PUT', '/projects', { title: 'Team' });
  await signIn(page, me.token);

  // An empty Templates page says how to make one.
  await page.goto('/');
  await openTemplates(page);
  await expect(page.getByText('No templates yet')).toBeVisible();
  await expect(page.getByText('Save a project as a template from its menu')).toBeVisible();

  // Save from the project's menu, under a name of one's own.
  await page.goto(`/projects/${sprint.id}`);
  await page.getByRole('main').getByRole('button', { name: 'Settings of Sprint' }).click();
  await page.getByRole('menuitem', { name: 'Save as template', exact: true }).click();
  const save = page.getByRole('dialog', { name: 'Save “Sprint” as a template' });
  await expect(save.getByText('Assignees and attachments are left out')).toBeVisible();
  await save.getByLabel('Template name').fill('Two-week sprint');
  await save.getByRole('button', { name: 'Save template' }).click();
  await expect(page.getByText('Saved as the template “Two-week sprint”.')).toBeVisible();
  await page.getByRole('button', { name: 'Show templates' }).click();
  await expect(page).toHaveURL(/\/templates$/);

  const projects = page.getByRole('list', { name: 'Project templates' });
  const row = projects.getByRole('listitem').filter({ hasText: 'Two-week sprint' });
  await expect(row).toContainText('2 tasks');
  await row.getByRole('button', { name: 'Use “Two-week sprint”' }).click();
  const use = page.getByRole('dialog', { name: 'New project from “Two-week sprint”' });
  await use.getByLabel('Project name').fill('Sprint 14');
  await use.getByRole('combobox', { name: 'Parent project' }).click();
  await page.getByRole('option', { name: 'Team' }).click();
  await use.getByRole('button', { name: 'Create project' }).click();
  await expect(page.getByText('“Sprint 14” was created from the template.')).toBeVisible();

  // The new project opens, under Team, with the tasks, and the demo in its Review bucket.
  await expect(page.getByRole('listitem').filter({ hasText: 'Prepare the demo' })).toBeVisible();
  const made = (
    await me.api<{ id: number; title: string; parent_project_id: number }[]>('GET', '/projects')
  ).find((p) => p.title === 'Sprint 14');
  expect(made?.parent_project_id).toBe(team.id);
  await expect(page).toHaveURL(new RegExp(`/projects/${made?.id}/`));
  const views = await me.api<{ id: number; view_kind: string }[]>('GET', `/projects/${made?.id}/views`);
  const board = views.find((v) => v.view_kind === 'kanban');
  await page.goto(`/projects/${made?.id}/${board?.id}`);
  await expect(bucket(page, 'Review').getByText('Prepare the demo')).toBeVisible();

  // The New project form offers the template too, in place of a blank project.
  await page.goto('/projects/new');
  const create = page.getByRole('dialog', { name: 'New project' });
  await create.getByRole('textbox', { name: 'Title' }).fill('Sprint 15');
  await expect(create.getByText('Colour')).toBeVisible();
  await create.getByRole('combobox', { name: 'Start from' }).click();
  await page.getByRole('option', { name: 'Two-week sprint' }).click();
  await expect(create.getByText('Colour')).toBeHidden();
  await create.getByRole('button', { name: 'Create project' }).click();
  await expect(page.getByText('The project was successfully created.')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Write the notes' })).toBeVisible();
  const sprint15 = (await me.api<{ id: number; title: string }[]>('GET', '/projects')).find(
    (p) => p.title === 'Sprint 15',
  );
  expect((await me.api<unknown[]>('GET', `/projects/${sprint15?.id}/tasks`)).length).toBe(2);

  // Rename, then delete: asked first, and the page is empty again.
  await page.goto('/templates');
  await row.getByRole('button', { name: 'Actions for “Two-week sprint”' }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename template' });
  await rename.getByLabel('Template name').fill('Sprint');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The template was renamed.')).toBeVisible();
  const renamed = projects.getByRole('listitem').filter({ hasText: 'Sprint' });
  await renamed.getByRole('button', { name: 'Actions for “Sprint”' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Delete template?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('The template was deleted.')).toBeVisible();
  await expect(page.getByText('No templates yet')).toBeVisible();
  expect(await me.api<unknown[]>('GET', '/templates')).toEqual([]);
});

test('a task saved as a template makes a new task in the project picked', async ({ page, request }) => {
  const me = await account(request, 'tplt');
  const home = await me.api<{ id: number }>('PUT', '/projects', { title: 'Home' });
  const office = await me.api<{ id: number }>('PUT', '/projects', { title: 'Office' });
  const label = await me.api<{ id: number }>('PUT', '/labels', { title: 'Chores' });
  const task = await me.api<{ id: number }>('PUT', `/projects/${home.id}/tasks`, {
    title: 'Water the plants',
    description: '<p>All of them</p>',
    priority: 3,
  });
  await me.api('PUT', `/tasks/${task.id}/labels`, { label_id: label.id });
  await signIn(page, me.token);

  await page.goto(`/tasks/${task.id}`);
  await page
    .getByRole('group', { name: 'Task actions' })
    .getByRole('button', { name: 'Save as template' })
    .click();
  const save = page.getByRole('dialog', { name: 'Save “Water the plants” as a template' });
  await expect(save.getByLabel('Template name')).toHaveValue('Water the plants');
  await save.getByRole('button', { name: 'Save template' }).click();
  await expect(page.getByText('Saved as the template “Water the plants”.')).toBeVisible();

  await page.goto('/templates');
  const row = page.getByRole('list', { name: 'Task templates' }).getByRole('listitem').filter({
    hasText: 'Water the plants',
  });
  await row.getByRole('button', { name: 'Use “Water the plants”' }).click();
  const use = page.getByRole('dialog', { name: 'New task from “Water the plants”' });
  const create = use.getByRole('button', { name: 'Create task' });
  await use.getByRole('combobox', { name: 'Project' }).click();
  await page.getByRole('option', { name: 'Office' }).click();
  await create.click();
  await expect(page.getByText('“Water the plants” was created from the template.')).toBeVisible();

  // The new task opens in Office, with the text, priority and label of the saved one.
  const tasks = await me.api<
    { id: number; title: string; priority: number; labels: { id: number }[] | null }[]
  >('GET', `/projects/${office.id}/tasks`);
  expect(tasks.map((t) => t.title)).toEqual(['Water the plants']);
  expect(tasks[0].priority).toBe(3);
  expect(tasks[0].labels?.map((l) => l.id)).toEqual([label.id]);
  await expect(page).toHaveURL(new RegExp(`/tasks/${tasks[0].id}$`));
  await expect(page.getByText('All of them')).toBeVisible();
  await expect(page.getByText('Chores')).toBeVisible();
});
