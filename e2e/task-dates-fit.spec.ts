/**
 * A task's date fields show the whole date and time at common widths and in languages with long
 * formats (German, Japanese): the text wraps instead of being cut ("5:51 A…").
 */
import { account, signIn, uniqueName } from './support/accounts';
import { expect, test } from './support/csp-guard';

for (const language of ['de-DE', 'ja-JP', 'en']) {
  test(`the task's dates are shown whole in ${language}`, async ({ page, request }) => {
    const me = await account(request, 'fit');
    const settings = await me.api<Record<string, unknown>>('GET', '/user/settings/general');
    await me.api('POST', '/user/settings/general', { ...settings, language, timezone: 'Europe/Berlin' });
    const project = await me.api<{ id: number }>('PUT', '/projects', { title: uniqueName('Dates ') });
    const task = await me.api<{ id: number }>('PUT', `/projects/${project.id}/tasks`, {
      title: 'Long dates',
      due_date: '2026-12-30T04:51:00Z',
      start_date: '2026-09-28T16:58:00Z',
      end_date: '2026-11-29T22:47:00Z',
    });
    await signIn(page, me.token);
    for (const width of [1440, 1280, 1024, 800, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/tasks/${task.id}`);
      const dates = page.locator('[data-field="dueDate"], [data-field="startDate"], [data-field="endDate"]');
      await expect(dates).toHaveCount(3);
      for (const field of await dates.all()) {
        const label = field.locator('button .mantine-Button-label').first();
        await expect(label).toBeVisible();
        const cut = await label.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
        expect(cut, `${language} at ${width}px: ${await label.textContent()}`).toBe(false);
      }
    }
  });
}
