/**
 * Default reminders for new tasks: chosen in the general settings (kept in the frontend settings),
 * attached by the web app to a task created with a due date, relative to it; a task without a due
 * date gets none.
 */
import { account, projectWithViews, signIn, uniqueName } from './support/accounts';
import { expect, test } from './support/csp-guard';

test('a default reminder chosen in the settings is given to new tasks with a due date', async ({
  page,
  request,
}) => {
  const me = await account(request, 'remind');
  const project = await projectWithViews(me, uniqueName('Bills '));
  await signIn(page, me.token);
  await page.goto('/user/settings/general');
  // The pills field's wrapper takes the click for its input.
  await page.getByRole('textbox', { name: 'Default reminders for new tasks' }).click({ force: true });
  await page.getByRole('option', { name: '1 day before the due date' }).click();
  await page.keyboard.press('Escape');
  // The choice shows as a pill in the field before it is saved (the list has closed).
  await expect(page.getByRole('option')).toHaveCount(0);
  await expect(page.locator('.mantine-Pill-label', { hasText: '1 day before the due date' })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The settings were successfully updated.')).toBeVisible();
  const settings = await me.api<{ frontend_settings: { default_reminders: unknown } }>(
    'GET',
    '/user/settings/general',
  );
  expect(settings.frontend_settings.default_reminders).toEqual([
    { relative_period: -86400, relative_to: 'due_date' },
  ]);

  const list = project.views.find((v) => v.view_kind === 'list');
  await page.goto(`/projects/${project.id}/${list?.id}`);
  const input = page.getByRole('textbox', { name: 'New task' });
  await input.fill('Pay rent tomorrow');
  await input.press('Enter');
  await expect(page.getByText('Pay rent', { exact: true })).toBeVisible();
  await input.fill('Sort receipts');
  await input.press('Enter');
  await expect(page.getByText('Sort receipts', { exact: true })).toBeVisible();

  // The list shows a new task at once; the server has it a moment later.
  type Listed = { title: string; reminders: { relative_period: number; relative_to: string }[] | null };
  const remindersByTitle = async () =>
    new Map(
      (await me.api<Listed[]>('GET', `/projects/${project.id}/views/${list?.id}/tasks`)).map((t) => [
        t.title,
        (t.reminders ?? []).map((r) => [r.relative_period, r.relative_to]),
      ]),
    );
  await expect.poll(async () => (await remindersByTitle()).size).toBe(2);
  const byTitle = await remindersByTitle();
  expect(byTitle.get('Pay rent')).toEqual([[-86400, 'due_date']]);
  expect(byTitle.get('Sort receipts')).toEqual([]);
});
