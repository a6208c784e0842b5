import { uniqueName } from './support/accounts';
import { expect, type Page, test } from './support/csp-guard';
import { shownDateTime } from './support/dates';

async function registerAndOpenInbox(page: Page) {
  const username = uniqueName('quick');
  await page.goto('/register');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('E-mail').fill(`${username}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('correct-horse-1');
  await page.getByLabel('Password', { exact: true }).blur();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('navigation').getByRole('link', { name: 'Inbox' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
}

test('quick-add reads label, project, priority, due date and repeat into the created task', async ({
  page,
}) => {
  await registerAndOpenInbox(page);
  const input = page.getByRole('textbox', { name: 'New task' });
  await input.fill('Buy milk *errand +Inbox !3 tomorrow at 5pm every week');

  // The preview shows what was recognised before Enter.
  const preview = page.getByRole('group', { name: 'Recognised in the title' });
  await expect(preview.getByText('errand')).toBeVisible();
  await expect(preview.getByText('Inbox')).toBeVisible();
  await expect(preview.getByText('High')).toBeVisible();
  await expect(preview.getByText('Every week')).toBeVisible();

  await input.press('Enter');
  await expect(page.getByText('The task was created.')).toBeVisible();
  await expect(input).toHaveValue('');
  await page.getByRole('link', { name: 'Buy milk', exact: true }).click();

  const detail = page.getByRole('dialog');
  await expect(detail.getByRole('textbox', { name: 'Title' })).toHaveValue('Buy milk');
  await expect(detail.getByRole('link', { name: 'Inbox' })).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Remove the label errand' })).toBeVisible();
  await expect(detail.getByRole('combobox', { name: 'Priority' })).toHaveValue('High');
  const now = new Date();
  const due = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 17, 0);
  await expect(detail.getByRole('button', { name: `Due date: ${shownDateTime(due)}` })).toBeVisible();
  await expect(detail.getByRole('textbox', { name: 'Repeat every' })).toHaveValue('1');
  await expect(detail.getByRole('combobox', { name: 'Repeat unit' })).toHaveValue('weeks');
});

test('pasted lines become one task each, indented lines subtasks; text of nothing but a label is kept', async ({
  page,
}) => {
  await registerAndOpenInbox(page);
  const input = page.getByRole('textbox', { name: 'New task' });
  await input.fill('Plan trip !4\n  Book train\n  Pack bags *travel\nWater plants');
  const preview = page.getByRole('group', { name: 'Recognised in the title' });
  await expect(preview.getByText('Creates 4 tasks:')).toBeVisible();
  await expect(preview.getByLabel('Subtask')).toHaveCount(2);

  await input.press('Enter');
  await expect(page.getByText('4 tasks were created.')).toBeVisible();
  for (const title of ['Plan trip', 'Book train', 'Pack bags', 'Water plants']) {
    await expect(page.getByRole('link', { name: title, exact: true }).first()).toBeVisible();
  }

  await page.getByRole('link', { name: 'Book train', exact: true }).first().click();
  const detail = page.getByRole('dialog');
  await expect(detail.getByRole('textbox', { name: 'Title' })).toHaveValue('Book train');
  await expect(detail.getByText('Parent tasks')).toBeVisible();
  await expect(detail.getByRole('link', { name: /Plan trip/ })).toBeVisible();
  await detail.getByRole('button', { name: 'Close' }).click();

  // Only a label: the raw text becomes the title and no label is applied.
  await input.fill('*someday');
  await input.press('Enter');
  await expect(page.getByRole('link', { name: '*someday', exact: true })).toBeVisible();
});

test('an unknown assignee stays in the title, Shift+Enter starts a new line, empty input asks for a title', async ({
  page,
}) => {
  await registerAndOpenInbox(page);
  const input = page.getByRole('textbox', { name: 'New task' });
  await input.press('Enter');
  await expect(page.getByText('Please enter a title.')).toBeVisible();

  await input.fill('Call @nobodyhere');
  await expect(
    page.getByRole('group', { name: 'Recognised in the title' }).getByText('nobodyhere'),
  ).toBeVisible();
  await input.press('Enter');
  await expect(page.getByRole('link', { name: 'Call @nobodyhere', exact: true })).toBeVisible();

  await input.type('First');
  await input.press('Shift+Enter');
  await input.type('Second');
  await expect(input).toHaveValue('First\nSecond');
  await expect(page.getByText('Creates 2 tasks:')).toBeVisible();
});

test('the input takes the focus back after a task is made, unless the user has moved on meanwhile', async ({
  page,
}) => {
  await registerAndOpenInbox(page);
  const input = page.getByRole('textbox', { name: 'New task' });
  const created = page.getByText('The task was created.');

  // Staying in the input: it is ready for the next task.
  await input.fill('Water the plants');
  await input.press('Enter');
  await expect(created).toBeVisible();
  await expect(input).toHaveValue('');
  await expect(input).toBeFocused();
  await expect(created).toHaveCount(0);

  // The task is slow to be made; the user goes on to the sidebar before it is there.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/api\/v1\/projects\/\d+\/tasks$/, async (route) => {
    if (route.request().method() === 'PUT') await held;
    await route.continue();
  });
  await input.fill('Call the plumber');
  await input.press('Enter');
  const upcoming = page.getByRole('navigation').getByRole('link', { name: 'Upcoming' });
  await upcoming.focus();
  release();
  // The notice shows once the task is made, the focus has been settled by then.
  await expect(created).toBeVisible();
  await expect(page.getByRole('link', { name: 'Call the plumber', exact: true })).toBeVisible();
  await expect(upcoming).toBeFocused();
});

test('the input is free for the next task as soon as one is made, while the list is read again', async ({
  page,
}) => {
  await registerAndOpenInbox(page);
  const input = page.getByRole('textbox', { name: 'New task' });
  const tasks = page.getByRole('list', { name: 'Tasks' });

  // The list's next read is slow (a slow connection): it is held until the next task is typed.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let listReads = 0;
  await page.route(/\/api\/v1\/projects\/\d+\/views\/\d+\/tasks\?/, async (route) => {
    listReads += 1;
    await held;
    await route.continue();
  });
  await input.fill('Water the plants');
  await input.press('Enter');
  await expect(page.getByText('The task was created.')).toBeVisible();
  await expect(input).toHaveValue('');
  await expect(input).toBeEditable();
  await expect.poll(() => listReads).toBeGreaterThan(0);
  await input.pressSequentially('Call the plumber');
  await expect(input).toHaveValue('Call the plumber');
  await expect(tasks.getByRole('link', { name: 'Water the plants', exact: true })).toHaveCount(0);

  release();
  await expect(tasks.getByRole('link', { name: 'Water the plants', exact: true })).toBeVisible();
  await input.press('Enter');
  await expect(tasks.getByRole('link', { name: 'Call the plumber', exact: true })).toBeVisible();
  await expect(input).toHaveValue('');
});
