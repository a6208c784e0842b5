import { account, signIn } from './support/accounts';
import { expect, test } from './support/csp-guard';

test('an error no code caught is shown as an error notice, once, and a cancelled request is not', async ({
  page,
  request,
}) => {
  const me = await account(request, 'oops');
  await signIn(page, me.token);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // Thrown in a timer, as an event handler's mistake would be.
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('The printer caught fire');
    });
  });
  const fire = page.getByRole('alert').filter({ hasText: 'The printer caught fire' });
  await expect(fire).toBeVisible();
  await expect(fire).toContainText('Error');

  // A promise nobody waited for.
  await page.evaluate(() => {
    void Promise.reject(new Error('Lost in the post'));
    void Promise.reject(new DOMException('The user aborted a request.', 'AbortError'));
  });
  await expect(page.getByRole('alert').filter({ hasText: 'Lost in the post' })).toBeVisible();
  await page.waitForTimeout(500);
  await expect(page.getByRole('alert').filter({ hasText: 'aborted' })).toHaveCount(0);

  // The same error again at once is not stacked up.
  await page.evaluate(() => {
    void Promise.reject(new Error('Lost in the post'));
  });
  await page.waitForTimeout(500);
  await expect(page.getByRole('alert').filter({ hasText: 'Lost in the post' })).toHaveCount(1);
});

test('a page that cannot load shows the error screen until the user goes elsewhere; the tab is titled after the page', async ({
  page,
  context,
  request,
}) => {
  const me = await account(request, 'broken');
  await signIn(page, me.token);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Overview | Ordo');

  // The labels page's code fails to arrive while the browser is online (a deploy mid-session, a
  // proxy's error): the app shows what went wrong instead of a blank page.
  await context.route(/\/assets\/labels-page-[^/]+\.js$/, (route) => route.abort('failed'));
  await page.getByRole('link', { name: 'Labels' }).first().click();
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('labels-page');
  // The message, with the file's whole address, wraps inside its box rather than running out of it.
  const overflows = await page
    .getByRole('alert')
    .locator('pre')
    .evaluate((pre) => {
      const box = pre.closest('[role="alert"]')?.getBoundingClientRect();
      return !box || pre.scrollWidth > pre.clientWidth || pre.getBoundingClientRect().right > box.right;
    });
  expect(overflows).toBe(false);
  await expect(page.getByRole('button', { name: 'Reload Ordo' })).toBeVisible();

  // Back to the page before: the app draws again, without a reload.
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Overview | Ordo');

  // With the code reachable again, its button reloads the app at home and the page opens.
  await page.getByRole('link', { name: 'Labels' }).first().click();
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await context.unroute(/\/assets\/labels-page-[^/]+\.js$/);
  await page.getByRole('button', { name: 'Reload Ordo' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('link', { name: 'Labels' }).first().click();
  await expect(page.getByRole('heading', { name: 'Labels', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Labels | Ordo');
});
