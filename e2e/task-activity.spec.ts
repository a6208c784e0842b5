import { account, signIn } from './support/accounts';
import { expect, test } from './support/csp-guard';

test('task detail: the changes to a task show between its comments, by whom, and can be hidden', async ({
  page,
  request,
}) => {
  const me = await account(request, 'ta');
  const colleague = await account(request, 'ta');
  const project = await me.api<{ id: number }>('PUT', '/projects', { title: 'Kitchen' });
  await me.api('PUT', `/projects/${project.id}/users`, { username: colleague.username, permission: 1 });
  const task = await me.api<Record<string, unknown> & { id: number }>(
    'PUT',
    `/projects/${project.id}/tasks`,
    {
      title: 'Fix the tap',
      priority: 1,
    },
  );
  await me.api('PUT', `/tasks/${task.id}/comments`, { comment: '<p>The washer is worn.</p>' });
  // The colleague raises the priority and renames the task through the API.
  await colleague.api('POST', `/tasks/${task.id}`, { ...task, title: 'Fix the kitchen tap', priority: 4 });

  await signIn(page, me.token);
  await page.goto(`/tasks/${task.id}`);
  const entries = page.getByTestId('activity-entry');
  await expect(entries.first()).toContainText(`${me.username} created this task`);
  await expect(entries.filter({ hasText: 'changed Priority' })).toContainText(colleague.username);
  await expect(entries.filter({ hasText: 'changed Priority' })).toContainText('Low → Urgent');
  await expect(entries.filter({ hasText: 'changed Title' })).toContainText(
    'Fix the tap → Fix the kitchen tap',
  );
  // The comment sits between the creation and the colleague's changes.
  const timeline = page.locator('[data-testid="activity-entry"], [data-testid="comment"]');
  await expect(timeline.nth(1)).toHaveAttribute('data-testid', 'comment');
  await page.screenshot({ path: 'test-results/task-activity.png', fullPage: true });

  await page.getByLabel('Show changes').uncheck();
  await expect(entries).toHaveCount(0);
  await expect(page.getByTestId('comment')).toHaveCount(1);
});

test('project activity: the changes to its tasks, newest first, each linking to its task', async ({
  page,
  request,
}) => {
  const me = await account(request, 'pa');
  const project = await me.api<{ id: number }>('PUT', '/projects', { title: 'Workshop' });
  const task = await me.api<Record<string, unknown> & { id: number }>(
    'PUT',
    `/projects/${project.id}/tasks`,
    {
      title: 'Sharpen the chisels',
    },
  );
  await me.api('POST', `/tasks/${task.id}`, { ...task, done: true });

  await signIn(page, me.token);
  await page.goto(`/projects/${project.id}`);
  await page.getByRole('main').getByRole('button', { name: 'Settings of Workshop' }).click();
  await page.getByRole('menuitem', { name: 'Activity' }).click();
  const feed = page.getByTestId('project-activity');
  await expect(page.getByRole('dialog', { name: 'Activity in Workshop' })).toBeVisible();
  const entries = feed.getByTestId('activity-entry');
  await expect(entries).toHaveCount(2);
  await expect(entries.first()).toContainText(`${me.username} marked this task done`);
  await expect(entries.nth(1)).toContainText(`${me.username} created this task`);
  await page.screenshot({ path: 'test-results/project-activity.png' });
  await feed.getByRole('link', { name: '#1 Sharpen the chisels' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/tasks/${task.id}$`));
});
