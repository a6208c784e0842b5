/**
 * A CSV file from a spreadsheet imported as a user does it: the title line above the table is
 * skipped, the column-mapping screen suggests what each column is, the user maps the one it could
 * not guess, names the new project, previews the first tasks, and the tasks appear in it. Then the
 * project is exported from its menu, as CSV and as iCalendar, and the downloaded files hold the
 * tasks.
 */
import { readFile } from 'node:fs/promises';
import { account, signIn } from './support/accounts';
import { expect, type Page, test } from './support/csp-guard';

/** A spreadsheet's CSV export: a title line, semicolons, German headers, one column named by the user. */
const CSV = [
  'Gartenplan 2026',
  'Titel;Fällig;Priorität;Notizen für später;Schlagwörter;Erledigt',
  'Tomaten pflanzen;01.05.2026;hoch;"Südbeet, sonnig";Garten;nein',
  'Erde kaufen;;niedrig;;Garten, Einkauf;nein',
  'Spaten schärfen;15.04.2026;;;;ja',
  '',
].join('\r\n');

async function menuItem(page: Page, project: string, item: string) {
  await page
    .getByRole('main')
    .getByRole('button', { name: `Settings of ${project}` })
    .click();
  await page.getByRole('menuitem', { name: item }).click();
}

test('a CSV file is mapped and imported, and the project downloads as CSV and iCalendar', async ({
  page,
  request,
}) => {
  const user = await account(request, 'csvimp');
  await signIn(page, user.token);
  await page.goto('/user/settings/migrate');
  await page.getByRole('link', { name: 'Import from CSV' }).click();
  await expect(page).toHaveURL(/\/migrate\/csv$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Import a CSV file' })).toBeVisible();

  await page.locator('input[type=file]').setInputFiles({
    name: 'Gartenplan.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(CSV),
  });
  const mapping = page.getByTestId('csv-mapping');
  await expect(mapping).toBeVisible();
  // The title line reads as the header row until the user says it lies above it.
  await expect(mapping).toContainText('Rows: 4 · Columns: 1 · Separated by semicolons');
  await mapping.getByRole('textbox', { name: 'Lines above the header row' }).fill('1');
  await expect(mapping).toContainText('Rows: 3 · Columns: 6 · Separated by semicolons');
  // The headers it knows are mapped already; the notes column is left out until chosen.
  await expect(mapping.getByRole('combobox', { name: 'Import column Titel as' })).toHaveValue('Title');
  await expect(mapping.getByRole('combobox', { name: 'Import column Fällig as' })).toHaveValue('Due date');
  const notes = mapping.getByRole('combobox', { name: 'Import column Notizen für später as' });
  await expect(notes).toHaveValue('Don’t import');
  await expect(mapping.getByText('Südbeet, sonnig')).toBeVisible();
  await expect(mapping.getByRole('combobox', { name: 'Date format' })).toHaveValue('31.03.2026');
  await notes.click();
  await page.getByRole('option', { name: 'Description' }).click();
  await expect(notes).toHaveValue('Description');
  await expect(mapping.getByRole('textbox', { name: 'Name of the new project' })).toHaveValue('Gartenplan');

  // The preview shows the first tasks as they will be imported.
  await mapping.getByRole('button', { name: 'Preview the first tasks' }).click();
  const preview = mapping.getByTestId('csv-preview');
  await expect(preview).toContainText('Rows in the file: 3.');
  const rows = preview.getByRole('row');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(1)).toContainText('Tomaten pflanzen');
  await expect(rows.nth(1)).toContainText('Südbeet, sonnig');
  await expect(rows.nth(1)).toContainText('Garten');
  await expect(rows.nth(2)).toContainText('Einkauf');
  await expect(rows.nth(3)).toContainText('Done');
  await page.screenshot({ path: test.info().outputPath('csv-mapping.png'), fullPage: true });
  // Another choice takes the preview away: it would no longer show what is imported.
  await notes.click();
  await page.getByRole('option', { name: 'Don’t import' }).click();
  await expect(preview).toHaveCount(0);
  await notes.click();
  await page.getByRole('option', { name: 'Description' }).click();

  await mapping.getByRole('button', { name: 'Import the tasks (3 rows)' }).click();
  await expect(page.getByText('Tasks imported: 3.')).toBeVisible({ timeout: 30_000 });

  const projects = await user.api<{ id: number; title: string }[]>('GET', '/projects');
  const garden = projects.find((p) => p.title === 'Gartenplan');
  expect(garden).toBeDefined();
  const tasks = await user.api<{ title: string; description: string; priority: number; done: boolean }[]>(
    'GET',
    `/projects/${garden?.id}/tasks?sort_by=id`,
  );
  expect(tasks.map((t) => [t.title, t.description, t.priority, t.done])).toEqual([
    ['Tomaten pflanzen', '<p>Südbeet, sonnig</p>', 3, false],
    ['Erde kaufen', '', 1, false],
    ['Spaten schärfen', '', 0, true],
  ]);

  // The project's menu exports it.
  await page.goto(`/projects/${garden?.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Gartenplan' })).toBeVisible();
  await expect(page.getByRole('main').getByText('Tomaten pflanzen')).toBeVisible();
  await menuItem(page, 'Gartenplan', 'Export');
  const dialog = page.getByRole('dialog', { name: 'Export “Gartenplan”' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: 'CSV (.csv)' }).click();
  await page.screenshot({ path: test.info().outputPath('project-export.png') });
  const [csvDownload] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(csvDownload.suggestedFilename()).toBe('Gartenplan.csv');
  const csv = await readFile(await csvDownload.path());
  const lines = csv
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n');
  expect(lines[0]).toBe(
    'Title,Description,Done,Done at,Due date,Start date,End date,Priority,Percent done,Labels,Bucket',
  );
  expect(lines[1]).toMatch(
    /^Tomaten pflanzen,"Südbeet, sonnig",no,,2026-0[45]-\d\dT\d\d:00:00Z,,,3,0,Garten,To-Do$/,
  );
  await expect(dialog).toHaveCount(0);

  await menuItem(page, 'Gartenplan', 'Export');
  const again = page.getByRole('dialog', { name: 'Export “Gartenplan”' });
  await expect(again.getByRole('radio', { name: 'iCalendar (.ics)' })).toBeChecked();
  const [icsDownload] = await Promise.all([
    page.waitForEvent('download'),
    again.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(icsDownload.suggestedFilename()).toBe('Gartenplan.ics');
  const ics = (await readFile(await icsDownload.path())).toString('utf8');
  expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
  expect(ics.match(/BEGIN:VTODO/g)).toHaveLength(3);
  expect(ics).toContain('SUMMARY:Spaten schärfen');
  expect(ics).toContain('X-WR-CALNAME:Gartenplan');
});

test('a file that is no CSV, and a cell that is no date, are refused and nothing is imported', async ({
  page,
  request,
}) => {
  const user = await account(request, 'csvbad');
  await signIn(page, user.token);
  await page.goto('/migrate/csv');
  // A quote never closed: the file is no CSV, and the upload zone stays for another file.
  await page.locator('input[type=file]').setInputFiles({
    name: 'unclosed.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Title,Notes\nA,"never closed\nB,b\n'),
  });
  await expect(page.getByRole('alert')).toContainText('This file cannot be read as CSV.');
  await page.locator('input[type=file]').setInputFiles({
    name: 'broken.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Title,Due date\nFine,2026-01-02\nBroken,2026-02-30\n'),
  });
  const mapping = page.getByTestId('csv-mapping');
  // The preview names the bad cell before anything is imported.
  await mapping.getByRole('button', { name: 'Preview the first tasks' }).click();
  await expect(mapping.getByTestId('csv-preview')).toContainText('Rows that cannot be imported as chosen: 1');
  await expect(mapping.getByTestId('csv-preview')).toContainText(
    'Line 3, column "Due date": "2026-02-30" is not a date of the form YYYY-MM-DD.',
  );
  await mapping.getByRole('button', { name: 'Import the tasks (2 rows)' }).click();
  // The page's own alert, below the form (the preview's stays above it).
  await expect(page.getByRole('alert').last()).toContainText(
    'Line 3, column "Due date": "2026-02-30" is not a date of the form YYYY-MM-DD.',
  );
  const projects = await user.api<{ title: string }[]>('GET', '/projects');
  expect(projects.map((p) => p.title)).not.toContain('broken');
});

test('a row putting tasks into a child project the user may only read is refused, naming it, and nothing is imported', async ({
  page,
  request,
}) => {
  const owner = await account(request, 'csvowner');
  const importer = await account(request, 'csvreader');
  const parent = await owner.api<{ id: number }>('PUT', '/projects', { title: 'Allotment' });
  const shed = await owner.api<{ id: number }>('PUT', '/projects', {
    title: 'Shed',
    parent_project_id: parent.id,
  });
  // Write on the allotment, read only on its shed: the nearer share wins.
  await owner.api('PUT', `/projects/${parent.id}/users`, { username: importer.username, permission: 1 });
  await owner.api('PUT', `/projects/${shed.id}/users`, { username: importer.username, permission: 0 });

  await signIn(page, importer.token);
  await page.goto('/migrate/csv');
  await page.locator('input[type=file]').setInputFiles({
    name: 'jobs.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Title,Where\nDig the beds,\nOil the hinges,Shed\n'),
  });
  const mapping = page.getByTestId('csv-mapping');
  const where = mapping.getByRole('combobox', { name: 'Import column Where as' });
  await where.click();
  await page.getByRole('option', { name: 'Child project' }).click();
  await mapping.getByRole('radio', { name: 'An existing project' }).check();
  await mapping.getByRole('combobox', { name: 'Project' }).click();
  await page.getByRole('option', { name: 'Allotment' }).click();
  await mapping.getByRole('button', { name: 'Import the tasks (2 rows)' }).click();

  await expect(page.getByRole('alert').last()).toContainText(
    'Line 3 puts tasks into “Shed”, which you may only read. Nothing was imported.',
  );
  await page.screenshot({ path: test.info().outputPath('csv-read-only-child.png'), fullPage: true });
  for (const project of [parent, shed])
    expect(await owner.api<unknown[]>('GET', `/projects/${project.id}/tasks`)).toEqual([]);
});
