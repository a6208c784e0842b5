/**
 * Unread comments: when someone else comments on a task of a shared project, the list row and the
 * kanban card show a marker (arriving live), and opening the task takes it away without a reload.
 */
import { mkdirSync } from 'node:fs';
import { account, signIn, uniqueName } from './support/accounts';
import { expect, type Page, test } from './support/csp-guard';
import { bucket, card } from './support/kanban';
import { liveSocketSaying } from './support/live-socket';

const UNREAD = 'Unread comments';

function row(page: Page, title: string) {
  return page.getByRole('list', { name: 'Tasks' }).getByRole('listitem').filter({ hasText: title });
}

test('a comment by someone else marks the task in the list and on the board until it is opened', async ({
  page,
  request,
}) => {
  const alice = await account(request, 'una');
  const bob = await account(request, 'unb');
  const project = await alice.api<{ id: number; views: { id: number; view_kind: string }[] }>(
    'PUT',
    '/projects',
    { title: uniqueName('Harbour ') },
  );
  await alice.api('PUT', `/projects/${project.id}/users`, { username: bob.username, permission: 1 });
  const sails = await alice.api<{ id: number }>('PUT', `/projects/${project.id}/tasks`, {
    title: 'Buy sails',
  });
  const hull = await alice.api<{ id: number }>('PUT', `/projects/${project.id}/tasks`, {
    title: 'Paint hull',
  });
  const list = project.views.find((v) => v.view_kind === 'list')!;
  const kanban = project.views.find((v) => v.view_kind === 'kanban')!;

  await signIn(page, alice.token);
  await liveSocketSaying(
    page,
    () => page.goto(`/projects/${project.id}/${list.id}`),
    (payload) => payload.includes(`"subscribe.success","event":"project.changes","project_id":${project.id}`),
  );
  await expect(row(page, 'Buy sails')).toBeVisible();
  await expect(page.getByRole('img', { name: UNREAD })).toHaveCount(0);
  await page.evaluate(() => {
    (window as unknown as { stillHere: boolean }).stillHere = true;
  });

  // Bob comments: Alice's list shows the marker on that task only, without a reload.
  await bob.api('PUT', `/tasks/${sails.id}/comments`, { comment: '<p>Which colour?</p>' });
  await expect(row(page, 'Buy sails').getByRole('img', { name: UNREAD })).toBeVisible();
  await expect(row(page, 'Paint hull').getByRole('img', { name: UNREAD })).toHaveCount(0);
  await shots(page, 'unread-list');

  // Opening the task reads it; back in the list the marker is gone.
  const read = page.waitForResponse((r) => r.url().endsWith(`/tasks/${sails.id}/read`) && r.ok());
  await row(page, 'Buy sails').getByRole('link', { name: 'Buy sails' }).click();
  const modal = page.getByRole('dialog');
  await expect(modal.getByText('Which colour?')).toBeVisible();
  await read;
  // A comment that arrives while the task is open is read there too.
  const readAgain = page.waitForResponse((r) => r.url().endsWith(`/tasks/${sails.id}/read`) && r.ok());
  await bob.api('PUT', `/tasks/${sails.id}/comments`, { comment: '<p>Navy, maybe?</p>' });
  await expect(modal.getByText('Navy, maybe?')).toBeVisible();
  await readAgain;
  await modal.getByRole('button', { name: 'Close' }).first().click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(row(page, 'Buy sails')).toBeVisible();
  await expect(row(page, 'Buy sails').getByRole('img', { name: UNREAD })).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  // The server forgot it too: a fresh load shows no marker.
  await page.reload();
  await expect(row(page, 'Buy sails')).toBeVisible();
  await expect(page.getByRole('img', { name: UNREAD })).toHaveCount(0);

  // On the board the card carries the marker, and names it to screen readers.
  await bob.api('PUT', `/tasks/${hull.id}/comments`, { comment: '<p>Blue, please.</p>' });
  await page.goto(`/projects/${project.id}/${kanban.id}`);
  const hullCard = card(bucket(page, 'To-Do'), 'Paint hull');
  await expect(hullCard.getByRole('img', { name: UNREAD })).toBeVisible();
  await expect(hullCard).toHaveAccessibleDescription(UNREAD);
  await expect(card(bucket(page, 'To-Do'), 'Buy sails').getByRole('img', { name: UNREAD })).toHaveCount(0);
  await shots(page, 'unread-kanban');
  await hullCard.click();
  await expect(page.getByRole('dialog').getByText('Blue, please.')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();
  await expect(hullCard.getByRole('img', { name: UNREAD })).toHaveCount(0);
});

/** With ORDO_SHOTS set, screenshots in light and dark for review. */
async function shots(page: Page, name: string) {
  const dir = process.env.ORDO_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${dir}/${name}-${scheme}.png` });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}
