/**
 * The header's user menu and notifications list, and the search palette, load after the first
 * screen (ui/deferred-popup.tsx, ui/idle-after-start.ts): a click that comes before their code opens
 * them once it arrives, and a button focused meanwhile keeps the focus when the loaded one takes
 * its place, so the keyboard carries on. (Keys typed for the palette before it is there:
 * palette.spec.ts.)
 */
import { account, signIn } from './support/accounts';
import { expect, test } from './support/csp-guard';
import { holdChunk } from './support/held-chunk';
import { resourceTimings } from './support/resource-timings';

test('a click on the user menu before its code is here opens it when the code arrives', async ({
  page,
  context,
  request,
}) => {
  const { token, username } = await account(request, 'popups-menu');
  await signIn(page, token);
  const release = await holdChunk(context, 'user-menu-dropdown');
  await page.goto('/');
  await expect(page.getByTestId('greeting')).toBeVisible();

  const button = page.getByRole('button', { name: `User menu of ${username}` });
  await button.click();
  // Nothing to show yet, and the button does not claim otherwise.
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(button).toHaveAttribute('aria-expanded', 'false');

  release();
  const logOut = page.getByRole('menuitem', { name: 'Log out' });
  await expect(logOut).toBeVisible();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  // Styled as a menu's item, not as the bare button under it: the app's first style sheet was
  // once added a second time after Mantine's full one, and its button reset won.
  expect(
    await logOut.evaluate((item) => Number.parseFloat(getComputedStyle(item).paddingLeft)),
  ).toBeGreaterThan(8);
  const sheets = await page.evaluate(() =>
    Array.from(document.styleSheets).flatMap((sheet) => sheet.href ?? []),
  );
  expect(sheets.filter((href, i) => sheets.indexOf(href) !== i)).toEqual([]);
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/user\/settings/);
});

test('the notifications bell keeps the focus while its list’s code arrives, and Enter opens the list', async ({
  page,
  context,
  request,
}) => {
  const { token } = await account(request, 'popups-bell');
  await signIn(page, token);
  const release = await holdChunk(context, 'notifications-popup');
  await page.goto('/');
  await expect(page.getByTestId('greeting')).toBeVisible();

  const bell = page.getByRole('button', { name: 'Notifications', exact: true });
  await bell.focus();
  await expect(bell).toBeFocused();
  const lone = await bell.elementHandle();
  release();
  // The loaded bell (now the popup's target) takes the lone one's place; the focus moves with it.
  await expect.poll(() => lone?.evaluate((element) => element.isConnected)).toBe(false);
  await expect(bell).toBeFocused();
  await page.keyboard.press('Enter');
  const list = page.getByRole('dialog', { name: 'Notifications' });
  await expect(list).toBeVisible();
  await expect(list.getByTestId('notifications-empty')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await expect(bell).toBeFocused();
});

test('home’s first screen does not share the connection with the header’s menus or the search palette', async ({
  page,
  request,
}) => {
  const { token } = await account(request, 'popups-later');
  await signIn(page, token);
  await page.goto('/');
  await expect(page.getByTestId('greeting')).toBeVisible();
  const deferred = /\/assets\/(user-menu-dropdown|notifications-popup|quick-actions-palette)-[^/]+\.js$/;
  const timings = () => resourceTimings(page);
  // Fetched without being asked for, once the browser has been idle a while.
  await expect
    .poll(async () => (await timings()).filter((entry) => deferred.test(entry.name)).length)
    .toBe(3);
  const entries = await timings();
  const shell = entries.find((entry) => /\/assets\/link-share-shell-[^/]+\.js$/.test(entry.name));
  expect(shell).toBeDefined();
  for (const entry of entries.filter((e) => deferred.test(e.name))) {
    // Not beside the shell and the page: two seconds after the shell has drawn at the earliest.
    expect(entry.startTime - (shell?.responseEnd ?? 0), entry.name).toBeGreaterThanOrEqual(1_900);
  }
});

test('the user menu works from the keyboard: Enter opens it, arrows move through it, Escape returns', async ({
  page,
  request,
}) => {
  const { token, username } = await account(request, 'popups-keys');
  await signIn(page, token);
  await page.goto('/');
  await expect(page.getByTestId('greeting')).toBeVisible();
  const button = page.getByRole('button', { name: `User menu of ${username}` });
  await button.focus();
  // Focusing it asks for the menu: Enter, pressed at once, opens it when it is there.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  // The open menu's first item takes the focus (the WAI-ARIA menu button; Mantine moves it in once
  // the dropdown is drawn), then arrows move it.
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Keyboard shortcuts' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(button).toBeFocused();
});

test('offline, a user menu never downloaded says so when clicked, and opens once back online', async ({
  page,
  context,
  request,
}) => {
  const { token, username } = await account(request, 'popups-offline');
  await signIn(page, token);
  const chunk = /\/assets\/user-menu-dropdown-[^/]+\.js$/;
  await context.route(chunk, (route) => route.abort('internetdisconnected'));
  await page.goto('/');
  await expect(page.getByTestId('greeting')).toBeVisible();

  await context.setOffline(true);
  await page.getByRole('button', { name: `User menu of ${username}` }).click();
  await expect(page.getByText('This screen has not been saved for offline use yet.')).toBeVisible();
  await expect(page.getByRole('menu')).toHaveCount(0);

  await context.unroute(chunk);
  await context.setOffline(false);
  await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
});
