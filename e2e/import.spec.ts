/**
 * Importing from another app as a user does it: from the overview's import hint to the importers
 * in the settings, a Vikunja export zip chosen in the upload screen lands as projects in the side
 * navigation with their tasks in the list view; a wrong file dropped on the zone is refused with a
 * clear message, and coming back says the same file is not imported twice. A Todoist project CSV
 * lands as a project whose sections are its kanban buckets; uploading it again is refused with the
 * date of the first import, and a broken one is refused naming its line.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import yazl from 'yazl';
import { account, signIn } from './support/accounts';
import { expect, type Page, test } from './support/csp-guard';

function zipOf(entries: Record<string, string>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, data] of Object.entries(entries)) zip.addBuffer(Buffer.from(data), name);
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** A small export as Vikunja writes it: a project with a child project, tasks (one done), a label. */
function exportZip(): Promise<Buffer> {
  const data = [
    {
      id: 1,
      title: 'Garden',
      hex_color: '4caf50',
      parent_project_id: 0,
      tasks: [
        {
          id: 11,
          title: 'Plant tomatoes',
          index: 1,
          labels: [{ id: 1, title: 'outside', hex_color: 'ff9800' }],
        },
        { id: 12, title: 'Buy soil', index: 2, priority: 2 },
        { id: 13, title: 'Sharpen the spade', index: 3, done: true, done_at: '2024-04-01T10:00:00Z' },
      ],
    },
    { id: 2, title: 'Seeds', parent_project_id: 1, tasks: [{ id: 21, title: 'Order basil', index: 1 }] },
  ];
  return zipOf({ VERSION: 'v0.24.1', 'data.json': JSON.stringify(data), 'filters.json': '[]' });
}

function sidebarProjects(page: Page) {
  return page.getByRole('navigation', { name: 'Main navigation' }).getByRole('list', { name: 'Projects' });
}

async function drop(page: Page, name: string, text: string) {
  const transfer = await page.evaluateHandle(
    ([fileName, content]) => {
      const data = new DataTransfer();
      data.items.add(new File([content], fileName, { type: 'application/zip' }));
      return data;
    },
    [name, text],
  );
  const zone = page.getByTestId('import-dropzone');
  await zone.dispatchEvent('dragover', { dataTransfer: transfer });
  await zone.dispatchEvent('drop', { dataTransfer: transfer });
}

test('a Vikunja export is imported through /migrate/vikunja-file and shows in the navigation and list', async ({
  page,
  request,
}) => {
  const user = await account(request, 'imp');
  await signIn(page, user.token);
  await page.goto('/');
  await expect(sidebarProjects(page).getByRole('link', { name: 'Garden' })).toHaveCount(0);

  // The overview's import hint leads to the importers in the settings (once the current tasks
  // have loaded, so the cards below them no longer move).
  await expect(page.getByText('Nothing to do. Have a nice day!')).toBeVisible();
  await page.getByTestId('import-hint').getByRole('link', { name: 'Import your data' }).click();
  await expect(page).toHaveURL(/\/user\/settings\/migrate$/);
  await expect(page.getByRole('link', { name: 'Import from TickTick' })).toBeVisible();
  await page.getByRole('link', { name: 'Import from Ordo / Vikunja' }).click();
  await expect(page).toHaveURL(/\/migrate\/vikunja-file$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Import from Ordo / Vikunja' })).toBeVisible();
  await expect(page.getByText('You have imported from here before')).toHaveCount(0);

  // A file that is no zip, dropped on the zone, is refused and nothing appears.
  await drop(page, 'export.zip', 'this is not a zip file');
  await expect(page.getByRole('alert')).toContainText('This file is not a zip file.');

  // The real export, chosen with the file dialog.
  await page.locator('input[type=file]').setInputFiles({
    name: 'vikunja-export.zip',
    mimeType: 'application/zip',
    buffer: await exportZip(),
  });
  await expect(page.getByText('Import finished')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);

  // The project list was refreshed: the imported project is in the side navigation at once.
  const garden = sidebarProjects(page).getByRole('link', { name: 'Garden' });
  await expect(garden).toBeVisible();
  await garden.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Garden' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByText('Plant tomatoes')).toBeVisible();
  await expect(main.getByText('Buy soil')).toBeVisible();
  await expect(main.getByText('outside')).toBeVisible();
  // The list view shows open tasks; the done one is there once done tasks are shown.
  await expect(main.getByText('Sharpen the spade')).toHaveCount(0);

  // The child project sits under Garden.
  const projects = await user.api<{ title: string; id: number; parent_project_id: number }[]>(
    'GET',
    '/projects',
  );
  const parent = projects.find((p) => p.title === 'Garden');
  expect(projects.find((p) => p.title === 'Seeds')?.parent_project_id).toBe(parent?.id);

  // Coming back says the same file is not imported twice.
  await page.goto('/migrate/vikunja-file');
  await expect(page.getByText('You have imported from here before')).toBeVisible();
  await expect(page.getByText(/The same file is not imported twice/)).toBeVisible();
});

/** A Todoist project export kept with the server's import tests, made to Todoist's CSV layout. */
function todoistFixture(name: string): Buffer {
  return readFileSync(join(import.meta.dirname, '../packages/server/test/fixtures/imports/todoist', name));
}

test('a Todoist project CSV becomes a project with its sections as kanban buckets, once', async ({
  page,
  request,
}) => {
  const user = await account(request, 'imptodo');
  await signIn(page, user.token);
  await page.goto('/user/settings/migrate');
  await expect(page.getByRole('link', { name: 'Import from Trello' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('importers.png') });
  await page.getByRole('link', { name: 'Import from Todoist' }).click();
  await expect(page).toHaveURL(/\/migrate\/todoist-csv$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Import from Todoist' })).toBeVisible();
  await expect(page.getByText(/Export as a template/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('import-todoist.png') });

  // A file with a broken row is refused, naming the line, and nothing appears.
  await page.locator('input[type=file]').setInputFiles({
    name: 'Kitchen.csv',
    mimeType: 'text/csv',
    buffer: todoistFixture('bad-priority.csv'),
  });
  const refused = page.getByRole('alert', { name: 'The import did not work' });
  await expect(refused).toContainText('line 4: PRIORITY must be a whole number from 1 to 4');

  await page.locator('input[type=file]').setInputFiles({
    name: 'Home renovation.csv',
    mimeType: 'text/csv',
    buffer: todoistFixture('Home renovation.csv'),
  });
  await expect(page.getByText('Import finished')).toBeVisible();
  await expect(page.getByTestId('import-counts')).toContainText('1 projects, 8 tasks, 3 labels, 2 comments');
  const project = sidebarProjects(page).getByRole('link', { name: 'Home renovation' });
  await expect(project).toBeVisible();
  expect((await user.api<{ title: string }[]>('GET', '/projects')).map((p) => p.title)).not.toContain(
    'Kitchen',
  );

  // The same file again: refused with the date of the first import, nothing new.
  await page.getByRole('button', { name: 'Import another file' }).click();
  await page.locator('input[type=file]').setInputFiles({
    name: 'Home renovation.csv',
    mimeType: 'text/csv',
    buffer: todoistFixture('Home renovation.csv'),
  });
  await expect(refused).toContainText(/This file was already imported on \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
  await page.screenshot({ path: test.info().outputPath('import-todoist-again.png') });
  const titles = (await user.api<{ title: string }[]>('GET', '/projects')).map((p) => p.title);
  expect(titles.filter((title) => title === 'Home renovation')).toHaveLength(1);

  // The sections are the columns of the kanban view.
  const home = (await user.api<{ id: number; title: string }[]>('GET', '/projects')).find(
    (p) => p.title === 'Home renovation',
  );
  const views = await user.api<{ id: number; view_kind: string }[]>('GET', `/projects/${home?.id}/views`);
  await page.goto(`/projects/${home?.id}/${views.find((v) => v.view_kind === 'kanban')?.id}`);
  const board = page.getByRole('region', { name: 'Kanban board' });
  for (const title of ['No section', 'Kitchen', 'Bathroom']) {
    await expect(board.getByRole('region', { name: title, exact: true })).toBeVisible();
  }
  const kitchen = board.getByRole('region', { name: 'Kitchen', exact: true });
  await expect(kitchen.getByRole('button', { name: 'Paint the walls', exact: true })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('import-todoist-kanban.png') });
});

/** An export large enough to take a while on the server: `tasks` tasks in one project. */
function largeExportZip(tasks: number): Promise<Buffer> {
  const data = [
    {
      id: 1,
      title: 'Archive',
      parent_project_id: 0,
      tasks: Array.from({ length: tasks }, (_, i) => ({
        id: i + 1,
        title: `Old task ${i + 1}`,
        index: i + 1,
      })),
    },
  ];
  return zipOf({ VERSION: 'v0.24.1', 'data.json': JSON.stringify(data), 'filters.json': '[]' });
}

test('a large import shows its progress while it runs and can be cancelled, leaving nothing', async ({
  page,
  request,
}) => {
  const user = await account(request, 'impbig');
  await signIn(page, user.token);
  await page.goto('/migrate/vikunja-file');
  await page.locator('input[type=file]').setInputFiles({
    name: 'vikunja-export.zip',
    mimeType: 'application/zip',
    buffer: await largeExportZip(20_000),
  });

  // The server answers once the file is checked; the page then follows the progress.
  const progress = page.getByTestId('import-progress');
  await expect(progress).toBeVisible();
  await expect(progress).toContainText(/of 20,000 tasks written/);
  await expect(progress.getByRole('progressbar')).toBeVisible();
  await expect(progress).toContainText(/[1-9][0-9,]* of 20,000 tasks written/, { timeout: 30_000 });
  await page.screenshot({ path: test.info().outputPath('import-progress.png') });

  await progress.getByRole('button', { name: 'Cancel the import' }).click();
  await expect(page.getByText('Import cancelled')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Nothing of it was kept.')).toBeVisible();
  const projects = await user.api<{ title: string }[]>('GET', '/projects');
  expect(projects.map((p) => p.title)).not.toContain('Archive');
  // The upload zone is back for the next try.
  await expect(page.getByTestId('import-dropzone')).toBeVisible();
});
