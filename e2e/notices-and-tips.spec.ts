/**
 * Spec 1 §9's constants as a user meets them: a notice stays 3000 ms (then leaves in 300 ms), one
 * with an action such as Undo 6000 ms, and is 300 px wide at the bottom left; a tooltip opens
 * 200 ms after the pointer reaches its element.
 * Times are taken inside the page (a MutationObserver and the pointer's own event), so the test
 * runner's latency does not count; timers never fire early, so the lower bounds hold on any host.
 */
import { account, signIn } from './support/accounts';
import { expect, type Locator, type Page, test } from './support/csp-guard';

/** Records, in page time, when elements matching `selector` are added to and removed from the page. */
async function watchElements(page: Page, selector: string) {
  await page.evaluate((wanted) => {
    const seen: { added: number[]; removed: number[] } = { added: [], removed: [] };
    (window as unknown as { seen: typeof seen }).seen = seen;
    const matching = (nodes: NodeList) =>
      Array.from(nodes).some((n) => n instanceof Element && (n.matches(wanted) || n.querySelector(wanted)));
    new MutationObserver((records) => {
      for (const record of records) {
        if (matching(record.addedNodes)) seen.added.push(performance.now());
        if (matching(record.removedNodes)) seen.removed.push(performance.now());
      }
    }).observe(document.body, { childList: true, subtree: true });
  }, selector);
}

function seen(page: Page) {
  return page.evaluate(() => (window as unknown as { seen: { added: number[]; removed: number[] } }).seen);
}

/** Waits for the notice to leave and answers how long it was on the page (watchElements first). */
async function timeShown(page: Page, notice: Locator, timeout: number): Promise<number> {
  await expect(notice).toBeHidden({ timeout });
  const { added, removed } = await seen(page);
  expect(added.length).toBeGreaterThan(0);
  expect(removed.length).toBeGreaterThan(0);
  return removed[0] - added[0];
}

test('a success notice stays 3 seconds, 300 px wide at the bottom left', async ({ page, request }) => {
  const me = await account(request, 'notice');
  const project = await me.api<{ id: number }>('PUT', '/projects', { title: 'Notices' });
  const task = await me.api<{ id: number }>('PUT', `/projects/${project.id}/tasks`, {
    title: 'Read the notice',
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, me.token);
  await page.goto(`/tasks/${task.id}`);
  await expect(page.getByLabel('Title')).toHaveValue('Read the notice');

  await watchElements(page, '.mantine-Notification-root');
  await page.getByLabel('Title').fill('Read the notice again');
  await page.getByLabel('Title').press('Control+s');
  const notice = page.locator('.mantine-Notification-root', { hasText: 'The task was saved successfully.' });
  await expect(notice).toBeVisible();
  // Away from the notice: a pointer over it holds it open.
  await page.mouse.move(900, 100);

  const box = await notice.boundingBox();
  expect(box?.width).toBeCloseTo(300, 0);
  expect(box?.x).toBeLessThan(40);
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBeGreaterThan(800 - 60);

  const shownFor = await timeShown(page, notice, 10_000);
  // 3000 ms shown and a 300 ms way out; Mantine's own default (4000 + 250) would be past 4000.
  expect(shownFor).toBeGreaterThanOrEqual(3000);
  expect(shownFor).toBeLessThan(4000);
});

test('a notice with Undo stays 6 seconds, time to reach its button', async ({ page, request }) => {
  const me = await account(request, 'noticeundo');
  const project = await me.api<{ id: number }>('PUT', '/projects', { title: 'Notices' });
  const task = await me.api<{ id: number }>('PUT', `/projects/${project.id}/tasks`, { title: 'Tick me' });
  await signIn(page, me.token);
  await page.goto(`/tasks/${task.id}`);
  await expect(page.getByLabel('Title')).toHaveValue('Tick me');

  await watchElements(page, '.mantine-Notification-root');
  await page.getByRole('heading', { name: 'Description' }).click();
  await page.keyboard.press('t');
  const notice = page.locator('.mantine-Notification-root', { hasText: 'The task was marked as done.' });
  await expect(notice.getByRole('button', { name: 'Undo' })).toBeVisible();
  await page.mouse.move(900, 100);

  const shownFor = await timeShown(page, notice, 15_000);
  expect(shownFor).toBeGreaterThanOrEqual(6000);
  expect(shownFor).toBeLessThan(7000);
});

test('tooltips open 200 ms after the pointer reaches them', async ({ page, request }) => {
  const me = await account(request, 'tip');
  const project = await me.api<{ id: number }>('PUT', '/projects', { title: 'Tips' });
  const task = await me.api<{ id: number }>('PUT', `/projects/${project.id}/tasks`, { title: 'Hover me' });
  await signIn(page, me.token);
  await page.goto(`/tasks/${task.id}`);
  await expect(page.getByLabel('Title')).toHaveValue('Hover me');

  /** Hovers `target` and answers how long after the pointer reached it its tooltip was added. */
  async function openDelay(target: ReturnType<Page['getByRole']>, tip: string): Promise<number> {
    await page.mouse.move(1, 1);
    await expect(page.getByRole('tooltip')).toBeHidden();
    await target.evaluate((element) => {
      const w = window as unknown as { reached?: number };
      w.reached = undefined;
      element.addEventListener('pointerover', () => (w.reached ??= performance.now()), { once: true });
    });
    await watchElements(page, '[role="tooltip"]');
    await target.hover();
    await expect(page.getByRole('tooltip')).toHaveText(tip);
    const reached = await page.evaluate(() => (window as unknown as { reached: number }).reached);
    const { added } = await seen(page);
    return added[0] - reached;
  }

  // A Mantine tooltip (the theme's delay) and the app's shared one for [data-tip] elements.
  const favourite = await openDelay(
    page.getByRole('button', { name: 'Add to favourites' }),
    'Add to favourites',
  );
  const shortcuts = await openDelay(
    page.getByRole('button', { name: 'Keyboard shortcuts' }),
    'Keyboard shortcuts',
  );
  for (const delay of [favourite, shortcuts]) {
    expect(delay).toBeGreaterThanOrEqual(200);
    // The shared tooltip's code loads on its first use, which may add to the first wait.
    expect(delay).toBeLessThan(1500);
  }
});
