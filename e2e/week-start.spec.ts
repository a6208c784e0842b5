/**
 * The range pickers (upcoming, gantt) start their weeks on the user's week start setting, like
 * the task's date fields.
 */
import { account, projectWithViews, signIn, uniqueName } from './support/accounts';
import { expect, type Page, test } from './support/csp-guard';

async function weekStartsOn(page: Page, weekStart: number) {
  const me = await account(page.request, 'ws');
  const settings = await me.api<Record<string, unknown>>('GET', '/user/settings/general');
  await me.api('POST', '/user/settings/general', { ...settings, week_start: weekStart });
  await signIn(page, me.token);
  return me;
}

// The calendar's weekday header row (Mantine renders the month as a table).
const firstWeekday = (page: Page) => page.locator('table thead th').first();

for (const [weekStart, first] of [
  [0, 'Su'],
  [1, 'Mo'],
] as const) {
  test(`weeks start on ${first} in the upcoming and gantt range pickers`, async ({ page }) => {
    const me = await weekStartsOn(page, weekStart);
    await page.goto('/tasks/by/upcoming');
    await page.getByRole('button', { name: 'Next 7 days' }).click();
    await expect(page.getByRole('dialog', { name: 'Date range' })).toBeVisible();
    await expect(firstWeekday(page)).toHaveText(first);

    const project = await projectWithViews(me, uniqueName('Weeks '));
    const gantt = project.views.find((v) => v.view_kind === 'gantt');
    await page.goto(`/projects/${project.id}/${gantt?.id}`);
    await page.getByLabel('Date range').click();
    await expect(firstWeekday(page)).toHaveText(first);
  });
}
