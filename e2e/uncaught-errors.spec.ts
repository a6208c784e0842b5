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
