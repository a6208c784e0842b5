/**
 * The side menu on a phone and on a desktop. On a phone it starts closed and is drawn only when
 * first opened, so pages open without the project tree. Closed, it only slides off screen: its
 * links must not take keyboard focus that nobody can see.
 */
import type { Page } from '@playwright/test';
import { account, signIn } from './support/accounts';
import { expect, test } from './support/csp-guard';

/** A new account with a project, signed in, at home in a window `width` wide. */
async function homeAt(page: Page, request: Parameters<typeof account>[0], width: number) {
  const { token, api } = await account(request, 'menu');
  await api('PUT', '/projects', { title: 'Allotment' });
  await signIn(page, token);
  await page.setViewportSize({ width, height: 800 });
  await page.goto('/');
  await expect(page.getByTestId('greeting')).toBeVisible();
  return page.getByRole('navigation', { name: 'Main navigation' });
}

/** How many of `presses` Tab presses land inside the side navigation. */
async function tabStopsInMenu(page: Page, presses: number): Promise<number> {
  let inside = 0;
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => document.activeElement?.closest('.mantine-AppShell-navbar') != null))
      inside++;
  }
  return inside;
}

test('on a phone, pages open without the side navigation, and opening the menu draws it', async ({
  page,
  request,
}) => {
  const navigation = await homeAt(page, request, 390);
  await expect(navigation).toHaveCount(0);

  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(navigation.getByRole('link', { name: 'Allotment' })).toBeVisible();
});

test('on a phone, the menu opened and closed again is out of the Tab order', async ({ page, request }) => {
  const navigation = await homeAt(page, request, 390);
  const project = navigation.getByRole('link', { name: 'Allotment' });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(project).toBeVisible();
  await page.getByRole('button', { name: 'Close menu' }).first().click();
  await expect(project).not.toBeInViewport();
  expect(await tabStopsInMenu(page, 25)).toBe(0);

  // Open again, it takes focus as before.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(project).toBeVisible();
  expect(await tabStopsInMenu(page, 25)).toBeGreaterThan(0);
});

test('on a desktop, the menu closed by its button is out of the Tab order', async ({ page, request }) => {
  const navigation = await homeAt(page, request, 1280);
  await expect(navigation.getByRole('link', { name: 'Allotment' })).toBeVisible();
  expect(await tabStopsInMenu(page, 12)).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Close menu' }).click();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  await page.getByTestId('greeting').click();
  expect(await tabStopsInMenu(page, 25)).toBe(0);
});

test('on a desktop, the header’s buttons and the about link say what they do on hover', async ({
  page,
  request,
}) => {
  await homeAt(page, request, 1280);
  const tooltip = page.getByRole('tooltip');
  await page.getByRole('button', { name: 'Close menu' }).hover();
  await expect(tooltip).toHaveText('Close menu (Ctrl+E)');
  await page.getByRole('button', { name: 'Keyboard shortcuts' }).hover();
  await expect(tooltip).toHaveText('Keyboard shortcuts');
  await page.getByRole('link', { name: /^Powered by Ordo/ }).hover();
  await expect(tooltip).toHaveText('About this Ordo installation');

  // The bell's tip goes when its list opens, and does not come back while the list is open.
  const bell = page.getByRole('button', { name: 'Notifications', exact: true });
  await bell.hover();
  await expect(tooltip).toHaveText('Notifications');
  await bell.click();
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
  await page.mouse.move(0, 400);
  await bell.hover();
  await page.waitForTimeout(600);
  await expect(tooltip).toHaveCount(0);
});

test('with many projects, the side menu scrolls within itself and its foot stays in view', async ({
  page,
  request,
}) => {
  const { token, api } = await account(request, 'menu-long');
  for (let i = 1; i <= 40; i++)
    await api('PUT', '/projects', { title: `Plot ${String(i).padStart(2, '0')}` });
  await signIn(page, token);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  await expect(page.getByTestId('greeting')).toBeVisible();
  const last = page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Plot 40' });
  await expect(last).toBeVisible();
  const poweredBy = page.getByRole('link', { name: /Powered by Ordo/ });
  // Below the fold at first: the list is longer than the window.
  expect((await last.boundingBox())?.y ?? 0).toBeGreaterThan(720);

  await page.getByRole('navigation', { name: 'Main navigation' }).hover();
  await page.mouse.wheel(0, 3_000);
  await expect.poll(async () => ((await last.boundingBox())?.y ?? 10_000) < 720).toBe(true);
  // The menu scrolled, not the page, and its foot is still on screen.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const foot = await poweredBy.boundingBox();
  expect(foot && foot.y + foot.height).toBeLessThanOrEqual(720);
});

test('a project’s “…” menu in the side navigation stays open while the pointer leaves its row', async ({
  page,
  request,
}) => {
  const navigation = await homeAt(page, request, 1280);
  const dots = navigation.getByRole('button', { name: 'Settings of Allotment' });
  await navigation.getByRole('link', { name: 'Allotment' }).hover();
  await dots.click();
  const edit = page.getByRole('menuitem', { name: 'Edit', exact: true });
  await expect(edit).toBeVisible();
  const button = await dots.boundingBox();
  if (!button) throw new Error('the “…” button is not on screen');

  // Off the row and across the page, the way a hand wanders: the menu and its button stay put.
  await page.mouse.move(700, 400, { steps: 8 });
  await page.waitForTimeout(500);
  await expect(edit).toBeVisible();
  await expect(dots).toHaveAttribute('aria-expanded', 'true');
  expect(await dots.boundingBox()).toEqual(button);
  await edit.click();
  await expect(page).toHaveURL(/\/projects\/\d+\/settings\/edit$/);
});

test('a project’s “…” menu in the side navigation opens and works from the keyboard alone', async ({
  page,
  request,
}) => {
  const navigation = await homeAt(page, request, 1280);
  // The pointer rests away from the navigation: nothing is revealed by hovering.
  await page.mouse.move(700, 400);
  const dots = navigation.getByRole('button', { name: 'Settings of Allotment' });
  await dots.focus();
  await page.keyboard.press('Enter');
  const edit = page.getByRole('menuitem', { name: 'Edit', exact: true });
  await expect(edit).toBeVisible();
  // The focus is in the menu now, outside the row; the row's button (and so the menu) stays.
  await page.keyboard.press('ArrowDown');
  await page.waitForTimeout(500);
  await expect(edit).toBeVisible();
  await expect(dots).toBeVisible();
  await edit.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/projects\/\d+\/settings\/edit$/);
});
