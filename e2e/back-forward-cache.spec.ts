import type { Page } from '@playwright/test';
import { account, signIn } from './support/accounts';
import { chromiumLaunchOptions } from './support/chromium';
import { expect, test } from './support/csp-guard';

// Going back to Ordo from another page should show it at once, as the browser kept it
// (the back/forward cache), not start the app again. Playwright turns that cache off by default.
test.use({
  launchOptions: { ...chromiumLaunchOptions, ignoreDefaultArgs: ['--disable-back-forward-cache'] },
});

test('a project page comes back from the back/forward cache', async ({ page, request }) => {
  const me = await account(request, 'bfc');
  const project = await me.api<{ id: number }>('PUT', '/projects', { title: 'Garden' });
  await me.api('PUT', `/projects/${project.id}/tasks`, { title: 'Prune the roses' });
  await signIn(page, me.token);
  await page.goto(`/projects/${project.id}`);
  await expect(page.getByText('Prune the roses')).toBeVisible();
  // What might keep it out of that cache: the lock each page holds for its writes on their way
  // (app/offline/writes-in-flight.ts), held by now.
  await expect
    .poll(async () =>
      page.evaluate(async () =>
        (await navigator.locks.query()).held?.some((l) => l.name?.startsWith('ordo-page:')),
      ),
    )
    .toBe(true);
  // Chromium reports the reasons a page was not restored; those the page caused (a lock, a socket,
  // an unload handler, a request under way) by name, its own (a timeout while the page froze on a
  // busy host, its cache's limits) only as "masked". A page that was not restored for its own
  // reasons fails at once; for the browser's own it gets one more trip away and back.
  let reasons: string[] = [];
  for (let trip = 1; trip <= 2; trip++) {
    reasons = await awayAndBack(page, 'Prune the roses');
    if (reasons.length === 0 || reasons.some((reason) => reason !== 'masked')) break;
  }
  expect(reasons).toEqual([]);
  // Kept pages still follow changes made elsewhere once they are back.
  await me.api('PUT', `/projects/${project.id}/tasks`, { title: 'Water the tomatoes' });
  await expect(page.getByText('Water the tomatoes')).toBeVisible();
});

/**
 * Leaves the page for another and goes back until it shows `shown` again; answers the reasons it
 * was not restored from the back/forward cache, none when it was.
 */
async function awayAndBack(page: Page, shown: string): Promise<string[]> {
  await page.evaluate(() => {
    window.addEventListener('pageshow', (event) => {
      (window as unknown as { restored: boolean }).restored = event.persisted;
    });
  });
  await page.goto('/api/v1/info');
  await page.goBack({ waitUntil: 'commit' });
  await expect(page.getByText(shown)).toBeVisible();
  return page.evaluate(() => {
    if ((window as unknown as { restored?: boolean }).restored) return [];
    type Reasons = { reasons?: { reason: string }[] | null; children?: Reasons[] } | null;
    const entry = performance.getEntriesByType('navigation')[0] as unknown as { notRestoredReasons: Reasons };
    const all: string[] = [];
    const collect = (node: Reasons) => {
      for (const { reason } of node?.reasons ?? []) all.push(reason);
      for (const child of node?.children ?? []) collect(child);
    };
    collect(entry.notRestoredReasons);
    return all.length > 0 ? all : ['not restored, no reason given'];
  });
}
