/**
 * A closed side menu only slides off screen: its links must not take keyboard focus that nobody
 * can see, on a phone (closed at start, opened and closed again) or on a desktop (closed by the
 * menu button).
 */
import type { Page } from '@playwright/test';
import { account, signIn } from './support/accounts';
import { expect, test } from './support/csp-guard';

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

test('on a phone, the menu opened and closed again is out of the Tab order', async ({ page, request }) => {
  const { token, api } = await account(request, 'menukeys');
  await api('PUT', '/projects', { title: 'Allotment' });
  await signIn(page, token);
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/');
  await expect(page.getByTestId('greeting')).toBeVisible();

  await page.getByRole('button', { name: 'Open menu' }).click();
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(navigation.getByRole('link', { name: 'Allotment' })).toBeVisible();
  await page.getByRole('button', { name: 'Close menu' }).first().click();
  await expect(navigation.getByRole('link', { name: 'Allotment' })).not.toBeInViewport();
  expect(await tabStopsInMenu(page, 25)).toBe(0);

  // Open again, it takes focus as before.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(navigation.getByRole('link', { name: 'Allotment' })).toBeVisible();
  expect(await tabStopsInMenu(page, 25)).toBeGreaterThan(0);
});

test('on a desktop, the menu closed by its button is out of the Tab order', async ({ page, request }) => {
  const { token } = await account(request, 'menukeys');
  await signIn(page, token);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await expect(page.getByTestId('greeting')).toBeVisible();
  expect(await tabStopsInMenu(page, 12)).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Close menu' }).click();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  await page.getByTestId('greeting').click();
  expect(await tabStopsInMenu(page, 25)).toBe(0);
});
