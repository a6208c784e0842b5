import { account, signIn, uniqueName } from './support/accounts';
import { expect, type Page, test } from './support/csp-guard';
import { liveSocketSaying } from './support/live-socket';

/** Resolves with the page's live socket once the server has accepted its sign-in (auth.success). */
function liveSocket(page: Page, open: () => Promise<unknown>) {
  return liveSocketSaying(page, open, (payload) => payload.includes('"auth.success"'));
}

test('two people sharing a project: an assignment and a comment reach the other’s bell at once, without a reload', async ({
  browser,
  request,
}) => {
  const alice = await account(request, 'liva');
  const bob = await account(request, 'livb');
  const project = await alice.api<{ id: number }>('PUT', '/projects', { title: uniqueName('Harbour ') });
  await alice.api('PUT', `/projects/${project.id}/users`, { username: bob.username, permission: 1 });
  const task = await alice.api<{ id: number }>('PUT', `/projects/${project.id}/tasks`, {
    title: 'Paint the pier',
  });

  const bobContext = await browser.newContext();
  const aliceContext = await browser.newContext();
  try {
    const bobPage = await bobContext.newPage();
    await signIn(bobPage, bob.token);
    const bobSocket = await liveSocket(bobPage, () => bobPage.goto('/'));
    await expect(bobPage.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
    // Marks this page: a reload would lose it.
    await bobPage.evaluate(() => {
      (window as unknown as { stillHere: boolean }).stillHere = true;
    });

    const alicePage = await aliceContext.newPage();
    await signIn(alicePage, alice.token);
    await alicePage.goto(`/tasks/${task.id}`);
    await expect(alicePage.getByLabel('Title')).toHaveValue('Paint the pier');

    // Alice assigns Bob, which subscribes him to the task: he hears about it at once. The bell
    // polls every 10 s at best (60 s while live), so 4 s can only be the push.
    const pushed = bobSocket.waitForEvent('framereceived', (frame) =>
      String(frame.payload).includes('"notification.created"'),
    );
    await alicePage
      .getByRole('group', { name: 'Task actions' })
      .getByRole('button', { name: /Assign/ })
      .click();
    await alicePage.getByRole('textbox', { name: 'Assign someone' }).fill(bob.username);
    await alicePage.getByRole('option', { name: bob.username }).click();
    await pushed;
    await expect(bobPage.getByRole('button', { name: 'Notifications (1 unread)' })).toBeVisible({
      timeout: 4_000,
    });

    // Alice comments: the count goes up again, and the popup shows both, newest first.
    await alicePage.getByRole('textbox', { name: 'Comment' }).pressSequentially('Blue, like the boats');
    await alicePage.getByRole('button', { name: 'Comment', exact: true }).click();
    await expect(alicePage.getByTestId('comment')).toContainText('Blue, like the boats');
    await expect(bobPage.getByRole('button', { name: 'Notifications (2 unread)' })).toBeVisible({
      timeout: 4_000,
    });
    await bobPage.getByRole('button', { name: 'Notifications (2 unread)' }).click();
    const items = bobPage.getByRole('dialog', { name: 'Notifications' }).getByTestId('notification');
    await expect(items).toHaveCount(2);
    await expect(items.first()).toContainText(`${alice.username} commented on “Paint the pier”`);
    await expect(items.nth(1)).toContainText('Paint the pier');
    expect(await bobPage.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);

    // Alice hears nothing of her own doing.
    await expect(alicePage.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  } finally {
    await bobContext.close();
    await aliceContext.close();
  }
});
