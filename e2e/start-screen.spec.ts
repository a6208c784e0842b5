/**
 * The app's first moments: index.html draws the start screen before any script has run, and the
 * app replaces it (the login page is drawn by the server instead: login-screen.spec.ts); the shell and the page of the address opened load together from the start,
 * not the page only once its shell has drawn; opened at a project's view, the projects are asked
 * for beside the session check and the view's code as soon as they say which view it is, neither
 * waiting for the project page's code; opened at home, the projects and the overview's tasks,
 * without waiting for the home page's code; opened at a task, the task, without waiting for its page's
 * code; the configuration and the session check do not wait for the style sheet.
 */
import { account, projectWithViews, signIn } from './support/accounts';
import { expect, type Page, test } from './support/csp-guard';

/**
 * Holds back the answers to the requests `held` matches until a request whose path `awaited`
 * matches has gone out, or for 10 s after the first held request. The getter answers whether it
 * went out while the first held answer waited (undefined until then).
 *
 * The wait is counted from the held request, not from the page's opening, so that a slow host's
 * download and start of the app is not counted against it; and it is long because only the order
 * is tested: an app that asked only after the held answer would not ask within any wait.
 */
async function askedWhileHeld(
  page: Page,
  held: RegExp,
  awaited: (path: string) => boolean,
): Promise<() => boolean | undefined> {
  let wasAsked = false;
  let asked = () => {
    wasAsked = true;
  };
  page.on('request', (r) => {
    if (awaited(new URL(r.url()).pathname)) asked();
  });
  let askedBefore: Promise<boolean> | null = null;
  let answer: boolean | undefined;
  await page.route(held, async (route) => {
    askedBefore ??= new Promise<boolean>((resolve) => {
      if (wasAsked) resolve(true);
      asked = () => resolve(true);
      setTimeout(() => resolve(false), 10_000);
    });
    answer ??= await askedBefore;
    await route.continue();
  });
  return () => answer;
}

test('the start screen shows before any script runs, and the app replaces it', async ({ page }) => {
  // No script at all: what a slow phone shows while the first download is on its way.
  await page.route('**/*.js', (route) => route.abort());
  await page.goto('/register');
  const start = page.getByRole('status', { name: 'Loading Ordo' });
  await expect(start).toBeVisible();
  await expect(start.getByText('Ordo', { exact: true })).toBeVisible();

  await page.unroute('**/*.js');
  await page.goto('/register');
  await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
  await expect(start).toHaveCount(0);
});

test('the app’s first screen draws the logo where the start screen had it', async ({ page }) => {
  // index.html copies the readiness gate's picture by hand; if the two drift, the logo jumps.
  const logoBox = () => page.locator('#root svg').first().boundingBox();
  await page.route('**/*.js', (route) => route.abort());
  await page.goto('/register');
  await expect(page.getByRole('status', { name: 'Loading Ordo' })).toBeVisible();
  const before = await logoBox();

  // Scripts run, but the server's configuration never answers: the gate keeps its loading screen.
  await page.unroute('**/*.js');
  await page.route('**/api/v1/info', () => undefined);
  await page.goto('/register');
  await expect(page.locator('.ordo-start')).toHaveCount(0);
  await expect(page.getByRole('status', { name: 'Loading Ordo…', exact: true })).toBeAttached();
  expect(await logoBox()).toEqual(before);
});

test('the start screen follows the system colour scheme until the app sets its own', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.route('**/*.js', (route) => route.abort());
  await page.goto('/register');
  await expect(page.getByRole('status', { name: 'Loading Ordo' })).toBeVisible();
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).toBe('rgb(36, 36, 36)');
});

test('home: the page’s code is asked for before the session check, with its shell', async ({
  page,
  request,
}) => {
  const { token } = await account(request, 'start');
  await signIn(page, token);
  const asked: string[] = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  await page.goto('/');
  await expect(page.getByTestId('greeting')).toBeVisible();
  const pageChunk = asked.findIndex((path) => /\/assets\/home-page-[\w-]+\.js$/.test(path));
  const shellChunk = asked.findIndex((path) => /\/assets\/link-share-shell-[\w-]+\.js$/.test(path));
  const sessionCheck = asked.indexOf('/api/v1/user');
  expect(pageChunk, asked.join('\n')).toBeGreaterThan(-1);
  expect(shellChunk, asked.join('\n')).toBeGreaterThan(-1);
  expect(sessionCheck, asked.join('\n')).toBeGreaterThan(-1);
  expect(pageChunk).toBeLessThan(sessionCheck);
  expect(shellChunk).toBeLessThan(sessionCheck);
});

test('home: the page’s code is asked for while its shell is still downloading, not once it has loaded', async ({
  page,
  request,
}) => {
  // A page's module is imported by the shell's (signed-in-routes.tsx); the list the build puts in
  // index.html lets the app ask for it beside the shell. The shell's file is held back here until
  // the page's is asked for, or for 3 s.
  const { token } = await account(request, 'start-parallel');
  await signIn(page, token);
  const pageAsked = await askedWhileHeld(page, /\/assets\/link-share-shell-[\w-]+\.js$/, (path) =>
    /\/assets\/home-page-[\w-]+\.js$/.test(path),
  );
  await page.goto('/');
  await expect(page.getByTestId('greeting')).toBeVisible();
  await expect.poll(pageAsked).toBe(true);
});

test('home: its tasks are asked for while the projects are still on their way, not once they are known', async ({
  page,
  request,
}) => {
  // The projects' answer is held back until the overview's tasks are asked for, or for 3 s.
  const { token } = await account(request, 'start-tasks');
  await signIn(page, token);
  const tasksAsked = await askedWhileHeld(
    page,
    /\/api\/v1\/projects\?/,
    (path) => path === '/api/v1/tasks/all',
  );
  await page.goto('/');
  await expect(page.getByTestId('greeting')).toBeVisible();
  await expect.poll(tasksAsked).toBe(true);
});

test('home: the projects and the overview’s tasks are asked for while the page’s code is still on its way', async ({
  page,
  request,
}) => {
  // The home page's file is held back until both are asked for, or for 10 s: the projects go out
  // beside the session check, the tasks once it has said which saved filter the overview shows.
  const { token } = await account(request, 'start-home-data');
  await signIn(page, token);
  const seen = new Set<string>();
  const dataAsked = await askedWhileHeld(page, /\/assets\/home-page-[\w-]+\.js$/, (path) => {
    seen.add(path);
    return seen.has('/api/v1/projects') && seen.has('/api/v1/tasks/all');
  });
  await page.goto('/');
  await expect(page.getByTestId('greeting')).toBeVisible();
  await expect.poll(dataAsked).toBe(true);
});

test('opened at a project’s view: the projects and the view’s code are asked for while the session check is on its way', async ({
  page,
  request,
}) => {
  // The session check's answer is held back until the board's code is asked for, or for 3 s:
  // the projects go out beside it, and the view's code as soon as they say the view is a board.
  const owner = await account(request, 'start-projects');
  const project = await projectWithViews(owner, 'Errands');
  const kanban = project.views.find((v) => v.view_kind === 'kanban')!;
  await signIn(page, owner.token);
  const boardAsked = await askedWhileHeld(page, /\/api\/v1\/user$/, (path) =>
    /\/assets\/kanban-view-[\w-]+\.js$/.test(path),
  );
  await page.goto(`/projects/${project.id}/${kanban.id}`);
  await expect(page.getByRole('heading', { name: 'Errands', level: 1 })).toBeVisible();
  await expect(page.getByText('To-Do')).toBeVisible();
  await expect.poll(boardAsked).toBe(true);
});

test('opened at a task: the task is asked for while the session check is on its way', async ({
  page,
  request,
}) => {
  // The session check's answer is held back until the task is asked for, or for 10 s: the task
  // goes out once the configuration is read, beside the session check, not once the page has drawn.
  const owner = await account(request, 'start-task');
  const project = await projectWithViews(owner, 'Errands');
  const task = await owner.api<{ id: number }>('PUT', `/projects/${project.id}/tasks`, {
    title: 'Water the fern',
  });
  await signIn(page, owner.token);
  const taskAsked = await askedWhileHeld(
    page,
    /\/api\/v1\/user$/,
    (path) => path === `/api/v1/tasks/${task.id}`,
  );
  await page.goto(`/tasks/${task.id}`);
  await expect(page.getByLabel('Title')).toHaveValue('Water the fern');
  await expect.poll(taskAsked).toBe(true);
});

test('opened at a project’s view: the view’s code is asked for while the project page’s own is still on its way', async ({
  page,
  request,
}) => {
  // The project page's file is held back until the board's code is asked for, or for 10 s: the
  // projects are asked for from the first download, and the view's files named in index.html.
  const owner = await account(request, 'start-view-files');
  const project = await projectWithViews(owner, 'Errands');
  const kanban = project.views.find((v) => v.view_kind === 'kanban')!;
  await signIn(page, owner.token);
  const boardAsked = await askedWhileHeld(page, /\/assets\/project-page-[\w-]+\.js$/, (path) =>
    /\/assets\/kanban-view-[\w-]+\.js$/.test(path),
  );
  await page.goto(`/projects/${project.id}/${kanban.id}`);
  await expect(page.getByText('To-Do')).toBeVisible();
  await expect.poll(boardAsked).toBe(true);
});

test('opened at a task: the task is asked for while its page’s code is still on its way', async ({
  page,
  request,
}) => {
  // The task page's file is held back until the task is asked for, or for 10 s.
  const owner = await account(request, 'start-task-early');
  const project = await projectWithViews(owner, 'Errands');
  const task = await owner.api<{ id: number }>('PUT', `/projects/${project.id}/tasks`, {
    title: 'Repot the palm',
  });
  await signIn(page, owner.token);
  const taskAsked = await askedWhileHeld(
    page,
    /\/assets\/task-detail-route-[\w-]+\.js$/,
    (path) => path === `/api/v1/tasks/${task.id}`,
  );
  await page.goto(`/tasks/${task.id}`);
  await expect(page.getByLabel('Title')).toHaveValue('Repot the palm');
  await expect.poll(taskAsked).toBe(true);
});

test('the configuration and the session check go out while the app’s style sheet is still on its way', async ({
  page,
  request,
}) => {
  // The app draws nothing before its style sheet has loaded (entry-styles.ts); the requests its
  // first screen waits for do not wait for that. The sheet is held back until the session check
  // is asked for, or for 10 s.
  const { token } = await account(request, 'start-requests');
  await signIn(page, token);
  const sessionAsked = await askedWhileHeld(
    page,
    /\/assets\/index-[\w-]+\.css$/,
    (path) => path === '/api/v1/user',
  );
  await page.goto('/');
  await expect(page.getByTestId('greeting')).toBeVisible();
  await expect.poll(sessionAsked).toBe(true);
});

test('signed out at home: the app goes to the login page without fetching home’s code', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  expect(asked.filter((path) => /\/assets\/(home-page|link-share-shell)-[\w-]+\.js$/.test(path))).toEqual([]);
});

test('home: each of the app’s files is downloaded once', async ({ page, request }) => {
  // A page's style sheets are preloaded beside its shell (page-files.ts); a preload Chromium
  // cannot use for the later request (another credentials mode) makes it download the file again.
  const { token } = await account(request, 'start-once');
  await signIn(page, token);
  const asked: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/assets/') && !r.serviceWorker()) asked.push(path);
  });
  await page.goto('/');
  await expect(page.getByTestId('greeting')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(asked.filter((path) => path.endsWith('.css')).length).toBeGreaterThan(1);
  expect(asked.filter((path, i) => asked.indexOf(path) !== i)).toEqual([]);
});
