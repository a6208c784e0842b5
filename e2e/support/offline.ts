/** Opening a list in a browser context of its own and taking that context off the network. */
import type { Browser, BrowserContext } from '@playwright/test';
import { type Account, signIn } from './accounts';
import { expect, type Page } from './csp-guard';

/** A new browser context signed in as `me`, on the project's list view, once `shown` is listed. */
export async function openList(
  browser: Browser,
  me: Account,
  projectId: number,
  shown: string,
  timeout?: number,
) {
  const views = await me.api<{ id: number; view_kind: string }[]>('GET', `/projects/${projectId}/views`);
  const listId = views.find((v) => v.view_kind === 'list')?.id;
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, me.token);
  await page.goto(`/projects/${projectId}/${listId}`);
  await expect(page.getByText(shown)).toBeVisible({ timeout });
  return { context, page };
}

/** Takes the context off the network and waits for the app to say so. */
export async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await expect(page.getByText('You are offline')).toBeVisible();
}

/**
 * Waits until the service worker has installed (its precache complete) and is active; a failed
 * install would leave `navigator.serviceWorker.ready` waiting for ever.
 */
export async function serviceWorkerActive(page: Page) {
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state), {
      message: 'the service worker is active',
      timeout: 30_000,
    })
    .toBe('activated');
}
