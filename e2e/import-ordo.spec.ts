/**
 * Moving to another Ordo as a user does it: one account's data export, downloaded through the
 * export endpoints, is chosen on the import screen of another account (the importer that takes
 * Ordo and Vikunja exports alike, whose screen says so) and lands as the same projects, with a
 * task's comment and its kanban bucket.
 */
import { account, signIn } from './support/accounts';
import { expect, test } from './support/csp-guard';

test('an Ordo data export is imported on the Ordo / Vikunja screen into another account', async ({
  page,
  request,
}) => {
  const before = await account(request, 'movefrom');
  const project = await before.api<{ id: number; views: { id: number; view_kind: string }[] }>(
    'PUT',
    '/projects',
    { title: 'Allotment', hex_color: '4caf50' },
  );
  const task = await before.api<{ id: number }>('PUT', `/projects/${project.id}/tasks`, {
    title: 'Dig the beds',
    priority: 3,
  });
  await before.api('PUT', `/tasks/${task.id}/comments`, { comment: '<p>Spade is in the shed</p>' });
  const kanban = project.views.find((v) => v.view_kind === 'kanban')!;
  const buckets = await before.api<{ id: number; title: string }[]>(
    'GET',
    `/projects/${project.id}/views/${kanban.id}/buckets`,
  );
  const doing = buckets.find((b) => b.title === 'Doing')!;
  await before.api('POST', `/projects/${project.id}/views/${kanban.id}/buckets/${doing.id}/tasks`, {
    task_id: task.id,
  });
  await before.api('POST', '/user/export/request', { password: 'correct-horse-1' });
  await expect
    .poll(async () => (await before.api<{ id?: number }>('GET', '/user/export')).id ?? 0, { timeout: 15_000 })
    .toBeGreaterThan(0);
  const download = await request.post('/api/v1/user/export/download', {
    data: { password: 'correct-horse-1' },
    headers: { Authorization: `Bearer ${before.token}` },
  });
  expect(download.ok()).toBe(true);
  const zip = await download.body();

  const after = await account(request, 'moveto');
  await signIn(page, after.token);
  await page.goto('/user/settings/migrate');
  await expect(page.getByText('from an Ordo or Vikunja data export.')).toBeVisible();
  await page.getByRole('link', { name: 'Import from Ordo / Vikunja' }).click();
  await expect(page).toHaveURL(/\/migrate\/vikunja-file$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Import from Ordo / Vikunja' })).toBeVisible();
  await expect(page.getByText(/From an Ordo export, the projects you own are imported/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('import-ordo.png') });

  await page.locator('input[type=file]').setInputFiles({
    name: 'ordo-export.zip',
    mimeType: 'application/zip',
    buffer: zip,
  });
  await expect(page.getByText('Import finished')).toBeVisible();

  const mine = await after.api<{ id: number; title: string; hex_color: string }[]>('GET', '/projects');
  const allotment = mine.find((p) => p.title === 'Allotment')!;
  expect(allotment.hex_color).toBe('4caf50');
  const views = await after.api<{ id: number; view_kind: string }[]>(
    'GET',
    `/projects/${allotment.id}/views`,
  );
  const board = views.find((v) => v.view_kind === 'kanban')!;
  await page.goto(`/projects/${allotment.id}/${board.id}`);
  const column = page.getByTestId('kanban-bucket').filter({ hasText: 'Doing' });
  await column.getByText('Dig the beds').click();
  await expect(page.getByText('Spade is in the shed')).toBeVisible();
});
