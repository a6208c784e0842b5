import { account, signIn } from './support/accounts';
import { type APIRequestContext, expect, type Locator, type Page, test } from './support/csp-guard';
import { bucket, card, drag } from './support/kanban';

interface Board {
  projectId: number;
  kanbanViewId: number;
  api: <T = Record<string, unknown>>(method: string, path: string, data?: unknown) => Promise<T>;
}

/** A fresh account with a project holding the given tasks (all in To-Do), signed in on the page. */
async function boardWithTasks(page: Page, request: APIRequestContext, titles: string[]): Promise<Board> {
  const { token, api } = await account(request, 'kb');
  const project = await api<{ id: number }>('PUT', '/projects', { title: 'Launch' });
  const views = await api<{ id: number; view_kind: string }[]>('GET', `/projects/${project.id}/views`);
  const kanban = views.find((v) => v.view_kind === 'kanban');
  if (!kanban) throw new Error('no kanban view');
  for (const title of titles) await api('PUT', `/projects/${project.id}/tasks`, { title });
  await signIn(page, token);
  return { projectId: project.id, kanbanViewId: kanban.id, api };
}

/** Starts waiting for the task's position to be saved (the last call of a card move). */
function positionSaved(page: Page) {
  return page.waitForResponse(
    (r) => /\/tasks\/\d+\/position$/.test(r.url()) && r.request().method() === 'POST',
  );
}

async function openBoard(page: Page, board: Board) {
  await page.goto(`/projects/${board.projectId}/${board.kanbanViewId}`);
  await expect(bucket(page, 'To-Do')).toBeVisible();
}

test('drag a card to another bucket: counts change at once and the move stays after a reload', async ({
  page,
  request,
}) => {
  const board = await boardWithTasks(page, request, ['Write the brief', 'Book the venue']);
  await openBoard(page, board);
  const defaultBucket = bucket(page, 'To-Do');
  const doing = bucket(page, 'Doing');
  await expect(defaultBucket.getByTestId('bucket-count')).toHaveText('2');
  await expect(doing.getByTestId('bucket-count')).toHaveText('0');

  const moved = page.waitForResponse(
    (r) => /\/buckets\/\d+\/tasks$/.test(r.url()) && r.request().method() === 'POST',
  );
  const positioned = positionSaved(page);
  await drag(page, card(defaultBucket, 'Book the venue'), doing);
  await expect(card(doing, 'Book the venue')).toBeVisible();
  await expect(defaultBucket.getByTestId('bucket-count')).toHaveText('1');
  await expect(doing.getByTestId('bucket-count')).toHaveText('1');
  expect((await moved).ok()).toBe(true);
  expect((await positioned).ok()).toBe(true);

  await page.reload();
  await expect(card(bucket(page, 'Doing'), 'Book the venue')).toBeVisible();
  await expect(card(bucket(page, 'To-Do'), 'Write the brief')).toBeVisible();
  await expect(card(bucket(page, 'To-Do'), 'Book the venue')).toHaveCount(0);

  // Opening a card shows the task over the board.
  await card(bucket(page, 'Doing'), 'Book the venue').click();
  await expect(page).toHaveURL(/\/tasks\/\d+$/);
  await expect(page.getByRole('dialog').getByText('Book the venue').first()).toBeVisible();
});

test('a card dragged into the done bucket is done in the other views', async ({ page, request }) => {
  const board = await boardWithTasks(page, request, ['Order flyers', 'Print badges']);
  await openBoard(page, board);
  const done = bucket(page, 'Done');
  const positioned = positionSaved(page);
  await drag(page, card(bucket(page, 'To-Do'), 'Order flyers'), done);
  await expect(card(done, 'Order flyers')).toBeVisible();
  await expect(card(done, 'Order flyers').getByText('Done', { exact: true })).toBeVisible();
  expect((await positioned).ok()).toBe(true);

  // g l: the list shows open tasks only, so the done task has left it.
  await page.locator('body').press('g');
  await page.locator('body').press('l');
  const rows = page.getByRole('list', { name: 'Tasks' }).getByRole('listitem');
  await expect(rows.filter({ hasText: 'Print badges' })).toBeVisible();
  await expect(rows.filter({ hasText: 'Order flyers' })).toHaveCount(0);
  // g t: the table lists every task, this one ticked as done.
  await page.locator('body').press('g');
  await page.locator('body').press('t');
  await expect(page.getByRole('checkbox', { name: 'Mark Order flyers as not done' })).toBeChecked();
  // g k: back to the board, where it is still in Done.
  await page.locator('body').press('g');
  await page.locator('body').press('k');
  await expect(card(bucket(page, 'Done'), 'Order flyers')).toBeVisible();
});

test('a bucket with a limit shows count/limit and refuses more cards', async ({ page, request }) => {
  const board = await boardWithTasks(page, request, ['Call the caterer', 'Send invites']);
  await openBoard(page, board);
  const defaultBucket = bucket(page, 'To-Do');
  const doing = bucket(page, 'Doing');

  await doing.getByRole('button', { name: 'Actions for Doing' }).click();
  await page.getByRole('menuitem', { name: 'Set a limit' }).click();
  await doing.getByLabel('Limit').fill('1');
  await doing.getByRole('button', { name: 'Save' }).click();
  await expect(doing.getByTestId('bucket-count')).toHaveText('0/1');

  const positioned = positionSaved(page);
  await drag(page, card(defaultBucket, 'Send invites'), doing);
  await expect(card(doing, 'Send invites')).toBeVisible();
  await expect(doing.getByTestId('bucket-count')).toHaveText('1/1');
  await expect(doing.getByText('This bucket is full.')).toBeVisible();
  await expect(doing.getByRole('button', { name: 'Add a task' })).toHaveCount(0);
  expect((await positioned).ok()).toBe(true);

  await drag(page, card(defaultBucket, 'Call the caterer'), doing);
  await expect(
    page.getByText('You cannot add the task to this bucket as it already exceeded the limit'),
  ).toBeVisible();
  await expect(card(defaultBucket, 'Call the caterer')).toBeVisible();
  await expect(doing.getByTestId('bucket-count')).toHaveText('1/1');

  await page.reload();
  await expect(bucket(page, 'Doing').getByTestId('bucket-count')).toHaveText('1/1');
  await expect(card(bucket(page, 'To-Do'), 'Call the caterer')).toBeVisible();
});

test('add a card with quick-add, move it with the keyboard, rename and delete buckets', async ({
  page,
  request,
}) => {
  const board = await boardWithTasks(page, request, ['Draft agenda']);
  await openBoard(page, board);
  const doing = bucket(page, 'Doing');

  await doing.getByRole('button', { name: 'Add a task' }).click();
  const input = doing.getByLabel('New task in Doing');
  await input.fill('Check the projector *tech !4');
  await input.press('Enter');
  const added = card(doing, 'Check the projector');
  await expect(added).toBeVisible();
  await expect(added.getByText('tech')).toBeVisible();
  await expect(added.getByText('Urgent')).toBeVisible();
  await expect(doing.getByTestId('bucket-count')).toHaveText('1');

  // Space lifts the card, the right arrow carries it to the next bucket, Space drops it.
  await added.focus();
  await page.keyboard.press('Space');
  await page.waitForTimeout(200);
  await page.keyboard.press('ArrowRight');
  await page.waitForTimeout(300);
  await page.keyboard.press('Space');
  await expect(card(bucket(page, 'Done'), 'Check the projector')).toBeVisible();
  await expect(doing.getByTestId('bucket-count')).toHaveText('0');

  await doing.getByRole('button', { name: 'Rename Doing' }).click();
  const title = page.getByLabel('Bucket title');
  await title.fill('In progress');
  await title.press('Enter');
  await expect(bucket(page, 'In progress')).toBeVisible();

  const renamed = bucket(page, 'In progress');
  await renamed.getByRole('button', { name: 'Actions for In progress' }).click();
  await page.getByRole('menuitem', { name: 'Delete bucket' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this bucket?' });
  await dialog.getByRole('button', { name: 'Delete bucket' }).click();
  await expect(bucket(page, 'In progress')).toHaveCount(0);

  await page.reload();
  await expect(bucket(page, 'To-Do')).toBeVisible();
  await expect(bucket(page, 'In progress')).toHaveCount(0);
  await expect(card(bucket(page, 'Done'), 'Check the projector')).toBeVisible();
});

test('with the keyboard a card goes one bucket per arrow, whatever the cards around it, and keeps the focus', async ({
  page,
  request,
}) => {
  const board = await boardWithTasks(page, request, [
    'Draft agenda',
    'Book the venue',
    'Order flyers',
    'Invite press',
  ]);
  await openBoard(page, board);
  const first = bucket(page, 'To-Do');
  const carried = card(first, 'Book the venue');
  await carried.focus();
  await page.keyboard.press('Space');
  await page.waitForTimeout(200);
  await page.keyboard.press('ArrowRight');
  await page.waitForTimeout(300);
  await expect(page.getByRole('status').filter({ hasText: /Over bucket Doing/ })).toHaveCount(1);
  await page.keyboard.press('ArrowRight');
  await page.waitForTimeout(300);
  await expect(page.getByRole('status').filter({ hasText: /Over bucket Done/ })).toHaveCount(1);
  const saved = positionSaved(page);
  await page.keyboard.press('Space');
  expect((await saved).ok()).toBe(true);
  const moved = card(bucket(page, 'Done'), 'Book the venue');
  await expect(moved).toBeVisible();
  await expect(moved).toBeFocused();
  await expect(first.getByTestId('bucket-count')).toHaveText('3');

  // And back, one bucket to the left.
  await page.keyboard.press('Space');
  await page.waitForTimeout(200);
  await page.keyboard.press('ArrowLeft');
  await page.waitForTimeout(300);
  await page.keyboard.press('Space');
  await expect(card(bucket(page, 'Doing'), 'Book the venue')).toBeFocused();
});

test('a filter on the board hides cards that do not match, pages on through matches only and survives a reload', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1600, height: 900 });
  const board = await boardWithTasks(page, request, []);
  // New cards go on top: three that do not match below more matching ones than one bucket page
  // (25) holds, so an unfiltered second page would bring them in.
  for (const title of ['Other one', 'Other two', 'Other three'])
    await board.api('PUT', `/projects/${board.projectId}/tasks`, { title, priority: 1 });
  const matches = Array.from({ length: 27 }, (_, i) => `Match ${String(i + 1).padStart(2, '0')}`);
  for (const title of matches)
    await board.api('PUT', `/projects/${board.projectId}/tasks`, { title, priority: 3 });
  await openBoard(page, board);
  const defaultBucket = bucket(page, 'To-Do');
  await expect(defaultBucket.getByTestId('bucket-count')).toHaveText('30');

  // The board gets the whole width of the page, past the 1100 px of reading pages.
  const width = (await page.getByRole('region', { name: 'Kanban board' }).boundingBox())?.width ?? 0;
  expect(width).toBeGreaterThan(1150);

  const editor = page.getByRole('combobox', { name: 'Filter or search tasks' });
  await editor.fill('priority >= 3');
  await editor.press('Enter');
  await expect(page).toHaveURL(/filter=priority/);
  await expect(defaultBucket.getByTestId('bucket-count')).toHaveText('27');
  await expect(card(defaultBucket, 'Match 27')).toBeVisible();
  await expect(defaultBucket.getByRole('button', { name: /^Other / })).toHaveCount(0);
  // The bucket's cards are virtualised: of the 25 loaded, only those in view (and a few around) are in the page.
  const inPage = await defaultBucket.getByRole('button', { name: /^Match / }).count();
  expect(inPage).toBeGreaterThan(3);
  expect(inPage).toBeLessThan(25);

  // Scrolling to the end of the bucket loads its next page: the last matches, still no others.
  const pageFilter = (url: string) => new URL(url).searchParams.get('filter') ?? '';
  const nextPage = page.waitForResponse((r) => pageFilter(r.url()).includes('bucket_id ='));
  await scrollToEnd(defaultBucket);
  expect(pageFilter((await nextPage).url())).toMatch(/^\(priority >= 3\) && \(bucket_id = \d+\)$/);
  await expect(async () => {
    await scrollToEnd(defaultBucket);
    await expect(card(defaultBucket, 'Match 01')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await expect(card(defaultBucket, 'Match 02')).toBeVisible();
  await expect(defaultBucket.getByRole('button', { name: /^Other / })).toHaveCount(0);

  await page.reload();
  await expect(editor).toHaveValue('priority >= 3');
  await expect(bucket(page, 'To-Do').getByTestId('bucket-count')).toHaveText('27');
  await expect(card(bucket(page, 'To-Do'), 'Match 27')).toBeVisible();
  await expect(bucket(page, 'To-Do').getByRole('button', { name: /^Other / })).toHaveCount(0);

  // Clearing the filter brings every card back.
  await page.getByRole('button', { name: 'Clear filter' }).click();
  await expect(page).not.toHaveURL(/filter=/);
  await expect(bucket(page, 'To-Do').getByTestId('bucket-count')).toHaveText('30');
});

test('a move the server refuses is rolled back with its error', async ({ page, request }) => {
  // This page hears no live changes (its socket is cut), so the board it shows can be out of date.
  await page.routeWebSocket(/\/api\/v1\/ws$/, (ws) => ws.close());
  const board = await boardWithTasks(page, request, ['Rent chairs', 'Hire a band']);
  await openBoard(page, board);
  const defaultBucket = bucket(page, 'To-Do');
  const doing = bucket(page, 'Doing');
  await expect(defaultBucket.getByTestId('bucket-count')).toHaveText('2');

  // Meanwhile, elsewhere, Doing gets a limit of one card and is filled: this page still shows it empty.
  const buckets = await board.api<{ id: number; title: string; position: number }[]>(
    'GET',
    `/projects/${board.projectId}/views/${board.kanbanViewId}/buckets`,
  );
  const doingBucket = buckets.find((b) => b.title === 'Doing');
  if (!doingBucket) throw new Error('no Doing bucket');
  await board.api(
    'POST',
    `/projects/${board.projectId}/views/${board.kanbanViewId}/buckets/${doingBucket.id}`,
    {
      title: 'Doing',
      limit: 1,
      position: doingBucket.position,
    },
  );
  const rows = await board.api<{ id: number; title: string }[]>('GET', `/projects/${board.projectId}/tasks`);
  const chairs = rows.find((t) => t.title === 'Rent chairs');
  if (!chairs) throw new Error('no task');
  await board.api(
    'POST',
    `/projects/${board.projectId}/views/${board.kanbanViewId}/buckets/${doingBucket.id}/tasks`,
    { task_id: chairs.id },
  );
  await expect(doing.getByTestId('bucket-count')).toHaveText('0');

  const refused = page.waitForResponse(
    (r) => /\/buckets\/\d+\/tasks$/.test(r.url()) && r.request().method() === 'POST',
  );
  await drag(page, card(defaultBucket, 'Hire a band'), doing);
  expect((await refused).status()).toBe(412);
  // The card goes back where it was, the counts with it, and the server's reason is shown.
  await expect(
    page.getByText('You cannot add the task to this bucket as it already exceeded the limit'),
  ).toBeVisible();
  await expect(card(defaultBucket, 'Hire a band')).toBeVisible();
  await expect(card(doing, 'Hire a band')).toHaveCount(0);

  await page.reload();
  await expect(card(bucket(page, 'To-Do'), 'Hire a band')).toBeVisible();
  await expect(card(bucket(page, 'Doing'), 'Rent chairs')).toBeVisible();
  await expect(bucket(page, 'Doing').getByTestId('bucket-count')).toHaveText('1/1');
});

test('on a saved filter’s board a card reordered within its bucket stays where it was put', async ({
  page,
  request,
}) => {
  const { token, api } = await account(request, 'kbf');
  const project = await api<{ id: number }>('PUT', '/projects', { title: 'Errands' });
  for (const title of ['Buy stamps', 'Post the letter', 'Collect the parcel']) {
    await api('PUT', `/projects/${project.id}/tasks`, { title, priority: 3 });
  }
  const filter = await api<{ id: number }>('PUT', '/filters', {
    title: 'Pressing',
    filters: { filter: 'priority >= 3', filter_include_nulls: false, sort_by: [], order_by: [] },
  });
  const pseudoId = -filter.id - 1;
  const views = await api<{ id: number; view_kind: string }[]>('GET', `/projects/${pseudoId}/views`);
  const kanban = views.find((v) => v.view_kind === 'kanban');
  if (!kanban) throw new Error('no kanban view');
  await signIn(page, token);
  await page.goto(`/projects/${pseudoId}/${kanban.id}`);
  const defaultBucket = bucket(page, 'To-Do');
  // None of them is placed in the filter's view yet: they show in the order they were made.
  await expect(defaultBucket.getByRole('button', { name: /^(Buy|Post|Collect)/ })).toHaveText([
    /Buy stamps/,
    /Post the letter/,
    /Collect the parcel/,
  ]);

  // The last card goes up one place, between the first two; both writes are answered.
  const positions: number[] = [];
  page.on('response', (r) => {
    if (/\/tasks\/\d+\/position$/.test(r.url()) && r.request().method() === 'POST')
      positions.push(r.status());
  });
  await card(defaultBucket, 'Collect the parcel').focus();
  await page.keyboard.press('Space');
  await page.waitForTimeout(200);
  await page.keyboard.press('ArrowUp');
  await page.waitForTimeout(300);
  await page.keyboard.press('Space');
  const expected = [/Buy stamps/, /Collect the parcel/, /Post the letter/];
  await expect(defaultBucket.getByRole('button', { name: /^(Buy|Post|Collect)/ })).toHaveText(expected);
  await expect.poll(() => positions).toEqual([200, 200]);

  await page.reload();
  await expect(defaultBucket.getByRole('button', { name: /^(Buy|Post|Collect)/ })).toHaveText(expected);
});

test('cards slide aside while one is carried, unless the system asks for reduced motion', async ({
  page,
  request,
}) => {
  const board = await boardWithTasks(page, request, ['First card', 'Second card', 'Third card']);
  /** The longest transition (in seconds) on the bucket's cards while one is carried with the keyboard. */
  async function slideWhileCarrying(): Promise<number> {
    await openBoard(page, board);
    const todo = bucket(page, 'To-Do');
    await card(todo, 'Third card').focus();
    await page.keyboard.press('Space');
    await page.waitForTimeout(200);
    await page.keyboard.press('ArrowUp');
    await page.waitForTimeout(300);
    const longest = await todo.evaluate((el) =>
      Math.max(
        // dnd-kit slides the card's frame (which also holds its selection box).
        ...Array.from(el.querySelectorAll('[data-task-id]'), (c) =>
          Number.parseFloat(getComputedStyle(c.parentElement ?? c).transitionDuration),
        ),
      ),
    );
    await page.keyboard.press('Escape');
    return longest;
  }
  expect(await slideWhileCarrying()).toBeGreaterThan(0);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await slideWhileCarrying()).toBe(0);
});

/** Scrolls a bucket's cards to their end (they scroll in a box of their own). */
async function scrollToEnd(bucketRegion: Locator) {
  await bucketRegion.evaluate((section) => {
    const box = Array.from(section.querySelectorAll<HTMLElement>('*')).find((el) =>
      /auto|scroll/.test(getComputedStyle(el).overflowY),
    );
    box?.scrollTo({ top: box.scrollHeight });
  });
}

test('a card’s checklist count says what it counts on hover', async ({ page, request }) => {
  const board = await boardWithTasks(page, request, []);
  await board.api('PUT', `/projects/${board.projectId}/tasks`, {
    title: 'Pack for the fair',
    description:
      '<ul data-type="taskList"><li data-type="taskItem" data-checked="true"><p>Banner</p></li>' +
      '<li data-type="taskItem" data-checked="false"><p>Flyers</p></li>' +
      '<li data-type="taskItem" data-checked="false"><p>Tape</p></li></ul>',
  });
  await openBoard(page, board);
  const count = card(bucket(page, 'To-Do'), 'Pack for the fair').getByLabel('1 of 3 checklist items done');
  await expect(count).toHaveText('1/3');
  await count.hover();
  await expect(page.getByRole('tooltip')).toHaveText('1 of 3 checklist items done');
  await page.mouse.move(1, 1);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
});
