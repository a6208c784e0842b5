/** Adding a task on the gantt chart: quick-add magic, and a bar from today to tomorrow. */
import { account, signIn } from './support/accounts';
import { expect, test } from './support/csp-guard';

test.use({ timezoneId: 'UTC', locale: 'en-US' });

const DAY = 86_400_000;
const wire = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

test('a task typed on the chart gets its labels from quick-add and a bar from today to tomorrow', async ({
  page,
  request,
}) => {
  const { token, api } = await account(request, 'gnt');
  const project = await api<{ id: number }>('PUT', '/projects', { title: 'Roadmap' });
  const views = await api<{ id: number; view_kind: string }[]>('GET', `/projects/${project.id}/views`);
  const gantt = views.find((v) => v.view_kind === 'gantt');
  if (!gantt) throw new Error('no gantt view');
  await signIn(page, token);
  await page.goto(`/projects/${project.id}/${gantt.id}`);
  const input = page.getByRole('textbox', { name: 'New task on the chart' });
  await input.fill('Draft the budget *finance');
  const created = page.waitForResponse(
    (r) => r.url().endsWith(`/projects/${project.id}/tasks`) && r.request().method() === 'PUT',
  );
  await input.press('Enter');
  const task = (await (await created).json()) as { id: number; title: string };
  expect(task.title).toBe('Draft the budget');

  // The bar is on the chart at once, without showing undated tasks.
  await expect(page.getByRole('button', { name: /^Draft the budget:/ })).toBeVisible();
  await expect(input).toHaveValue('');
  const today = new Date();
  const start = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  const stored = await api<{ start_date: string; end_date: string; labels: { title: string }[] | null }>(
    'GET',
    `/tasks/${task.id}`,
  );
  expect(stored.start_date).toBe(wire(start));
  expect(stored.end_date).toBe(wire(new Date(start.getTime() + DAY)));
  expect(stored.labels?.map((l) => l.title)).toEqual(['finance']);
});

test('a saved filter’s chart and a read-only share have no input for new tasks', async ({
  page,
  request,
}) => {
  const owner = await account(request, 'gno');
  const reader = await account(request, 'gnr');
  const project = await owner.api<{ id: number }>('PUT', '/projects', { title: 'Shared roadmap' });
  await owner.api('PUT', `/projects/${project.id}/users`, { username: reader.username, right: 0 });
  const views = await owner.api<{ id: number; view_kind: string }[]>('GET', `/projects/${project.id}/views`);
  const gantt = views.find((v) => v.view_kind === 'gantt');
  if (!gantt) throw new Error('no gantt view');
  await signIn(page, reader.token);
  await page.goto(`/projects/${project.id}/${gantt.id}`);
  await expect(page.getByRole('region', { name: 'Gantt chart' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'New task on the chart' })).toHaveCount(0);
});
