/**
 * One's own account in the settings, as a user meets it on a server without mail: exporting all
 * one's data and downloading the zip, scheduling the account's deletion and cancelling it, and
 * changing the e-mail address.
 */
import { readFileSync } from 'node:fs';
import { unzip } from '../packages/server/test/support/unzip';
import { account, signIn } from './support/accounts';
import { expect, test } from './support/csp-guard';

const PASSWORD = 'correct-horse-1';

test('a data export is requested with the password and downloaded as a zip', async ({ page, request }) => {
  const me = await account(request, 'exp');
  const project = await me.api<{ id: number }>('PUT', '/projects', { title: 'Moving house' });
  const task = await me.api<{ id: number }>('PUT', `/projects/${project.id}/tasks`, {
    title: 'Book the van',
  });
  const upload = await request.put(`/api/v1/tasks/${task.id}/attachments`, {
    headers: { Authorization: `Bearer ${me.token}` },
    multipart: { files: { name: 'boxes.txt', mimeType: 'text/plain', buffer: Buffer.from('42 boxes') } },
  });
  expect(upload.ok(), await upload.text()).toBe(true);

  await signIn(page, me.token);
  await page.goto('/user/settings/general');
  await page.getByRole('link', { name: 'Data export' }).click();
  await expect(page).toHaveURL(/\/user\/settings\/data-export$/);
  await expect(page.getByText('You have no export yet.')).toBeVisible();

  // Without the password nothing is sent; a wrong one is refused by the server.
  await page.getByRole('button', { name: 'Request export' }).click();
  await expect(page.getByText('Please enter your current password.')).toBeVisible();
  await page.getByLabel('Current password').fill('not-my-password');
  await page.getByRole('button', { name: 'Request export' }).click();
  await expect(page.getByText('Wrong username or password.')).toBeVisible();

  await page.getByLabel('Current password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Request export' }).click();
  await expect(page.getByTestId('export-ready')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('export-ready')).toContainText('is ready');

  await page.getByLabel('Current password').fill(PASSWORD);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^ordo-export-${me.username}-\\d{4}-\\d\\d-\\d\\d\\.zip$`),
  );
  const path = test.info().outputPath('export.zip');
  await download.saveAs(path);
  const entries = await unzip(readFileSync(path));
  const projects = JSON.parse(entries.get('projects.json')?.toString() ?? '[]') as {
    title: string;
    tasks: { title: string; attachments?: { file: { id: number } }[] }[];
  }[];
  const moving = projects.find((p) => p.title === 'Moving house');
  expect(moving?.tasks.map((t) => t.title)).toEqual(['Book the van']);
  const fileId = moving?.tasks[0].attachments?.[0].file.id;
  expect(entries.get(`files/${fileId}/boxes.txt`)?.toString()).toBe('42 boxes');

  // The page the "export ready" mail links to downloads it too.
  await page.goto('/user/export/download');
  await page.getByLabel('Current password').fill(PASSWORD);
  const again = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  expect((await again).suggestedFilename()).toMatch(/\.zip$/);
});

test('the account deletion is scheduled with the password and cancelled again', async ({ page, request }) => {
  const me = await account(request, 'del');
  await signIn(page, me.token);
  await page.goto('/user/settings/general');
  await page.getByRole('link', { name: 'Delete account' }).click();
  await expect(page).toHaveURL(/\/user\/settings\/deletion$/);
  await expect(page.getByText('It is deleted three days after you confirm')).toBeVisible();

  await page.getByLabel('Current password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  // No mail on this server: the request schedules the deletion itself.
  await expect(page.getByTestId('deletion-scheduled')).toContainText('Your account will be deleted on');
  const scheduled = await me.api<{ deletion_scheduled_at: string }>('GET', '/user');
  const inDays = (Date.parse(scheduled.deletion_scheduled_at) - Date.now()) / 86_400_000;
  expect(inDays).toBeGreaterThan(2.99);
  expect(inDays).toBeLessThanOrEqual(3);

  await page.getByLabel('Current password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Cancel the deletion' }).click();
  await expect(page.getByText('The deletion of your account is cancelled.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete my account' })).toBeVisible();
  await expect(page.getByTestId('deletion-scheduled')).toHaveCount(0);
  expect((await me.api<{ deletion_scheduled_at: string }>('GET', '/user')).deletion_scheduled_at).toBe(
    '0001-01-01T00:00:00Z',
  );
});

test('the e-mail address changes at once on a server without mail', async ({ page, request }) => {
  const me = await account(request, 'mail');
  await signIn(page, me.token);
  // Without mail the reminder e-mail settings are still there, with a note that mail is off.
  await page.goto('/user/settings/general');
  await expect(page.getByRole('combobox', { name: 'Week starts on' })).toBeVisible();
  await expect(page.getByRole('note')).toHaveText(/This server has no mail configured/);
  await expect(page.getByLabel('Send a daily summary of overdue tasks')).toBeChecked();
  await page.getByLabel('Time of the overdue summary').fill('07:30');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The settings were successfully updated.')).toBeVisible();
  const saved = await me.api<{
    overdue_tasks_reminders_enabled: boolean;
    overdue_tasks_reminders_time: string;
  }>('GET', '/user/settings/general');
  expect([saved.overdue_tasks_reminders_enabled, saved.overdue_tasks_reminders_time]).toEqual([
    true,
    '07:30',
  ]);
  await page.goto('/user/settings/email-update');
  await expect(page.getByTestId('current-email')).toHaveText(`${me.username}@example.com`);
  await page.getByLabel('New e-mail address').fill(`${me.username}@new.example.com`);
  await page.getByLabel('Current password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Change e-mail address' }).click();
  await expect(page.getByText(`Your e-mail address is now ${me.username}@new.example.com.`)).toBeVisible();
  await expect(page.getByTestId('current-email')).toHaveText(`${me.username}@new.example.com`);
  // The emptied form is ready for another change, not marked as wrongly filled.
  await expect(page.getByLabel('New e-mail address')).toHaveValue('');
  await expect(page.getByLabel('Current password')).toHaveValue('');
  await expect(page.getByText('Please enter a valid e-mail address.')).toHaveCount(0);
  await expect(page.getByText('Please enter your current password.')).toHaveCount(0);
});

test('a long display name without spaces wraps inside the page, on a desktop and on a phone', async ({
  page,
  request,
}) => {
  const me = await account(request, 'longname');
  const settings = await me.api<Record<string, unknown>>('GET', '/user/settings/general');
  const name = `Carol-Ünïcødé-${'x'.repeat(80)}`;
  await me.api('POST', '/user/settings/general', { ...settings, name });
  await signIn(page, me.token);
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto('/');
    await expect(page.getByTestId('greeting')).toContainText(name);
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(widths[0], `page width at ${viewport.width} px`).toBeLessThanOrEqual(widths[1]);
  }
});

test('a time zone is found by typing: the first match is highlighted and named, and Enter picks it', async ({
  page,
  request,
}) => {
  const me = await account(request, 'zone');
  await signIn(page, me.token);
  await page.goto('/user/settings/general');
  const zone = page.getByRole('combobox', { name: 'Time zone' });
  await zone.click();
  await zone.fill('berl');
  const highlighted = page.getByRole('option', { selected: true });
  await expect(highlighted).toHaveText('Europe/Berlin');
  // A screen reader is told which option that is, and again after ↓ and ↑.
  await expect(zone).toHaveAttribute(
    'aria-activedescendant',
    (await highlighted.getAttribute('id')) ?? 'no id',
  );
  await zone.fill('new');
  await expect(highlighted).toHaveText('America/New_York');
  const first = (await highlighted.getAttribute('id')) ?? 'no id';
  await expect(zone).toHaveAttribute('aria-activedescendant', first);
  await zone.press('ArrowDown');
  await expect(highlighted).not.toHaveText('America/New_York');
  await expect(zone).toHaveAttribute(
    'aria-activedescendant',
    (await highlighted.getAttribute('id')) ?? 'no id',
  );
  await zone.press('ArrowUp');
  await expect(zone).toHaveAttribute('aria-activedescendant', first);

  await zone.press('Enter');
  await expect(zone).toHaveValue('America/New_York');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(zone).not.toHaveAttribute('aria-activedescendant');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect
    .poll(async () => (await me.api<{ timezone: string }>('GET', '/user/settings/general')).timezone)
    .toBe('America/New_York');

  // Emptied from the keyboard and left, the choice is cleared (not put back).
  await zone.fill('');
  await zone.press('Tab');
  await expect(zone).toHaveValue('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect
    .poll(async () => (await me.api<{ timezone: string }>('GET', '/user/settings/general')).timezone)
    .toBe('');
});
