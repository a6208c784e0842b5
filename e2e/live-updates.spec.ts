import { mkdirSync } from 'node:fs';
import { account, signIn, uniqueName } from './support/accounts';
import { expect, type Page, test } from './support/csp-guard';
import { bucket, card, drag } from './support/kanban';
import { liveSocketSaying } from './support/live-socket';

/**
 * Faster than any refetch the app does on its own (focus, staleness): only a push explains it.
 * Typically well under a second; the margin is for a loaded 2-core machine running two servers
 * and four browsers.
 */
const LIVE_MS = 3_000;

/** Opens `path` and waits until the page's socket has subscribed to the project's changes. */
async function openWatching(page: Page, path: string, projectId: number) {
  const ws = await liveSocketSaying(
    page,
    () => page.goto(path),
    (payload) => payload.includes(`"subscribe.success","event":"project.changes","project_id":${projectId}`),
  );
  await page.evaluate(() => {
    (window as unknown as { stillHere: boolean }).stillHere = true;
  });
  return ws;
}

async function notReloaded(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
}

async function sharedBoard(request: Parameters<typeof account>[0]) {
  const alice = await account(request, 'lua');
  const bob = await account(request, 'lub');
  const project = await alice.api<{ id: number }>('PUT', '/projects', { title: uniqueName('Regatta ') });
  await alice.api('PUT', `/projects/${project.id}/users`, { username: bob.username, permission: 1 });
  const views = await alice.api<{ id: number; view_kind: string }[]>('GET', `/projects/${project.id}/views`);
  const kanban = views.find((v) => v.view_kind === 'kanban');
  if (!kanban) throw new Error('no kanban view');
  const task = await alice.api<{ id: number }>('PUT', `/projects/${project.id}/tasks`, {
    title: 'Rig the sails',
  });
  const label = await alice.api<{ id: number }>('PUT', '/labels', { title: 'crew' });
  await alice.api('PUT', `/tasks/${task.id}/labels`, { label_id: label.id });
  return { alice, bob, project, board: `/projects/${project.id}/${kanban.id}`, task, label };
}

test('two people on one board: a moved card, a new task and a renamed label reach the other without a reload', async ({
  browser,
  request,
}) => {
  const { alice, bob, project, board, label } = await sharedBoard(request);
  const aliceContext = await browser.newContext();
  const bobContext = await browser.newContext();
  try {
    const bobPage = await bobContext.newPage();
    await signIn(bobPage, bob.token);
    await openWatching(bobPage, board, project.id);
    await expect(card(bucket(bobPage, 'To-Do'), 'Rig the sails')).toBeVisible();

    const alicePage = await aliceContext.newPage();
    await signIn(alicePage, alice.token);
    await openWatching(alicePage, board, project.id);

    // Alice drags the card to Doing on her board: Bob's board follows.
    const moved = alicePage.waitForResponse((r) => /\/tasks\/\d+\/position$/.test(r.url()));
    await drag(alicePage, card(bucket(alicePage, 'To-Do'), 'Rig the sails'), bucket(alicePage, 'Doing'));
    await moved;
    await expect(card(bucket(bobPage, 'Doing'), 'Rig the sails')).toBeVisible({ timeout: LIVE_MS });
    await expect(card(bucket(bobPage, 'To-Do'), 'Rig the sails')).toHaveCount(0);

    // A task created by Alice appears.
    await alice.api('PUT', `/projects/${project.id}/tasks`, { title: 'Check the weather' });
    await expect(card(bucket(bobPage, 'To-Do'), 'Check the weather')).toBeVisible({ timeout: LIVE_MS });

    // A label renamed by Alice shows its new name on the card.
    await expect(bucket(bobPage, 'Doing').getByText('crew', { exact: true })).toBeVisible();
    await alice.api('POST', `/labels/${label.id}`, { title: 'deck crew' });
    await expect(bucket(bobPage, 'Doing').getByText('deck crew', { exact: true })).toBeVisible({
      timeout: LIVE_MS,
    });

    await notReloaded(bobPage);
  } finally {
    await aliceContext.close();
    await bobContext.close();
  }
});

test('a comment and a new title by one person appear in the other’s open task', async ({
  browser,
  request,
}) => {
  const { alice, bob, project, task } = await sharedBoard(request);
  const bobContext = await browser.newContext();
  try {
    const bobPage = await bobContext.newPage();
    await signIn(bobPage, bob.token);
    await openWatching(bobPage, `/tasks/${task.id}`, project.id);
    await expect(bobPage.getByLabel('Title')).toHaveValue('Rig the sails');

    await alice.api('PUT', `/tasks/${task.id}/comments`, { comment: '<p>Wind from the west</p>' });
    await expect(bobPage.getByText('Wind from the west')).toBeVisible({ timeout: LIVE_MS });

    const current = await alice.api<Record<string, unknown>>('GET', `/tasks/${task.id}`);
    await alice.api('POST', `/tasks/${task.id}`, { ...current, title: 'Rig the new sails' });
    await expect(bobPage.getByLabel('Title')).toHaveValue('Rig the new sails', { timeout: LIVE_MS });
    await notReloaded(bobPage);
  } finally {
    await bobContext.close();
  }
});

test('a change made in one tab of a person reaches the same person’s other tab', async ({
  browser,
  request,
}) => {
  const { alice, project, task } = await sharedBoard(request);
  const [laptop, phone] = await Promise.all([browser.newContext(), browser.newContext()]);
  try {
    const [here, there] = await Promise.all([laptop.newPage(), phone.newPage()]);
    for (const page of [here, there]) {
      await signIn(page, alice.token);
      await openWatching(page, `/tasks/${task.id}`, project.id);
      await expect(page.getByLabel('Title')).toHaveValue('Rig the sails');
    }
    await here.getByLabel('Title').fill('Rig the storm sails');
    await here.getByLabel('Title').press('Enter');
    await expect(there.getByLabel('Title')).toHaveValue('Rig the storm sails', { timeout: LIVE_MS });
    await notReloaded(there);
  } finally {
    await laptop.close();
    await phone.close();
  }
});

test('each sees who else has the task or the board open, until they leave', async ({ browser, request }) => {
  const { alice, bob, project, board, task } = await sharedBoard(request);
  const aliceContext = await browser.newContext();
  const bobContext = await browser.newContext();
  try {
    const alicePage = await aliceContext.newPage();
    await signIn(alicePage, alice.token);
    await openWatching(alicePage, `/tasks/${task.id}`, project.id);
    const bobPage = await bobContext.newPage();
    await signIn(bobPage, bob.token);
    await openWatching(bobPage, `/tasks/${task.id}`, project.id);

    const aliceSees = alicePage.getByRole('group', { name: `Also here: ${bob.username}` });
    await expect(aliceSees).toBeVisible({ timeout: LIVE_MS });
    await expect(bobPage.getByRole('group', { name: `Also here: ${alice.username}` })).toBeVisible({
      timeout: LIVE_MS,
    });
    // Pointing at the avatars says who they are (the shared hover tip).
    await aliceSees.hover();
    await expect(alicePage.getByRole('tooltip')).toHaveText(`Also here: ${bob.username}`);
    await shots(alicePage, 'presence-task');

    // Bob goes to the board: he is no longer at the task, and finds nobody else at the board.
    // (The time a page takes to load is not the live delay: each waits until its page watches.)
    await openWatching(bobPage, board, project.id);
    await expect(aliceSees).toHaveCount(0, { timeout: LIVE_MS });
    await expect(bobPage.getByRole('region', { name: 'Kanban board' })).toBeVisible();
    await expect(bobPage.getByTestId('presence')).toHaveCount(0);

    // Alice joins him there.
    await openWatching(alicePage, board, project.id);
    await expect(bobPage.getByRole('group', { name: `Also here: ${alice.username}` })).toBeVisible({
      timeout: LIVE_MS,
    });
    await alicePage.close();
    await expect(bobPage.getByTestId('presence')).toHaveCount(0, { timeout: LIVE_MS });
  } finally {
    await aliceContext.close();
    await bobContext.close();
  }
});

test('the labels and teams pages follow what the other person renames', async ({ browser, request }) => {
  const { alice, bob, label } = await sharedBoard(request);
  const team = await alice.api<{ id: number }>('PUT', '/teams', { name: uniqueName('Deckhands ') });
  await alice.api('PUT', `/teams/${team.id}/members`, { username: bob.username });
  const bobContext = await browser.newContext();
  try {
    const bobPage = await bobContext.newPage();
    await signIn(bobPage, bob.token);
    // Label and team changes travel on the project tree's topic: renamed only once it is watched.
    await liveSocketSaying(
      bobPage,
      () => bobPage.goto('/labels'),
      (payload) => payload.includes('"subscribe.success","event":"projects.changes"'),
    );
    await expect(bobPage.getByText('crew', { exact: true })).toBeVisible();
    await bobPage.evaluate(() => {
      (window as unknown as { stillHere: boolean }).stillHere = true;
    });
    await alice.api('POST', `/labels/${label.id}`, { title: 'harbour crew' });
    await expect(bobPage.getByText('harbour crew', { exact: true })).toBeVisible({ timeout: LIVE_MS });

    await bobPage.getByRole('link', { name: 'Teams' }).first().click();
    await expect(bobPage).toHaveURL(/\/teams$/);
    const renamed = uniqueName('Riggers ');
    await alice.api('POST', `/teams/${team.id}`, { name: renamed });
    await expect(bobPage.getByText(renamed)).toBeVisible({ timeout: LIVE_MS });
    await notReloaded(bobPage);
  } finally {
    await bobContext.close();
  }
});

test('a revoked share closes the other person’s open board with a notice', async ({ browser, request }) => {
  const { alice, bob, project, board } = await sharedBoard(request);
  const bobContext = await browser.newContext();
  try {
    const bobPage = await bobContext.newPage();
    await signIn(bobPage, bob.token);
    await openWatching(bobPage, board, project.id);
    await expect(card(bucket(bobPage, 'To-Do'), 'Rig the sails')).toBeVisible();

    await alice.api('DELETE', `/projects/${project.id}/users/${bob.username}`);
    await expect(bobPage.getByText('You no longer have access to this project.')).toBeVisible({
      timeout: LIVE_MS,
    });
    await expect(bobPage).toHaveURL(/\/projects$/);
    await expect(bobPage.getByRole('region', { name: 'Kanban board' })).toHaveCount(0);
    await notReloaded(bobPage);
    await shots(bobPage, 'revoked');
  } finally {
    await bobContext.close();
  }
});

test('the shell says live updates are paused while the socket cannot connect', async ({ page, request }) => {
  const { bob, board } = await sharedBoard(request);
  await signIn(page, bob.token);
  // Every attempt to open the socket is refused at once, as a server that is down would.
  await page.routeWebSocket(/\/api\/v1\/ws$/, (ws) => ws.close());
  await page.goto(board);
  await expect(bucket(page, 'To-Do')).toBeVisible();
  await expect(page.getByRole('status', { name: 'Live updates paused' })).toBeVisible({ timeout: 8_000 });
  await shots(page, 'paused');
});

/** With ORDO_SHOTS set, screenshots in light and dark, desktop and phone width, for review. */
async function shots(page: Page, name: string) {
  const dir = process.env.ORDO_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [width, label] of [
      [1280, 'desktop'],
      [375, 'phone'],
    ] as const) {
      await page.setViewportSize({ width, height: 720 });
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${dir}/${name}-${scheme}-${label}.png` });
    }
  }
}
