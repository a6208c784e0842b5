/**
 * Every screen works offline, not only the ones opened before: once a signed-in session with the
 * service worker in control has been idle for a while, the app downloads the rest of its code
 * (app/offline/save-screens-when-idle.ts), once per build.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { type Account, account } from './support/accounts';
import { expect, test } from './support/csp-guard';
import { goOffline, openList, serviceWorkerActive } from './support/offline';

const NOT_SAVED = 'This screen has not been saved for offline use yet.';
/** Where the app remembers the build whose files are all saved. */
const SAVED_KEY = 'ordo-offline-files-saved';

interface OfflineFiles {
  files: string[];
  languages: Record<string, string[]>;
}

/**
 * Opens the project's list view twice in a new context: the first visit installs the service
 * worker, the second is in its hands, as anyone's visit after their first.
 */
async function openListTwice(browser: Browser, me: Account, projectId: number, shown: string) {
  const { context, page } = await openList(browser, me, projectId, shown, 30_000);
  await serviceWorkerActive(page);
  await page.reload();
  await expect(page.getByText(shown)).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  return { context, page };
}

/** The build's list of files, as index.html names it, and its address. */
function offlineFiles(page: Page): Promise<{ url: string; list: OfflineFiles }> {
  return page.evaluate(async () => {
    const url = document.querySelector<HTMLMetaElement>('meta[name="ordo-offline-files"]')?.content;
    if (!url) throw new Error('index.html names no list of offline files');
    return { url, list: (await (await fetch(url)).json()) as OfflineFiles };
  });
}

/** Which of `names` (files in /assets/) none of the worker's caches holds. */
function notCached(page: Page, names: string[]): Promise<string[]> {
  return page.evaluate(async (names) => {
    const missing: string[] = [];
    // The precache keeps its files under a `?__WB_REVISION__` of their own; the server answers
    // `Vary: Origin`, which module scripts send and fetch() does not.
    const options = { ignoreSearch: true, ignoreVary: true };
    for (const name of names) if (!(await caches.match(`/assets/${name}`, options))) missing.push(name);
    return missing;
  }, names);
}

/** The names of the files in the worker's cache of lazy files. */
function lazyCache(page: Page): Promise<string[]> {
  return page.evaluate(async () =>
    (await (await caches.open('ordo-assets')).keys()).map((r) =>
      new URL(r.url).pathname.slice('/assets/'.length),
    ),
  );
}

/** Waits until the app says it has saved every file of the build's list. */
async function allSaved(page: Page, url: string) {
  await expect
    .poll(() => page.evaluate((key) => localStorage.getItem(key), SAVED_KEY), {
      message: 'the app has saved every screen for offline use',
      timeout: 90_000,
    })
    .toBe(url);
}

/** The files the service worker itself downloads (not those it answers from its cache). */
function workerDownloads(context: BrowserContext): string[] {
  const seen: string[] = [];
  context.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.serviceWorker() && path.startsWith('/assets/')) seen.push(path);
  });
  return seen;
}

test('after the list alone was opened online, a task detail and its editor open offline', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const me = await account(request, 'allscreens');
  const project = await me.api<{ id: number }>('PUT', '/projects', { title: 'Barn' });
  await me.api('PUT', `/projects/${project.id}/tasks`, { title: 'Fix the gate' });
  await me.api('PUT', `/projects/${project.id}/tasks`, { title: 'Oil the hinges' });

  // Online, the list only: no task is opened, no editor, no settings.
  const { context, page } = await openListTwice(browser, me, project.id, 'Fix the gate');
  const { url, list } = await offlineFiles(page);
  await allSaved(page, url);
  expect(await notCached(page, list.files)).toEqual([]);
  // The task detail's code and the rich-text editor's are in the worker's cache of lazy files.
  const cached = await lazyCache(page);
  for (const chunk of [/^task-detail-route-[\w-]+\.js$/, /^comment-editor-[\w-]+\.js$/])
    expect(
      cached.some((name) => chunk.test(name)),
      `${chunk} cached`,
    ).toBe(true);
  // English is part of the app: no other language was downloaded.
  const otherLanguages = Object.values(list.languages).flat();
  expect(otherLanguages.length).toBeGreaterThan(0);
  expect(await notCached(page, otherLanguages)).toEqual(otherLanguages);

  await goOffline(context, page);
  await page.getByText('Fix the gate').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Title')).toHaveValue('Fix the gate');
  await dialog.getByRole('button', { name: 'Add a description' }).click();
  const description = dialog.getByRole('textbox', { name: 'Description' });
  // The editor is the app's largest file: compiling it takes seconds on a busy 2-core host.
  await expect(description).toBeVisible({ timeout: 30_000 });
  await description.click();
  await page.keyboard.type('Use the long screws');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Changes waiting: 1.')).toBeVisible();
  await expect(dialog.getByText('Use the long screws')).toBeVisible();
  await expect(page.getByText(NOT_SAVED)).toHaveCount(0);
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('offline-editor.png') });

  // A page never opened either: the settings, moved to within the app as its links do.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.evaluate(() => {
    history.pushState({}, '', '/user/settings/general');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('navigation', { name: 'Settings pages' })).toBeVisible();
  await expect(page.getByText(NOT_SAVED)).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('offline-settings.png') });

  // Back online, the description written offline reaches the server.
  await context.setOffline(false);
  await expect
    .poll(async () => {
      const tasks = await me.api<{ title: string; description: string }[]>(
        'GET',
        `/projects/${project.id}/tasks`,
      );
      return tasks.find((t) => t.title === 'Fix the gate')?.description ?? '';
    })
    .toContain('Use the long screws');
  await context.close();
});

test('the user’s own language is saved with the screens, and a later visit of the same build downloads nothing again', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const me = await account(request, 'allscreenslang');
  const settings = await me.api('GET', '/user/settings/general');
  await me.api('POST', '/user/settings/general', { ...settings, language: 'de-DE' });
  const project = await me.api<{ id: number }>('PUT', '/projects', { title: 'Scheune' });
  await me.api('PUT', `/projects/${project.id}/tasks`, { title: 'Tor reparieren' });

  const opened = await openListTwice(browser, me, project.id, 'Tor reparieren');
  const { page } = opened;
  const byWorker = workerDownloads(opened.context);
  const { url, list } = await offlineFiles(page);
  await allSaved(page, url);
  expect(byWorker.length, 'the worker downloaded the files').toBeGreaterThan(0);
  const german = list.languages['de-DE'] ?? [];
  expect(german.length).toBe(2); // the catalogue and the date pickers' locale
  expect(await notCached(page, german)).toEqual([]);
  const french = list.languages['fr-FR'] ?? [];
  expect(await notCached(page, french)).toEqual(french);

  // The same build again: not the list, not a file.
  byWorker.length = 0;
  const asked: string[] = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  await page.reload();
  await expect(page.getByText('Tor reparieren')).toBeVisible({ timeout: 30_000 });
  // Past the moment the app would start (10 s after the first screen, then an idle moment).
  await page.waitForTimeout(20_000);
  expect(asked).not.toContain(url);
  expect(asked.filter((path) => /\/assets\/(task-detail-route|comment-editor)-/.test(path))).toEqual([]);
  expect(byWorker).toEqual([]);
  await opened.context.close();
});
