import { account, signIn, uniqueName } from './support/accounts';
import { expect, test } from './support/csp-guard';

test('subscribe to a shared task, hear about comments in the bell, open one, mark all read', async ({
  page,
  request,
}) => {
  const alice = await account(request, 'ntfa');
  const bob = await account(request, 'ntfb');
  const project = await alice.api<{ id: number }>('PUT', '/projects', { title: uniqueName('Launch ') });
  await alice.api('PUT', `/projects/${project.id}/users`, { username: bob.username, permission: 0 });
  const task = await alice.api<{ id: number }>('PUT', `/projects/${project.id}/tasks`, {
    title: 'Write the press release',
  });
  const other = await alice.api<{ id: number }>('PUT', `/projects/${project.id}/tasks`, {
    title: 'Book the hall',
  });

  await signIn(page, bob.token);
  await page.goto(`/tasks/${task.id}`);
  await expect(page.getByLabel('Title')).toHaveValue('Write the press release');

  // Nothing yet: the popup says so and offers no "Mark all read".
  const bell = page.getByRole('button', { name: 'Notifications', exact: true });
  await bell.click();
  const popup = page.getByRole('dialog', { name: 'Notifications' });
  await expect(popup.getByText('You have no notifications.')).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Mark all read' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();

  // Bob subscribes in the task's header.
  const control = page.getByTestId('task-subscription');
  await expect(control).toHaveText('Subscribe');
  const subscribed = page.waitForResponse(
    (r) => r.url().includes(`/subscriptions/task/${task.id}`) && r.request().method() === 'POST',
  );
  await control.click();
  expect((await subscribed).status()).toBe(201);
  await expect(page.getByText('You subscribed to this task.')).toBeVisible();
  await expect(control).toHaveText('Unsubscribe');

  // Alice comments twice; the bell counts both within one poll (10 s) while the tab is visible.
  await alice.api('PUT', `/tasks/${task.id}/comments`, { comment: '<p>First draft is up</p>' });
  await alice.api('PUT', `/tasks/${task.id}/comments`, { comment: '<p>Second draft too</p>' });
  const unread = page.getByRole('button', { name: 'Notifications (2 unread)' });
  await expect(unread).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('notifications-count')).toContainText('2');

  // Bob opens the popup from another page and follows the newest notification to the task.
  await page.goto(`/tasks/${other.id}`);
  await expect(page.getByLabel('Title')).toHaveValue('Book the hall');
  await page.getByRole('button', { name: 'Notifications (2 unread)' }).click();
  const items = popup.getByTestId('notification');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText(`${alice.username} commented on “Write the press release”`);
  await expect(items.first()).toContainText(/now|second|minute/);
  const marked = page.waitForResponse(
    (r) => /\/notifications\/\d+$/.test(r.url()) && r.request().method() === 'POST',
  );
  await items.first().click();
  expect((await marked).ok()).toBe(true);
  await expect(page).toHaveURL(new RegExp(`/tasks/${task.id}$`));
  await expect(page.getByLabel('Title')).toHaveValue('Write the press release');
  await expect(page.getByRole('button', { name: 'Notifications (1 unread)' })).toBeVisible();

  // Mark all read: the count goes, and so does the button.
  await page.getByRole('button', { name: 'Notifications (1 unread)' }).click();
  await popup.getByRole('button', { name: 'Mark all read' }).click();
  await expect(page.getByText('All notifications were marked as read.')).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Mark all read' })).toHaveCount(0);
  await expect(popup.getByTestId('notification')).toHaveCount(2);
  await page.keyboard.press('Escape');
  await expect(bell).toBeVisible();
  // The server agrees after a reload.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
});

test('a subscription inherited from the project cannot be changed on the task', async ({ page, request }) => {
  const owner = await account(request, 'ntfc');
  const project = await owner.api<{ id: number; title: string }>('PUT', '/projects', {
    title: uniqueName('Garden '),
  });
  const task = await owner.api<{ id: number }>('PUT', `/projects/${project.id}/tasks`, { title: 'Water' });
  await owner.api('PUT', `/subscriptions/project/${project.id}`);

  await signIn(page, owner.token);
  await page.goto(`/tasks/${task.id}`);
  const control = page.getByTestId('task-subscription');
  await expect(control).toHaveText('Subscribed');
  await expect(control).toHaveAttribute('aria-disabled', 'true');
  await control.hover();
  await expect(page.getByRole('tooltip')).toHaveText(
    `You are subscribed through the project “${project.title}”. Unsubscribe there.`,
  );
  // Pressing it asks nothing of the server.
  let asked = false;
  page.on('request', (r) => {
    if (r.url().includes('/subscriptions/')) asked = true;
  });
  // aria-disabled (not disabled) keeps it focusable; Playwright would wait for it to be enabled.
  await control.click({ force: true });
  await page.waitForTimeout(300);
  await expect(control).toHaveText('Subscribed');
  expect(asked).toBe(false);
});
