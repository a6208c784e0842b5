/**
 * A picker's Enter pressed while its search is on its way picks from the answer for the text
 * typed, not from the list shown for the text before it (nor "Create" beside a match to come).
 */

import type { APIRequestContext, Locator } from '@playwright/test';
import { type Account, account, signIn } from './support/accounts';
import { expect, type Page, test } from './support/csp-guard';

/** Holds the first request whose address matches until `release` is called. */
async function holdRequest(page: Page, address: (url: URL) => boolean) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let arrived: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  let holding = true;
  await page.route(
    (url) => holding && address(url),
    async (route) => {
      holding = false;
      arrived();
      await released;
      await route.continue();
    },
  );
  return { held, release };
}

/**
 * Types `text` into the picker while the search it sends (the request `address` matches) is held
 * back; answers with the function that lets it through.
 */
async function typeWhileSearchHeld(page: Page, field: Locator, text: string, address: (url: URL) => boolean) {
  const search = await holdRequest(page, address);
  await field.fill(text);
  await search.held;
  return search.release;
}

/** Opens the task signed in as `me` and shows its field by the task action named `action`. */
async function openTaskField(page: Page, me: Account, taskId: number, action: RegExp) {
  await signIn(page, me.token);
  await page.goto(`/tasks/${taskId}`);
  await page.getByRole('group', { name: 'Task actions' }).getByRole('button', { name: action }).click();
}

/**
 * An account with twenty labels, which fill the list shown for no text, "paint", which is not among
 * them, and a project "Shed"; answers the account, "paint" and the project.
 */
async function paintBesideCratesInShed(request: APIRequestContext) {
  const me = await account(request, 'pk');
  for (let n = 10; n < 30; n += 1)
    await me.api('PUT', '/labels', { title: `crate ${n}`, hex_color: '4caf50' });
  const paint = await me.api<{ id: number }>('PUT', '/labels', { title: 'paint', hex_color: 'e8443a' });
  const project = await me.api<{ id: number }>('PUT', '/projects', { title: 'Shed' });
  return { me, paint, project };
}

/** Opens the label picker `field` on the labels for no text, then types "paint" while its search is held. */
async function typePaintWhileSearchHeld(page: Page, field: Locator) {
  await field.click();
  await expect(page.getByRole('option', { name: 'crate 10' })).toBeVisible();
  return typeWhileSearchHeld(
    page,
    field,
    'paint',
    (url) => url.pathname.endsWith('/labels') && url.searchParams.get('s') === 'paint',
  );
}

/**
 * Checks the person picker `field` lists `first` and `second` for no text (everyone who can see
 * the project), then types the second's name while its search is held.
 */
async function typeSecondWhileSearchHeld(page: Page, field: Locator, first: Account, second: Account) {
  await expect(page.getByRole('option', { name: first.username })).toBeVisible();
  await expect(page.getByRole('option', { name: second.username })).toBeVisible();
  return typeWhileSearchHeld(
    page,
    field,
    second.username,
    (url) => url.pathname.endsWith('/projectusers') && url.searchParams.get('s') === second.username,
  );
}

/** A project "Shed" shared with two other people, who can then be assigned. */
async function shedSharedWithTwo(request: APIRequestContext) {
  const me = await account(request, 'pk');
  const first = await account(request, 'pka');
  const second = await account(request, 'pkb');
  const project = await me.api<{ id: number }>('PUT', '/projects', { title: 'Shed' });
  for (const other of [first, second])
    await me.api('PUT', `/projects/${project.id}/users`, { username: other.username, permission: 1 });
  return { me, first, second, project };
}

test('Enter on an assignee while the search is slow assigns the person typed', async ({ page, request }) => {
  const { me, first, second, project } = await shedSharedWithTwo(request);
  const task = await me.api<{ id: number }>('PUT', `/projects/${project.id}/tasks`, {
    title: 'Fix the door',
  });
  await openTaskField(page, me, task.id, /Assign/);
  const field = page.getByRole('textbox', { name: 'Assign someone' });
  const release = await typeSecondWhileSearchHeld(page, field, first, second);
  // The list still shows the answer for no text, its first person highlighted.
  await field.press('Enter');
  const assigned = page.waitForResponse(
    (r) => /\/tasks\/\d+\/assignees$/.test(new URL(r.url()).pathname) && r.request().method() === 'PUT',
  );
  release();
  expect((await assigned).ok()).toBe(true);
  await expect(page.getByText('The user was assigned.')).toBeVisible();
  const saved = await me.api<{ assignees: { username: string }[] | null }>('GET', `/tasks/${task.id}`);
  expect(saved.assignees?.map((u) => u.username)).toEqual([second.username]);
});

test('Enter while a task search is slow relates the task found, not a new one', async ({ page, request }) => {
  const me = await account(request, 'pk');
  const project = await me.api<{ id: number }>('PUT', '/projects', { title: 'Shed' });
  const task = await me.api<{ id: number }>('PUT', `/projects/${project.id}/tasks`, {
    title: 'Paint the shed',
  });
  const paint = await me.api<{ id: number }>('PUT', `/projects/${project.id}/tasks`, { title: 'Buy paint' });
  await openTaskField(page, me, task.id, /Relate a task/);
  const field = page.getByRole('textbox', { name: 'Search for a task' });

  const release = await typeWhileSearchHeld(
    page,
    field,
    'Buy paint',
    (url) => url.pathname.endsWith('/tasks/all') && url.searchParams.get('s') === 'Buy paint',
  );
  // Until the answer comes, the only option is to make a new task of that title.
  await expect(page.getByRole('option', { name: 'Create the task "Buy paint"' })).toBeVisible();
  await field.press('Enter');
  release();
  // The existing task is picked: its title, not "New task: …".
  await expect(page.getByText('Buy paint', { exact: true })).toBeVisible();
  await expect(page.getByText(/New task/)).toHaveCount(0);
  const added = page.waitForResponse(
    (r) => /\/tasks\/\d+\/relations$/.test(new URL(r.url()).pathname) && r.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: 'Add relation' }).click();
  expect((await added).ok()).toBe(true);
  const saved = await me.api<{ related_tasks: Record<string, { id: number }[]> }>('GET', `/tasks/${task.id}`);
  expect(saved.related_tasks.related?.map((t) => t.id)).toEqual([paint.id]);
  const tasks = await me.api<unknown[]>('GET', `/projects/${project.id}/tasks`);
  expect(tasks).toHaveLength(2);
});

test('Enter on "Create" while the label search is slow adds the label that exists', async ({
  page,
  request,
}) => {
  const { me, paint, project } = await paintBesideCratesInShed(request);
  const task = await me.api<{ id: number }>('PUT', `/projects/${project.id}/tasks`, {
    title: 'Paint the shed',
  });
  await openTaskField(page, me, task.id, /Labels/);
  const field = page.getByRole('textbox', { name: 'Add a label' });
  const release = await typePaintWhileSearchHeld(page, field);
  await expect(page.getByRole('option', { name: 'Create the label "paint"' })).toBeVisible();
  await field.press('Enter');
  const added = page.waitForResponse(
    (r) => /\/tasks\/\d+\/labels$/.test(new URL(r.url()).pathname) && r.request().method() === 'PUT',
  );
  release();
  expect((await added).ok()).toBe(true);
  await expect(page.getByRole('button', { name: 'Remove the label paint' })).toBeVisible();
  const saved = await me.api<{ labels: { id: number }[] | null }>('GET', `/tasks/${task.id}`);
  expect(saved.labels?.map((l) => l.id)).toEqual([paint.id]);
  const named = await me.api<{ id: number }[]>('GET', '/labels?s=paint');
  expect(named).toHaveLength(1);
});

/**
 * A project "Shed" with two tasks, both selected in its list; answers the bulk bar and the tasks' ids.
 */
async function bulkBarOnTwoTasks(page: Page, me: Account, project: { id: number }) {
  const ids: number[] = [];
  for (const title of ['Sand the door', 'Oil the hinges'])
    ids.push((await me.api<{ id: number }>('PUT', `/projects/${project.id}/tasks`, { title })).id);
  await signIn(page, me.token);
  await page.goto(`/projects/${project.id}`);
  await page.getByRole('checkbox', { name: 'Select “Sand the door”' }).click();
  await page.getByRole('checkbox', { name: 'Select “Oil the hinges”' }).click();
  const bar = page.getByRole('toolbar', { name: 'Change the selected tasks' });
  await expect(bar.getByText('2 selected')).toBeVisible();
  return { bar, ids };
}

/**
 * Enter on the bulk picker `field` (its first option highlighted) while its search is held, then
 * lets the search through: the change is sent once the answer is there, and the server takes it.
 */
async function pickFirstOnceAnswered(page: Page, field: Locator, release: () => void) {
  await field.press('Enter');
  const changed = page.waitForResponse(
    (r) => new URL(r.url()).pathname.endsWith('/tasks/bulk') && r.request().method() === 'POST',
  );
  release();
  expect((await changed).ok()).toBe(true);
}

test('Enter on a label in the bulk bar while the search is slow puts the label typed on every selected task', async ({
  page,
  request,
}) => {
  const { me, paint, project } = await paintBesideCratesInShed(request);
  const { bar, ids } = await bulkBarOnTwoTasks(page, me, project);
  await bar.getByRole('button', { name: 'Labels' }).click();
  const field = page.getByRole('textbox', { name: 'Find a label' });
  const release = await typePaintWhileSearchHeld(page, field);
  // The list still shows the labels found for no text, the first of them highlighted.
  await expect(page.getByRole('option', { name: 'crate 10' })).toBeVisible();
  await pickFirstOnceAnswered(page, field, release);
  for (const id of ids) {
    const saved = await me.api<{ labels: { id: number }[] | null }>('GET', `/tasks/${id}`);
    expect(saved.labels?.map((l) => l.id)).toEqual([paint.id]);
  }
});

test('Enter on a person in the bulk bar while the search is slow assigns the person typed to every selected task', async ({
  page,
  request,
}) => {
  const { me, first, second, project } = await shedSharedWithTwo(request);
  const { bar, ids } = await bulkBarOnTwoTasks(page, me, project);
  await bar.getByRole('button', { name: 'Assignees' }).click();
  const field = page.getByRole('textbox', { name: 'Find a person' });
  await field.click();
  const release = await typeSecondWhileSearchHeld(page, field, first, second);
  // The list still shows the people found for no text, the first of them highlighted.
  await expect(page.getByRole('option', { name: first.username })).toBeVisible();
  await pickFirstOnceAnswered(page, field, release);
  for (const id of ids) {
    const saved = await me.api<{ assignees: { username: string }[] | null }>('GET', `/tasks/${id}`);
    expect(saved.assignees?.map((u) => u.username)).toEqual([second.username]);
  }
});
