/**
 * Arabic and Hebrew read right to left: the page is mirrored (navigation on the right), the kanban
 * board's first bucket is the rightmost, and the gantt chart's time runs from right to left, its
 * keyboard nudges included.
 */
import { account, signIn } from './support/accounts';
import { expect, test } from './support/csp-guard';
import { utcDay, wire } from './support/utc-days';

test.use({ timezoneId: 'UTC' });

test.describe('a Hebrew browser', () => {
  test.use({ locale: 'he-IL' });

  test('shows the login page in Hebrew, right to left', async ({ page }) => {
    await page.goto('/login');
    // Enabled once the app has taken over the screen the server drew, so the measuring below does
    // not fall between the two.
    await expect(page.getByRole('button', { name: 'התחברות', exact: true })).toBeEnabled();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'he-IL');
    // The form's labels start at the right edge of their fields.
    const label = await page.getByText('סיסמה', { exact: true }).boundingBox();
    const field = await page.getByLabel('סיסמה', { exact: true }).boundingBox();
    if (!label || !field) throw new Error('no layout');
    expect(label.x + label.width).toBeGreaterThan(field.x + field.width - 24);
  });
});

test('an Arabic user gets a mirrored app: navigation, kanban and gantt read right to left', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const me = await account(request, 'rtl');
  const user = await me.api<{ settings: Record<string, unknown> }>('GET', '/user');
  await me.api('POST', '/user/settings/general', { ...user.settings, language: 'ar-SA' });
  const project = await me.api<{ id: number }>('PUT', '/projects', { title: 'Roadmap' });
  const early = await me.api<{ id: number }>('PUT', `/projects/${project.id}/tasks`, {
    title: 'Early',
    start_date: wire(utcDay(1, 9)),
    end_date: wire(utcDay(2, 15)),
  });
  await me.api('PUT', `/projects/${project.id}/tasks`, {
    title: 'Late',
    start_date: wire(utcDay(6, 9)),
    end_date: wire(utcDay(8, 15)),
  });
  const views = await me.api<{ id: number; view_kind: string }[]>('GET', `/projects/${project.id}/views`);
  const viewId = (kind: string) => views.find((v) => v.view_kind === kind)?.id;
  await signIn(page, me.token);

  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar-SA');
  const nav = await page.getByRole('navigation').first().boundingBox();
  if (!nav) throw new Error('no navigation');
  expect(nav.x).toBeGreaterThan(640);

  const buckets = await me.api<{ title: string; position: number }[]>(
    'GET',
    `/projects/${project.id}/views/${viewId('kanban')}/buckets`,
  );
  const [first, second] = buckets.sort((x, y) => x.position - y.position);
  await page.goto(`/projects/${project.id}/${viewId('kanban')}`);
  const firstBox = await page.locator(`section[aria-label="${first.title}"]`).boundingBox();
  const secondBox = await page.locator(`section[aria-label="${second.title}"]`).boundingBox();
  if (!firstBox || !secondBox) throw new Error('no buckets');
  // The board's first bucket is on the right, the next one to its left.
  expect(firstBox.x).toBeGreaterThan(secondBox.x);

  await page.goto(`/projects/${project.id}/${viewId('gantt')}`);
  const earlyBar = page.locator(`button[data-task-id="${early.id}"]`);
  await expect(earlyBar).toBeVisible();
  const bars = await page
    .locator('button[data-task-id]')
    .evaluateAll((els) =>
      els.map((el) => ({ id: Number(el.getAttribute('data-task-id')), x: el.getBoundingClientRect().x })),
    );
  const earlyX = bars.find((b) => b.id === early.id)?.x ?? 0;
  const lateX = bars.find((b) => b.id !== early.id)?.x ?? 0;
  expect(earlyX).toBeGreaterThan(lateX);

  // The arrow pointing left moves a bar later in time, as it points towards the future here.
  await earlyBar.focus();
  const saved = page.waitForResponse(
    (r) => /\/api\/v1\/tasks\/\d+$/.test(r.url()) && r.request().method() === 'POST',
  );
  await page.keyboard.press('ArrowLeft');
  await saved;
  const moved = await me.api<{ start_date: string; end_date: string }>('GET', `/tasks/${early.id}`);
  expect(moved.start_date).toBe(wire(utcDay(2, 9)));
  expect(moved.end_date).toBe(wire(utcDay(3, 15)));
});
