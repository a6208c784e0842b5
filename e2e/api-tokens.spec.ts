/**
 * API tokens as a user meets them: made in the settings with one permission, the secret shown once
 * and copied, then used by a script (here: fetch from the test) on exactly what it grants, and
 * refused once deleted.
 */
import { account, signIn } from './support/accounts';
import { expect, test } from './support/csp-guard';

test('a token made in the settings reads tasks through the API until it is deleted', async ({
  page,
  request,
  context,
}) => {
  const user = await account(request, 'tok');
  const [inbox] = await user.api<{ id: number }[]>('GET', '/projects');
  await user.api('PUT', `/projects/${inbox?.id}/tasks`, { title: 'Renew the car insurance' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, user.token);

  await page.goto('/user/settings/general');
  await page.getByRole('link', { name: 'API tokens' }).click();
  await expect(page).toHaveURL(/\/user\/settings\/api-tokens$/);
  await expect(page.getByText('No API tokens yet')).toBeVisible();
  await page.getByRole('button', { name: 'Create your first token' }).click();

  // Nothing is sent without a title and a permission.
  await page.getByRole('button', { name: 'Create token' }).click();
  await expect(page.getByText('Please give the token a title.')).toBeVisible();
  await expect(page.getByText('Please choose at least one permission.')).toBeVisible();

  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Task reader');
  await page.getByRole('checkbox', { name: 'Tasks: Read all', exact: true }).check();
  await expect(
    page.getByRole('checkbox', { name: 'All permissions of Tasks', exact: true }),
  ).not.toBeChecked();
  await page.getByRole('button', { name: 'Create token' }).click();

  const secret = page.getByTestId('new-api-token');
  await expect(secret).toHaveText(/^tk_[0-9a-f]{40}$/);
  const token = (await secret.textContent())?.trim() ?? '';
  await expect(page.getByText('it will not be shown again')).toBeVisible();
  await page.getByRole('button', { name: 'Copy token' }).click();
  await expect(page.getByText('The token was copied to the clipboard.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);

  const row = page.getByRole('listitem', { name: 'Task reader' });
  await expect(row).toContainText('Tasks: read all');
  await expect(row).toContainText('expires');

  // The token works for what it grants, as its owner, and for nothing else.
  const bearer = { Authorization: `Bearer ${token}` };
  const tasks = await request.get('/api/v1/tasks/all', { headers: bearer });
  expect(tasks.status()).toBe(200);
  expect((await tasks.json()).map((t: { title: string }) => t.title)).toContain('Renew the car insurance');
  const projects = await request.get('/api/v1/projects', { headers: bearer });
  expect(projects.status()).toBe(401);
  expect((await projects.json()).code).toBe(11);

  // Shown once: gone after "Done" and after a reload.
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(secret).toHaveCount(0);
  await page.reload();
  await expect(row).toBeVisible();
  await expect(page.locator('body')).not.toContainText(token);

  await page.getByRole('button', { name: 'Delete token Task reader' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete token' }).click();
  await expect(page.getByText('The token was deleted.')).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByText('No API tokens yet')).toBeVisible();
  const afterDelete = await request.get('/api/v1/tasks/all', { headers: bearer });
  expect(afterDelete.status()).toBe(401);
});
