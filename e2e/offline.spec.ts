import type { APIRequestContext, Browser } from '@playwright/test';
import { account, signIn } from './support/accounts';
import { expect, type Locator, type Page, test } from './support/csp-guard';
import { bucket, card, drag } from './support/kanban';
import { goOffline, openList, serviceWorkerActive } from './support/offline';

interface ServerTask {
  id: number;
  title: string;
  done: boolean;
}

/**
 * A "Garden" project with two tasks, its list open in a context of its own with the first task's
 * detail shown once online (so its screen is saved for offline use), ready to go offline.
 */
async function gardenWithDetailOpen(
  browser: Browser,
  request: APIRequestContext,
  prefix: string,
  titles: [string, string],
) {
  const me = await account(request, prefix);
  const project = await me.api<{ id: number }>('PUT', '/projects', { title: 'Garden' });
  const task = await me.api<ServerTask>('PUT', `/projects/${project.id}/tasks`, { title: titles[0] });
  await me.api('PUT', `/projects/${project.id}/tasks`, { title: titles[1] });
  const { context, page } = await openList(browser, me, project.id, titles[0]);
  await page.getByText(titles[0], { exact: true }).click();
  const detail = page.getByRole('dialog');
  await expect(detail.getByLabel('Title')).toHaveValue(titles[0]);
  await serviceWorkerActive(page);
  return { me, task, context, page, detail };
}

/** Relates the task open in `detail` to the one `search` finds, titled `title`, from its relation picker. */
async function relateInDetail(page: Page, detail: Locator, search: string, title: string) {
  await detail.getByRole('button', { name: 'Relate a task' }).click();
  await detail.getByRole('textbox', { name: 'Search for a task' }).fill(search);
  await page.getByRole('option', { name: title }).click();
  await detail.getByRole('button', { name: 'Add relation' }).click();
  await expect(detail.getByTestId('relation-related').getByRole('link', { name: title })).toBeVisible();
}

test('changes made offline are kept over a reload and reach the server once each', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const me = await account(request, 'off');
  const project = await me.api<{ id: number }>('PUT', '/projects', { title: 'Cabin' });
  const views = await me.api<{ id: number; view_kind: string }[]>('GET', `/projects/${project.id}/views`);
  const list = views.find((v) => v.view_kind === 'list');
  const kanban = views.find((v) => v.view_kind === 'kanban');
  if (!list || !kanban) throw new Error('views missing');
  await me.api('PUT', `/projects/${project.id}/views/${kanban.id}/buckets`, { title: 'Packed' });
  const edit = await me.api<ServerTask>('PUT', `/projects/${project.id}/tasks`, { title: 'Buy wood' });
  await me.api('PUT', `/projects/${project.id}/tasks`, { title: 'Check the roof' });
  await me.api('PUT', `/projects/${project.id}/tasks`, { title: 'Pack the bags' });

  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, me.token);
  // Moves within the app (no page load), as links and the browser's back button do.
  const openInApp = (url: string) =>
    page.evaluate((to) => {
      history.pushState({}, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, url);
  // Online first: the board, the task about to be edited, and the list are loaded once.
  await page.goto(`/projects/${project.id}/${kanban.id}`);
  await expect(page.getByRole('region', { name: 'Packed', exact: true })).toBeVisible({ timeout: 30_000 });
  await openInApp(`/tasks/${edit.id}`);
  await expect(page.getByLabel('Title')).toHaveValue('Buy wood');
  await openInApp(`/projects/${project.id}/${list.id}`);
  await expect(page.getByText('Check the roof')).toBeVisible();
  await serviceWorkerActive(page);

  await context.setOffline(true);
  await expect(page.getByText('You are offline')).toBeVisible();
  const input = page.getByRole('textbox', { name: 'New task' });
  for (const title of ['Offline one', 'Offline two', 'Offline three']) {
    await input.fill(title);
    await input.press('Enter');
    await expect(page.getByText(title, { exact: true })).toBeVisible();
  }
  await page.getByRole('checkbox', { name: 'Mark Check the roof as done' }).click();
  await expect(page.getByText('Changes waiting: 4.')).toBeVisible();
  // The notices say where the changes are: on the device, not yet on the server.
  const kept = page.getByText('The change is kept on this device and sent when you are back online.');
  await expect(kept).toBeVisible();
  await expect(page.getByText('The task was marked as done.')).toHaveCount(0);
  // It closes on its own, so the next notice seen is the next change's.
  await expect(kept).toBeHidden({ timeout: 15_000 });

  await page.getByText('Buy wood', { exact: true }).click();
  const title = page.getByLabel('Title');
  await expect(title).toHaveValue('Buy wood');
  await title.fill('Buy oak wood');
  await title.press('Enter');
  await expect(page.getByText('Changes waiting: 5.')).toBeVisible();
  await expect(kept).toBeVisible();
  await expect(page.getByText('The task was saved successfully.')).toHaveCount(0);

  // The board loaded before opens, and a card moved there waits with the rest.
  await openInApp(`/projects/${project.id}/${kanban.id}`);
  await expect(card(bucket(page, 'To-Do'), 'Pack the bags')).toBeVisible();
  await drag(page, card(bucket(page, 'To-Do'), 'Pack the bags'), bucket(page, 'Packed'));
  await expect(card(bucket(page, 'Packed'), 'Pack the bags')).toBeVisible();
  // A move is two writes: the card's bucket, then its place in it.
  await expect(page.getByText('Changes waiting: 7.')).toBeVisible();

  await openInApp(`/projects/${project.id}/${list.id}`);
  await expect(page.getByText('Offline three', { exact: true })).toBeVisible();

  // A reload without a network: the app, the data and the waiting changes are all still there
  // (the cache is written a moment after it changes).
  await page.waitForTimeout(1500);
  await page.reload();
  await expect(page.getByText('You are offline')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Offline two', { exact: true })).toBeVisible();
  await expect(page.getByText('Buy oak wood', { exact: true })).toBeVisible();
  await expect(page.getByText('Changes waiting: 7.')).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toBeHidden({ timeout: 30_000 });

  const tasks = await me.api<ServerTask[]>('GET', `/projects/${project.id}/tasks?per_page=100`);
  const titles = tasks.map((t) => t.title).sort();
  expect(titles).toEqual(
    ['Buy oak wood', 'Check the roof', 'Offline one', 'Offline three', 'Offline two', 'Pack the bags'].sort(),
  );
  expect(tasks.find((t) => t.title === 'Check the roof')?.done).toBe(true);
  // The board as the server has it: the card in Packed.
  const board = await me.api<{ title: string; tasks: { title: string }[] | null }[]>(
    'GET',
    `/projects/${project.id}/views/${kanban.id}/tasks`,
  );
  const packed = board.find((b) => b.title === 'Packed');
  expect(packed?.tasks?.map((t) => t.title)).toEqual(['Pack the bags']);
  // The replay is idempotent: nothing reappears when the page comes back and sends again.
  await page.reload();
  await expect(page.getByText('Offline two', { exact: true })).toBeVisible();
  expect((await me.api<ServerTask[]>('GET', `/projects/${project.id}/tasks?per_page=100`)).length).toBe(6);
  await context.close();
});

test('an offline change the server refuses on replay is shown with the reason until dismissed', async ({
  browser,
  request,
}) => {
  const me = await account(request, 'offr');
  const project = await me.api<{ id: number }>('PUT', '/projects', { title: 'Shed' });
  const doomed = await me.api<ServerTask>('PUT', `/projects/${project.id}/tasks`, {
    title: 'Oil the hinges',
  });
  await me.api('PUT', `/projects/${project.id}/tasks`, { title: 'Sweep the floor' });

  const { context, page } = await openList(browser, me, project.id, 'Oil the hinges');
  await goOffline(context, page);
  await page.getByRole('checkbox', { name: 'Mark Oil the hinges as done' }).click();
  await page.getByRole('checkbox', { name: 'Mark Sweep the floor as done' }).click();
  await expect(page.getByText('Changes waiting: 2.')).toBeVisible();
  // Meanwhile, from another device, the first task is deleted.
  await me.api('DELETE', `/tasks/${doomed.id}`);

  await context.setOffline(false);
  const refused = page.getByRole('alert').filter({ hasText: 'Changes made offline that were not saved' });
  await expect(refused).toBeVisible({ timeout: 30_000 });
  await expect(refused.getByText(/Change to “Oil the hinges”: /)).toBeVisible();
  // The other change went through (it is sent after the refused one).
  await expect
    .poll(async () =>
      (await me.api<ServerTask[]>('GET', `/projects/${project.id}/tasks`)).map((t) => [t.title, t.done]),
    )
    .toEqual([['Sweep the floor', true]]);

  await refused.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByTestId('offline-banner')).toBeHidden();
  await context.close();
});

test('a change that waits while the outbox is sending is sent after it, not dropped', async ({
  browser,
  request,
}) => {
  const me = await account(request, 'offj');
  const project = await me.api<{ id: number }>('PUT', '/projects', { title: 'Attic' });
  const first = await me.api<ServerTask>('PUT', `/projects/${project.id}/tasks`, { title: 'Sort the boxes' });
  const second = await me.api<ServerTask>('PUT', `/projects/${project.id}/tasks`, { title: 'Fix the light' });

  const { context, page } = await openList(browser, me, project.id, 'Sort the boxes');
  await goOffline(context, page);
  await page.getByRole('checkbox', { name: 'Mark Sort the boxes as done' }).click();
  await expect(page.getByText('Changes waiting: 1.')).toBeVisible();

  // Back online, the outbox sends the first change, whose answer is held back for a moment; the
  // second change's own send meanwhile fails on the network, so it waits in the outbox too.
  const held: { release?: () => Promise<void>; failed?: boolean } = {};
  await page.route(/\/api\/v1\/tasks\/\d+$/, async (route) => {
    const path = new URL(route.request().url()).pathname;
    if (route.request().method() !== 'POST') return route.continue();
    if (path.endsWith(`/${first.id}`) && !held.release) {
      held.release = () => route.continue();
      return;
    }
    if (path.endsWith(`/${second.id}`) && !held.failed) {
      held.failed = true;
      return route.abort('internetdisconnected');
    }
    return route.continue();
  });
  await context.setOffline(false);
  await expect.poll(() => held.release !== undefined).toBe(true);
  await page.getByRole('checkbox', { name: 'Mark Fix the light as done' }).click();
  await expect(page.getByText('Changes waiting: 2.')).toBeVisible();
  await held.release?.();

  await expect
    .poll(async () =>
      (await me.api<ServerTask[]>('GET', `/projects/${project.id}/tasks`)).map((t) => [t.title, t.done]),
    )
    .toEqual([
      ['Sort the boxes', true],
      ['Fix the light', true],
    ]);
  await expect(page.getByTestId('offline-banner')).toBeHidden();
  await context.close();
});

test('labels put on and taken off a task and a comment written offline wait, survive a reload and are sent once', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const me = await account(request, 'offl');
  const project = await me.api<{ id: number }>('PUT', '/projects', { title: 'Boathouse' });
  const task = await me.api<ServerTask>('PUT', `/projects/${project.id}/tasks`, { title: 'Fix the tap' });
  const garden = await me.api<{ id: number }>('PUT', '/labels', { title: 'garden', hex_color: '1b5e20' });
  await me.api('PUT', '/labels', { title: 'urgent', hex_color: 'ffeb3b' });
  await me.api('PUT', `/tasks/${task.id}/labels`, { label_id: garden.id });

  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, me.token);
  // Online first: the task, its comments and the labels to pick from are loaded once.
  await page.goto(`/tasks/${task.id}`);
  await expect(page.getByLabel('Title')).toHaveValue('Fix the tap');
  await expect(page.getByText('No comments yet.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Add a label' }).click();
  await expect(page.getByRole('option', { name: 'urgent' })).toBeVisible();
  await page.keyboard.press('Escape');
  await serviceWorkerActive(page);

  await goOffline(context, page);
  // A label the app has loaded is found by typing, without the server.
  await page.getByRole('textbox', { name: 'Add a label' }).fill('urg');
  await page.getByRole('option', { name: 'urgent' }).click();
  await expect(page.getByRole('button', { name: 'Remove the label urgent' })).toBeVisible();
  await page.getByRole('button', { name: 'Remove the label garden' }).click();
  await expect(page.getByRole('button', { name: 'Remove the label garden' })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Comment' }).click();
  await page.keyboard.type('The washer is worn.');
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(
    page.getByText('The comment is kept on this device and sent when you are back online.'),
  ).toBeVisible();
  const comment = page.getByTestId('comment');
  await expect(comment.getByText('The washer is worn.')).toBeVisible();
  await expect(comment.getByText('Waiting to be sent')).toBeVisible();
  await expect(page.getByText('Changes waiting: 3.')).toBeVisible();

  // A reload without a network keeps all three, shown as made.
  await page.waitForTimeout(1500);
  await page.reload();
  await expect(page.getByText('You are offline')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Changes waiting: 3.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove the label urgent' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove the label garden' })).toHaveCount(0);
  await expect(comment.getByText('Waiting to be sent')).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toBeHidden({ timeout: 30_000 });
  const onServer = await me.api<{ labels: { title: string }[] | null }>('GET', `/tasks/${task.id}`);
  expect((onServer.labels ?? []).map((l) => l.title)).toEqual(['urgent']);
  const comments = await me.api<{ comment: string }[]>('GET', `/tasks/${task.id}/comments`);
  expect(comments.map((c) => c.comment)).toEqual(['<p>The washer is worn.</p>']);
  // The comment is the server's now: dated, with its link, and no longer waiting.
  await expect(comment.getByText('Waiting to be sent')).toHaveCount(0);
  await expect(comment.getByRole('link')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('comment')).toHaveCount(1);
  expect(await me.api<unknown[]>('GET', `/tasks/${task.id}/comments`)).toHaveLength(1);
  await context.close();
});

test('labels made offline, in the picker and by quick-add, wait with their tasks and are made once', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const me = await account(request, 'offnl');
  const project = await me.api<{ id: number }>('PUT', '/projects', { title: 'Workshop' });
  await me.api('PUT', `/projects/${project.id}/tasks`, { title: 'Oil the hinges' });

  const { context, page } = await openList(browser, me, project.id, 'Oil the hinges');
  const listAddress = page.url();
  await page.getByText('Oil the hinges', { exact: true }).click();
  await expect(page.getByLabel('Title')).toHaveValue('Oil the hinges');
  await serviceWorkerActive(page);

  await goOffline(context, page);
  // Made on the server meanwhile, so the device cannot know it: typed offline, a `tools` is made on
  // the device, and the server's is used once the changes are sent.
  // Fifty labels whose names hold `tools` come first in a search by it (by title), so the one named
  // so is on the search's second page.
  for (let n = 1; n <= 50; n++)
    await me.api('PUT', '/labels', { title: `hand tools ${n}`, hex_color: '1b5e20' });
  const tools = await me.api<{ id: number }>('PUT', '/labels', { title: 'tools', hex_color: '1b5e20' });
  await page.getByRole('button', { name: 'Labels' }).click();
  await page.getByRole('textbox', { name: 'Add a label' }).fill('Shed');
  await page.getByRole('option', { name: 'Create the label "Shed"' }).click();
  await expect(page.getByRole('button', { name: 'Remove the label Shed' })).toBeVisible();
  // Back on the list, quick-add finds the label made offline by its name and makes `tools` too.
  await page.goBack();
  await expect(page).toHaveURL(listAddress);
  const input = page.getByRole('textbox', { name: 'New task' });
  // Nobody can be looked up offline: the name stays in the title, as one nobody has would.
  await input.fill(`Sweep the floor *shed *tools @${me.username}`);
  await input.press('Enter');
  const row = page.getByRole('listitem').filter({ hasText: 'Sweep the floor' });
  await expect(row.getByText(`Sweep the floor @${me.username}`, { exact: true })).toBeVisible();
  await expect(row.getByText('Shed', { exact: true })).toBeVisible();
  await expect(row.getByText('tools', { exact: true })).toBeVisible();
  // Two labels made, three put on tasks, a task made.
  await expect(page.getByText('Changes waiting: 6.')).toBeVisible();

  await page.waitForTimeout(1500);
  await page.reload();
  await expect(page.getByText('You are offline')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Changes waiting: 6.')).toBeVisible();
  await expect(row.getByText('Shed', { exact: true })).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toBeHidden({ timeout: 30_000 });
  const labels = [
    ...(await me.api<{ id: number; title: string }[]>('GET', '/labels?page=1')),
    ...(await me.api<{ id: number; title: string }[]>('GET', '/labels?page=2')),
  ].filter((l) => !/^hand tools \d+$/.test(l.title));
  expect(labels.map((l) => l.title).sort()).toEqual(['Shed', 'tools']);
  const shed = labels.find((l) => l.title === 'Shed')!;
  const onServer = await me.api<{ id: number; title: string; labels: { id: number }[] | null }[]>(
    'GET',
    `/projects/${project.id}/tasks`,
  );
  const labelIds = (title: string) =>
    (onServer.find((t) => t.title === title)?.labels ?? []).map((l) => l.id).sort((a, b) => a - b);
  expect(labelIds('Oil the hinges')).toEqual([shed.id]);
  expect(labelIds(`Sweep the floor @${me.username}`)).toEqual([tools.id, shed.id].sort((a, b) => a - b));
  // The row shows the server's labels now, and nothing waits.
  await page.reload();
  await expect(row.getByText('Shed', { exact: true })).toBeVisible();
  await expect(page.getByText(/Changes waiting/)).toHaveCount(0);
  await context.close();
});

test('a label made offline that the server refuses comes off its task, and the task is made without it', async ({
  browser,
  request,
}) => {
  const me = await account(request, 'offlx');
  const project = await me.api<{ id: number }>('PUT', '/projects', { title: 'Workshop' });
  await me.api('PUT', `/projects/${project.id}/tasks`, { title: 'Oil the hinges' });
  const { context, page } = await openList(browser, me, project.id, 'Oil the hinges');
  await serviceWorkerActive(page);

  await goOffline(context, page);
  // A label name past the server's 250 characters: the device cannot know the limit of the
  // server it will reach.
  const name = `shed${'x'.repeat(250)}`;
  const input = page.getByRole('textbox', { name: 'New task' });
  await input.fill(`Sweep the floor *${name}`);
  await input.press('Enter');
  const row = page.getByRole('listitem').filter({ hasText: 'Sweep the floor' });
  await expect(row.getByText(name, { exact: true })).toBeVisible();
  await expect(
    page.getByText('The task is kept on this device and created when you are back online.'),
  ).toBeVisible();
  // The label, the task and the label put on it.
  await expect(page.getByText('Changes waiting: 3.')).toBeVisible();

  await context.setOffline(false);
  const refused = page.getByRole('alert').filter({ hasText: 'Changes made offline that were not saved' });
  await expect(refused).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/Changes waiting|Sending the changes/)).toHaveCount(0);
  await expect(refused.getByRole('listitem')).toHaveCount(1);
  await expect(refused.getByText(/New label “shedx+”: /)).toBeVisible();
  // The long name wraps: the whole reason and its button stay on the screen.
  await expect(refused.getByText(/: Invalid Data$/)).toBeInViewport({ ratio: 1 });
  await expect(refused.getByRole('button', { name: 'Dismiss' })).toBeInViewport({ ratio: 1 });
  await expect(row.getByText(name, { exact: true })).toHaveCount(0);
  await expect(row.getByText('Sweep the floor', { exact: true })).toBeVisible();
  const onServer = await me.api<{ title: string; labels: unknown[] | null }[]>(
    'GET',
    `/projects/${project.id}/tasks`,
  );
  expect(onServer.map((t) => [t.title, t.labels ?? []])).toEqual([
    ['Oil the hinges', []],
    ['Sweep the floor', []],
  ]);
  expect(await me.api<unknown[] | null>('GET', '/labels')).toEqual([]);
  await context.close();
});

test('a label made offline and taken off again, and a relation added and removed offline, end as left', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const {
    me,
    task: mow,
    context,
    page,
    detail,
  } = await gardenWithDetailOpen(browser, request, 'offundo', ['Mow the lawn', 'Fix the fence']);

  await goOffline(context, page);
  await detail.getByRole('button', { name: 'Labels' }).click();
  await detail.getByRole('textbox', { name: 'Add a label' }).fill('Shed');
  await page.getByRole('option', { name: 'Create the label "Shed"' }).click();
  await detail.getByRole('button', { name: 'Remove the label Shed' }).click();
  await expect(detail.getByRole('button', { name: 'Remove the label Shed' })).toHaveCount(0);
  await relateInDetail(page, detail, 'fence', 'Fix the fence');
  const related = detail.getByTestId('relation-related');
  await detail.getByRole('button', { name: 'Remove the relation to Fix the fence' }).click();
  await expect(related).toHaveCount(0);
  // Each change says it waits on the device, none that it is done.
  await expect(
    page.getByText('The change is kept on this device and sent when you are back online.').first(),
  ).toBeVisible();
  await expect(
    page.getByText(/The relation was (added|removed)|The label was (added|removed|created and added)/),
  ).toHaveCount(0);
  // The label made, put on and taken off; the relation added and removed.
  await expect(page.getByText('Changes waiting: 5.')).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toBeHidden({ timeout: 30_000 });
  const onServer = await me.api<
    ServerTask & { labels: unknown[] | null; related_tasks: Record<string, unknown[]> | null }
  >('GET', `/tasks/${mow.id}`);
  expect(onServer.labels ?? []).toEqual([]);
  expect(Object.values(onServer.related_tasks ?? {}).flat()).toEqual([]);
  expect((await me.api<{ title: string }[]>('GET', '/labels')).map((l) => l.title)).toEqual(['Shed']);
  await expect(related).toHaveCount(0);
  await context.close();
});

test('lines pasted offline with indented subtasks are nested at once, can be related to, and reach the server as made', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const me = await account(request, 'offsub');
  const project = await me.api<{ id: number }>('PUT', '/projects', { title: 'Garden' });
  await me.api('PUT', `/projects/${project.id}/tasks`, { title: 'Mow the lawn' });
  const { context, page } = await openList(browser, me, project.id, 'Mow the lawn');
  // A task's detail once online, so its screen is saved for offline use.
  await page.getByText('Mow the lawn', { exact: true }).click();
  const detail = page.getByRole('dialog');
  await expect(detail.getByLabel('Title')).toHaveValue('Mow the lawn');
  await detail.getByRole('button', { name: 'Close' }).click();
  await serviceWorkerActive(page);

  await goOffline(context, page);
  const input = page.getByRole('textbox', { name: 'New task' });
  await input.fill('Fix the fence\n  Buy posts\n  Paint it');
  await input.press('Enter');
  await expect(
    page.getByText('3 tasks are kept on this device and created when you are back online.'),
  ).toBeVisible();
  // The subtasks sit under their parent, one level in, before the server has any of them.
  const indent = (title: string) =>
    page
      .getByRole('listitem')
      .filter({ has: page.getByText(title, { exact: true }) })
      .evaluate((row) => getComputedStyle(row).paddingInlineStart);
  await expect.poll(() => indent('Buy posts')).toBe('36px');
  await expect.poll(() => indent('Paint it')).toBe('36px');
  expect(await indent('Fix the fence')).toBe('8px');
  // Three tasks made, two related.
  await expect(page.getByText('Changes waiting: 5.')).toBeVisible();
  // In a task's detail the tasks the app has loaded are found by title, one made offline too.
  await page.getByText('Mow the lawn', { exact: true }).click();
  await expect(detail.getByLabel('Title')).toHaveValue('Mow the lawn');
  await relateInDetail(page, detail, 'fence', 'Fix the fence');
  await expect(page.getByText('Changes waiting: 6.')).toBeVisible();
  await detail.getByRole('button', { name: 'Close' }).click();

  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toBeHidden({ timeout: 30_000 });
  type WithRelations = ServerTask & { related_tasks: Record<string, { id: number; title: string }[]> | null };
  const onServer = await me.api<WithRelations[]>('GET', `/projects/${project.id}/tasks`);
  expect(onServer.map((t) => t.title).sort()).toEqual([
    'Buy posts',
    'Fix the fence',
    'Mow the lawn',
    'Paint it',
  ]);
  const fence = await me.api<WithRelations>(
    'GET',
    `/tasks/${onServer.find((t) => t.title === 'Fix the fence')!.id}`,
  );
  expect((fence.related_tasks?.subtask ?? []).map((t) => t.title).sort()).toEqual(['Buy posts', 'Paint it']);
  expect((fence.related_tasks?.related ?? []).map((t) => t.title)).toEqual(['Mow the lawn']);
  await page.reload();
  await expect.poll(() => indent('Buy posts')).toBe('36px');
  await context.close();
});

test('a task made offline that the server refuses takes along the relations other tasks were given to it', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const me = await account(request, 'offrelx');
  const garden = await me.api<{ id: number }>('PUT', '/projects', { title: 'Garden' });
  const yard = await me.api<{ id: number }>('PUT', '/projects', { title: 'Yard' });
  await me.api('PUT', `/projects/${garden.id}/tasks`, { title: 'Weed the beds' });
  const mow = await me.api<ServerTask>('PUT', `/projects/${yard.id}/tasks`, { title: 'Mow the lawn' });
  const { context, page } = await openList(browser, me, yard.id, 'Mow the lawn');
  const yardAddress = page.url();
  // Mow the lawn's detail once online, so its screen is saved for offline use; then Garden's list.
  await page.getByText('Mow the lawn', { exact: true }).click();
  const detail = page.getByRole('dialog');
  await expect(detail.getByLabel('Title')).toHaveValue('Mow the lawn');
  await detail.getByRole('button', { name: 'Close' }).click();
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Garden' })
    .click();
  await expect(page.getByText('Weed the beds', { exact: true })).toBeVisible();
  await serviceWorkerActive(page);

  await goOffline(context, page);
  const input = page.getByRole('textbox', { name: 'New task' });
  await input.fill('Fix the fence');
  await input.press('Enter');
  await expect(page.getByText('Fix the fence', { exact: true })).toBeVisible();
  // In another project, a task is related to the new one.
  await page.goBack();
  await expect(page).toHaveURL(yardAddress);
  await page.getByText('Mow the lawn', { exact: true }).click();
  await expect(detail.getByLabel('Title')).toHaveValue('Mow the lawn');
  await relateInDetail(page, detail, 'fence', 'Fix the fence');
  await expect(page.getByText('Changes waiting: 2.')).toBeVisible();
  // Meanwhile, from another device, Garden is archived: no task can be made in it.
  await me.api('POST', `/projects/${garden.id}`, { title: 'Garden', is_archived: true });

  await context.setOffline(false);
  const refused = page.getByRole('alert').filter({ hasText: 'Changes made offline that were not saved' });
  await expect(refused).toBeVisible({ timeout: 30_000 });
  // Only the new task is named: the relation to it went with it, rather than being sent to be
  // refused as a second change the user cannot act on.
  await expect(refused.getByText(/New task “Fix the fence”: /)).toBeVisible();
  await expect(page.getByText(/Changes waiting|Sending the changes/)).toHaveCount(0);
  await expect(refused.getByRole('listitem')).toHaveCount(1);
  await expect(detail.getByTestId('relation-related')).toHaveCount(0);
  const onServer = await me.api<ServerTask & { related_tasks: Record<string, unknown[]> | null }>(
    'GET',
    `/tasks/${mow.id}`,
  );
  expect(Object.values(onServer.related_tasks ?? {}).flat()).toEqual([]);
  expect((await me.api<ServerTask[]>('GET', `/projects/${garden.id}/tasks`)).map((t) => t.title)).toEqual([
    'Weed the beds',
  ]);
  await context.close();
});

test('a task deleted offline is deleted once back online, and its notice offers no undo meanwhile', async ({
  browser,
  request,
}) => {
  const {
    me,
    task: rake,
    context,
    page,
    detail,
  } = await gardenWithDetailOpen(browser, request, 'offdel', ['Rake leaves', 'Mow the lawn']);

  await goOffline(context, page);
  await detail.getByRole('heading', { name: 'Description' }).click();
  await page.keyboard.press('Shift+Delete');
  await page
    .getByRole('dialog', { name: 'Delete this task?' })
    .getByRole('button', { name: 'Delete task' })
    .click();
  const notice = page
    .getByRole('alert')
    .filter({ hasText: 'The task will be deleted when you are back online.' });
  await expect(notice).toBeVisible();
  // Undo would need the server's trash, which cannot be reached.
  await expect(notice.getByRole('button', { name: 'Undo' })).toHaveCount(0);
  await expect(page.getByText('The task was deleted successfully.')).toHaveCount(0);
  await expect(page.getByText('Changes waiting: 1.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Tasks' }).getByText('Rake leaves')).toHaveCount(0);

  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toBeHidden({ timeout: 30_000 });
  const gone = await request.get(`/api/v1/tasks/${rake.id}`, {
    headers: { Authorization: `Bearer ${me.token}` },
  });
  expect(gone.status()).toBe(404);
  await context.close();
});

test('a comment edited and one deleted offline wait, survive a reload and reach the server once', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const me = await account(request, 'offc');
  const project = await me.api<{ id: number }>('PUT', '/projects', { title: 'Workshop' });
  const task = await me.api<ServerTask>('PUT', `/projects/${project.id}/tasks`, { title: 'Oil the saw' });
  await me.api('PUT', `/tasks/${task.id}/comments`, { comment: '<p>Use the thin oil</p>' });
  await me.api('PUT', `/tasks/${task.id}/comments`, { comment: '<p>Ask Ben first</p>' });
  const onServer = async () =>
    (await me.api<{ comment: string }[]>('GET', `/tasks/${task.id}/comments`)).map((c) => c.comment);

  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, me.token);
  await page.goto(`/tasks/${task.id}`);
  const comments = page.getByTestId('comment');
  await expect(comments).toHaveCount(2);
  await serviceWorkerActive(page);

  await goOffline(context, page);
  const oil = comments.filter({ hasText: 'Use the thin oil' });
  await oil.getByRole('button', { name: 'Edit' }).click();
  const editor = oil.getByRole('textbox', { name: 'Comment' });
  await editor.press('End');
  await editor.pressSequentially(', not the grease');
  await oil.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText('The new text is kept on this device and sent when you are back online.'),
  ).toBeVisible();
  const edited = comments.filter({ hasText: 'Use the thin oil, not the grease' });
  await expect(edited).toContainText('edited');
  await expect(edited.getByText('Waiting to be sent')).toBeVisible();

  await comments.filter({ hasText: 'Ask Ben first' }).getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this comment?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  // Nothing to undo yet: the deletion itself waits for the network.
  await expect(page.getByText('The comment will be deleted when you are back online.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Undo' })).toHaveCount(0);
  await expect(comments).toHaveCount(1);
  await expect(page.getByText('Changes waiting: 2.')).toBeVisible();

  // A reload without a network shows both as made.
  await page.waitForTimeout(1500);
  await page.reload();
  await expect(page.getByText('You are offline')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Changes waiting: 2.')).toBeVisible();
  await expect(comments).toHaveCount(1);
  await expect(comments).toContainText('Use the thin oil, not the grease');
  await expect(edited.getByText('Waiting to be sent')).toBeVisible();
  expect(await onServer()).toEqual(['<p>Use the thin oil</p>', '<p>Ask Ben first</p>']);

  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toBeHidden({ timeout: 30_000 });
  await expect(edited.getByText('Waiting to be sent')).toHaveCount(0);
  expect(await onServer()).toEqual(['<p>Use the thin oil, not the grease</p>']);
  await page.reload();
  await expect(comments).toHaveCount(1);
  await expect(comments).toContainText('Use the thin oil, not the grease');
  await context.close();
});

test('a change that cannot wait offline says the device is offline and leaves the task as it was', async ({
  browser,
  request,
}) => {
  const { me, task, context, page, detail } = await gardenWithDetailOpen(browser, request, 'offsub', [
    'Rake leaves',
    'Mow the lawn',
  ]);
  await goOffline(context, page);
  // Following a task is the server's to keep; it is not among the changes kept on the device.
  await detail.getByRole('button', { name: 'Subscribe' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'You are offline: this needs a connection to your server.' }),
  ).toBeVisible();
  await expect(page.getByText(/could not be reached/)).toHaveCount(0);
  await expect(detail.getByRole('button', { name: 'Subscribe' })).toBeVisible();
  await context.setOffline(false);
  const onServer = await me.api<{ subscription: unknown }>('GET', `/tasks/${task.id}`);
  expect(onServer.subscription ?? null).toBeNull();
  await context.close();
});
