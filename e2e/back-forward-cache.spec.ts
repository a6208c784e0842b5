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
  await page.evaluate(() => {
    window.addEventListener('pageshow', (event) => {
      (window as unknown as { restored: boolean }).restored = event.persisted;
    });
  });
  await page.goto('/api/v1/info');
  await page.goBack({ waitUntil: 'commit' });
  await expect(page.getByText('Prune the roses')).toBeVisible();
  const reasons = await page.evaluate(() =>
    JSON.stringify(
      (performance.getEntriesByType('navigation')[0] as unknown as { notRestoredReasons: unknown })
        .notRestoredReasons,
    ),
  );
  expect(await page.evaluate(() => (window as unknown as { restored?: boolean }).restored), reasons).toBe(
    true,
  );
  // Kept pages still follow changes made elsewhere once they are back.
  await me.api('PUT', `/projects/${project.id}/tasks`, { title: 'Water the tomatoes' });
  await expect(page.getByText('Water the tomatoes')).toBeVisible();
});
