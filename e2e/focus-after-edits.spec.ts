/**
 * The focus after a change made from the keyboard: a removed label, assignee or reminder hands it
 * to the next one (or the field's search or "Add a reminder"), a sent comment to the emptied comment box, and a board's
 * bucket title, new bucket and new card editors, closed with Escape, to the button they replaced.
 */
import { account, signIn } from './support/accounts';
import { expect, type Page, test } from './support/csp-guard';

function saved(page: Page, path: RegExp, method: string) {
  return page.waitForResponse((r) => path.test(new URL(r.url()).pathname) && r.request().method() === method);
}

test('removing labels, people and reminders by keyboard keeps the focus in the field, and so does sending a comment', async ({
  page,
  request,
}) => {
  const me = await account(request, 'chips');
  const other = await account(request, 'chipsb');
  const project = await me.api<{ id: number }>('PUT', '/projects', { title: 'Shed' });
  await me.api('PUT', `/projects/${project.id}/users`, { username: other.username, permission: 1 });
  const task = await me.api<{ id: number }>('PUT', `/projects/${project.id}/tasks`, {
    title: 'Paint the shed',
    reminders: [{ reminder: '2030-05-01T09:00:00Z' }, { reminder: '2030-05-02T09:00:00Z' }],
  });
  for (const title of ['blue', 'outdoor']) {
    const label = await me.api<{ id: number }>('PUT', '/labels', { title, hex_color: '1e88e5' });
    await me.api('PUT', `/tasks/${task.id}/labels`, { label_id: label.id });
  }
  const them = await other.api<{ id: number }>('GET', '/user');
  await me.api('PUT', `/tasks/${task.id}/assignees`, { user_id: them.id });
  await signIn(page, me.token);
  await page.goto(`/tasks/${task.id}`);
  await expect(page.getByLabel('Title')).toHaveValue('Paint the shed');

  const blue = page.getByRole('button', { name: 'Remove the label blue' });
  const outdoor = page.getByRole('button', { name: 'Remove the label outdoor' });
  await blue.focus();
  const firstGone = saved(page, /\/tasks\/\d+\/labels\/\d+$/, 'DELETE');
  await page.keyboard.press('Enter');
  expect((await firstGone).ok()).toBe(true);
  await expect(blue).toHaveCount(0);
  await expect(outdoor).toBeFocused();
  const lastGone = saved(page, /\/tasks\/\d+\/labels\/\d+$/, 'DELETE');
  await page.keyboard.press('Enter');
  expect((await lastGone).ok()).toBe(true);
  await expect(outdoor).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Add a label' })).toBeFocused();

  const unassign = page.getByRole('button', { name: /^Unassign / });
  await unassign.focus();
  const unassigned = saved(page, /\/tasks\/\d+\/assignees\/\d+$/, 'DELETE');
  await page.keyboard.press('Enter');
  expect((await unassigned).ok()).toBe(true);
  await expect(unassign).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Assign someone' })).toBeFocused();

  // Reminders: the next one's remove button, then "Add a reminder" once none is left.
  const reminderRemovals = page.getByRole('button', { name: 'Remove reminder' });
  await expect(reminderRemovals).toHaveCount(2);
  await reminderRemovals.first().focus();
  const oneLeft = saved(page, new RegExp(`/tasks/${task.id}$`), 'POST');
  await page.keyboard.press('Enter');
  expect((await oneLeft).ok()).toBe(true);
  await expect(reminderRemovals).toHaveCount(1);
  await expect(reminderRemovals).toBeFocused();
  const noneLeft = saved(page, new RegExp(`/tasks/${task.id}$`), 'POST');
  await page.keyboard.press('Enter');
  expect((await noneLeft).ok()).toBe(true);
  await expect(reminderRemovals).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add a reminder' })).toBeFocused();

  const comment = page.getByRole('textbox', { name: 'Comment' });
  await comment.pressSequentially('Two coats');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Comment', exact: true })).toBeFocused();
  const sent = saved(page, /\/tasks\/\d+\/comments$/, 'PUT');
  await page.keyboard.press('Enter');
  expect((await sent).ok()).toBe(true);
  await expect(page.getByTestId('comment')).toContainText('Two coats');
  await expect(comment).toBeFocused();
  await expect(comment).toHaveText('');
});

test('a board’s bucket title, new bucket and new card editors give the focus back on Escape', async ({
  page,
  request,
}) => {
  const me = await account(request, 'boardkeys');
  const project = await me.api<{ id: number }>('PUT', '/projects', { title: 'Launch' });
  await me.api('PUT', `/projects/${project.id}/tasks`, { title: 'Write the brief' });
  const views = await me.api<{ id: number; view_kind: string }[]>('GET', `/projects/${project.id}/views`);
  const kanban = views.find((v) => v.view_kind === 'kanban')?.id;
  await signIn(page, me.token);
  await page.goto(`/projects/${project.id}/${kanban}`);

  const rename = page.getByRole('button', { name: 'Rename To-Do' });
  await rename.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Bucket title' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(rename).toBeFocused();

  const newBucket = page.getByRole('button', { name: 'New bucket' });
  await newBucket.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Title of the new bucket' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(newBucket).toBeFocused();

  const addCard = page.getByRole('button', { name: 'Add a task' }).first();
  await addCard.focus();
  await page.keyboard.press('Enter');
  const input = page.getByRole('textbox', { name: 'New task in To-Do' });
  await expect(input).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(input).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add a task' }).first()).toBeFocused();
});
