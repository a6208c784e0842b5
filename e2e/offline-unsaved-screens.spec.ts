import { account, signIn } from './support/accounts';
import { expect, test } from './support/csp-guard';
import { chunksCutOffline } from './support/held-chunk';

const NOT_SAVED = 'This screen has not been saved for offline use yet.';

test('offline, a task whose detail was never downloaded says so and opens once back online', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const me = await account(request, 'unsaved');
  const project = await me.api<{ id: number }>('PUT', '/projects', { title: 'Shed' });
  const views = await me.api<{ id: number; view_kind: string }[]>('GET', `/projects/${project.id}/views`);
  const list = views.find((v) => v.view_kind === 'list');
  if (!list) throw new Error('list view missing');
  await me.api('PUT', `/projects/${project.id}/tasks`, { title: 'Fix the door' });
  await me.api('PUT', `/projects/${project.id}/tasks`, { title: 'Paint the walls' });

  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, me.token);
  // Online, the list only: no task has been opened, so the detail's code was never downloaded.
  await page.goto(`/projects/${project.id}/${list.id}`);
  await expect(page.getByText('Fix the door')).toBeVisible({ timeout: 30_000 });

  await context.setOffline(true);
  await expect(page.getByText('You are offline')).toBeVisible();
  await page.getByText('Fix the door').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(NOT_SAVED)).toBeVisible();
  await expect(page.getByText('Something went wrong')).toBeHidden();
  // The rest of the app keeps working: the list is still there under the note.
  await expect(page.getByText('Paint the walls')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('not-saved-offline-light.png') });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: test.info().outputPath('not-saved-offline-dark.png') });
  await page.emulateMedia({ colorScheme: 'light' });

  // Closing it goes back to the list; clicking again still says so while offline.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText(NOT_SAVED)).toBeHidden();
  await page.getByText('Fix the door').click();
  await expect(page.getByRole('dialog').getByText(NOT_SAVED)).toBeVisible();

  // Back online, the detail opens by itself in the note's place.
  await context.setOffline(false);
  await expect(page.getByLabel('Title')).toHaveValue('Fix the door', { timeout: 30_000 });
  await expect(page.getByText(NOT_SAVED)).toBeHidden();
  await context.close();
});

test('offline, an editor whose code was never downloaded says so in its place, and the task stays open', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const me = await account(request, 'unsavededit');
  const project = await me.api<{ id: number }>('PUT', '/projects', { title: 'Garden' });
  const task = await me.api<{ id: number }>('PUT', `/projects/${project.id}/tasks`, { title: 'Plant beans' });

  const context = await browser.newContext();
  // The editors' code (the comment box asks for it as the task opens) is still on its way when the
  // connection goes: held until then and cut, whatever the host's speed.
  const editorCode = /\/assets\/comment-editor-[^/]+\.js$/;
  const { cut } = await chunksCutOffline(context, editorCode);
  const page = await context.newPage();
  await signIn(page, me.token);
  await page.goto(`/tasks/${task.id}`);
  await expect(page.getByLabel('Title')).toHaveValue('Plant beans', { timeout: 30_000 });

  await context.setOffline(true);
  cut();
  await context.unroute(editorCode);
  await expect(page.getByText('You are offline')).toBeVisible();
  await page.getByRole('button', { name: 'Add a description' }).click();
  // The comment box's code may not be here either: it says the same in its own place.
  await expect(page.getByText(NOT_SAVED).first()).toBeVisible();
  await expect(page.getByText('Something went wrong')).toBeHidden();
  await expect(page.getByLabel('Title')).toHaveValue('Plant beans');

  await context.setOffline(false);
  await expect(page.getByText(NOT_SAVED)).toHaveCount(0, { timeout: 30_000 });
  // The editor opened by itself, in the note's place.
  await expect(page.getByRole('textbox', { name: 'Description' })).toBeVisible();
  await context.close();
});

test('offline before the quick actions and the shortcuts came, the page shows no note until one is opened, then it says so as a dialog', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const me = await account(request, 'unsavedpalette');
  const project = await me.api<{ id: number }>('PUT', '/projects', { title: 'Attic' });
  await me.api('PUT', `/projects/${project.id}/tasks`, { title: 'Sort the boxes' });

  const context = await browser.newContext();
  // The palette loads once the browser is idle after the first screen, the shortcuts when opened:
  // each held when asked for until the connection is gone.
  const laterCode = /\/assets\/(quick-actions-palette|shortcuts-help-modal)-[^/]+\.js$/;
  const { asked: paletteAsked, cut } = await chunksCutOffline(context, laterCode);
  const page = await context.newPage();
  await signIn(page, me.token);
  await page.goto(`/projects/${project.id}`);
  await expect(page.getByText('Sort the boxes')).toBeVisible({ timeout: 30_000 });
  await paletteAsked;

  const paletteFailed = page.waitForEvent('requestfailed', (r) => r.url().includes('quick-actions-palette'));
  await context.setOffline(true);
  cut();
  await paletteFailed;
  await expect(page.getByText('You are offline')).toBeVisible();
  // Nobody asked for the palette: nothing on the page says a screen is missing.
  await page.waitForTimeout(1_000);
  await expect(page.getByText(NOT_SAVED)).toHaveCount(0);

  const shortcutsButton = page.getByRole('button', { name: 'Keyboard shortcuts' });
  await shortcutsButton.click();
  const shortcutsNote = page.getByRole('dialog');
  await expect(shortcutsNote.getByText(NOT_SAVED)).toBeVisible();
  const close = shortcutsNote.getByRole('button', { name: 'Close' });
  await expect(close).toBeFocused();
  // A dialog keeps the keyboard: Tab either way stays on its one control, not the page behind.
  await page.keyboard.press('Tab');
  await expect(close).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(close).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByText(NOT_SAVED)).toHaveCount(0);
  // The focus goes back to the button that opened it, as from any dialog.
  await expect(shortcutsButton).toBeFocused();

  await page.keyboard.press('Control+KeyK');
  const paletteNote = page.getByRole('dialog');
  await expect(paletteNote.getByText(NOT_SAVED)).toBeVisible();
  await paletteNote.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText(NOT_SAVED)).toHaveCount(0);
  await expect(page.getByText('Sort the boxes')).toBeVisible();

  // Back online, both load and open as usual.
  await context.unroute(laterCode);
  await context.setOffline(false);
  await page.keyboard.press('Control+KeyK');
  const palette = page.getByRole('dialog', { name: 'Quick actions' });
  await expect(palette.getByRole('combobox')).toBeFocused({ timeout: 30_000 });
  await expect(page.getByText(NOT_SAVED)).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(palette).toHaveCount(0);
  await shortcutsButton.click();
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(NOT_SAVED)).toHaveCount(0);
  await context.close();
});
