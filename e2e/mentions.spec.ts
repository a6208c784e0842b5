/**
 * `@` in a comment or description lists the people who can see the project; picking one writes a
 * mention, and the mentioned person is notified. People without access are never offered.
 */
import { account, signIn, uniqueName } from './support/accounts';
import { expect, type Page, test } from './support/csp-guard';

interface Notice {
  name: string;
  notification: { comment?: { comment: string }; task?: { id: number } };
}

async function mention(page: Page, box: ReturnType<Page['getByRole']>, typed: string, pick: string) {
  await box.click();
  await page.keyboard.type(typed);
  const people = page.getByRole('listbox', { name: 'People to mention' });
  await expect(people.getByRole('option', { name: pick })).toBeVisible();
  return people;
}

test('mention a project member in a comment and in the description; they are notified', async ({
  page,
  request,
}) => {
  const alice = await account(request, 'mna');
  const bob = await account(request, 'mnb');
  // Carol may be found by her name anywhere, but cannot see the project.
  const carol = await account(request, 'mnc');
  await carol.api('POST', '/user/settings/general', {
    ...(await carol.api<{ settings: Record<string, unknown> }>('GET', '/user')).settings,
    discoverable_by_name: true,
  });
  const project = await alice.api<{ id: number }>('PUT', '/projects', { title: uniqueName('Launch ') });
  await alice.api('PUT', `/projects/${project.id}/users`, { username: bob.username, permission: 0 });
  const task = await alice.api<{ id: number }>('PUT', `/projects/${project.id}/tasks`, {
    title: 'Print flyers',
  });

  await signIn(page, alice.token);
  await page.goto(`/tasks/${task.id}`);
  await expect(page.getByLabel('Title')).toHaveValue('Print flyers');

  // The comment box: "@mn" offers Bob (and Alice herself), never Carol.
  const commentBox = page.getByRole('textbox', { name: 'Comment' });
  const people = await mention(page, commentBox, 'Please check, @mn', bob.username);
  await expect(people.getByRole('option', { name: carol.username })).toHaveCount(0);
  // Narrow down, then pick with the keyboard.
  await page.keyboard.type('b');
  await expect(people.getByRole('option')).toHaveCount(1);
  await page.keyboard.press('Enter');
  await expect(people).toBeHidden();
  await page.keyboard.type('thanks');
  await expect(commentBox.locator('span[data-type="mention"]')).toHaveText(`@${bob.username}`);
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(
    page.locator('span[data-type="mention"]').filter({ hasText: `@${bob.username}` }),
  ).toBeVisible();

  const bobsNotices = () => bob.api<Notice[]>('GET', '/notifications');
  await expect
    .poll(async () => (await bobsNotices()).filter((n) => n.name === 'task.comment').length)
    .toBe(1);
  const [commentNotice] = (await bobsNotices()).filter((n) => n.name === 'task.comment');
  expect(commentNotice.notification.comment?.comment).toContain(`@${bob.username}`);

  // The description: pick Bob with the mouse.
  await page.getByRole('button', { name: 'Add a description' }).click();
  const description = page.getByRole('textbox', { name: 'Description' });
  await mention(page, description, `Owner: @${bob.username.slice(0, 5)}`, bob.username);
  await page.getByRole('option', { name: bob.username }).click();
  await expect(description.locator('span[data-type="mention"]')).toHaveText(`@${bob.username}`);
  const saving = page.waitForResponse(
    (r) => r.url().endsWith(`/api/v1/tasks/${task.id}`) && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  expect((await saving).ok()).toBe(true);
  await expect
    .poll(async () => (await bobsNotices()).filter((n) => n.name === 'task.mentioned').length)
    .toBe(1);
  const saved = await alice.api<{ description: string }>('GET', `/tasks/${task.id}`);
  expect(saved.description).toContain(`data-id="${bob.username}"`);
  // Carol heard nothing.
  expect(await carol.api<Notice[]>('GET', '/notifications')).toEqual([]);
});
