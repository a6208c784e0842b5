import { account, PNG, signIn } from './support/accounts';
import { expect, type Page, test } from './support/csp-guard';

/** Runs the action and waits until the task update it causes has been answered. */
async function saved(page: Page, taskId: number, action: () => Promise<void>) {
  const response = page.waitForResponse(
    (r) => r.url().endsWith(`/api/v1/tasks/${taskId}`) && r.request().method() === 'POST',
  );
  await action();
  expect((await response).ok()).toBe(true);
}

async function answered(page: Page, path: RegExp, action: () => Promise<void>) {
  const response = page.waitForResponse(
    (r) => path.test(new URL(r.url()).pathname) && r.request().method() !== 'GET',
  );
  await action();
  expect((await response).ok()).toBe(true);
}

function actions(page: Page) {
  return page.getByRole('group', { name: 'Task actions' });
}

test('task detail: every field is edited in place and kept after a reload', async ({ page, request }) => {
  // Every field, each saved and checked on the server: 27 to 45 s in CI, and past 60 s on a
  // host whose cores other work had taken.
  test.slow();
  const me = await account(request, 'td');
  const colleague = await account(request, 'td');
  const project = await me.api<{ id: number }>('PUT', '/projects', { title: 'Garden' });
  await me.api('PUT', `/projects/${project.id}/users`, { username: colleague.username, permission: 1 });
  const task = await me.api<{ id: number }>('PUT', `/projects/${project.id}/tasks`, {
    title: 'Plant tomatoes',
  });
  const seeds = await me.api<{ id: number }>('PUT', `/projects/${project.id}/tasks`, { title: 'Buy seeds' });
  await signIn(page, me.token);
  await page.goto(`/tasks/${task.id}`);
  await expect(page.getByLabel('Title')).toHaveValue('Plant tomatoes');

  await saved(page, task.id, async () => {
    await page.getByLabel('Title').fill('Plant the tomatoes');
    // Ctrl+S saves while the field still has the focus.
    await page.getByLabel('Title').press('Control+s');
  });
  await expect(page.getByText('The task was saved successfully.').first()).toBeVisible();

  await actions(page)
    .getByRole('button', { name: /Priority/ })
    .click();
  await saved(page, task.id, () => page.getByRole('option', { name: 'Urgent' }).click());

  await actions(page)
    .getByRole('button', { name: /Due date/ })
    .click();
  await saved(page, task.id, () => page.getByRole('button', { name: 'Tomorrow' }).click());
  const tomorrow = await me.api<{ due_date: string }>('GET', `/tasks/${task.id}`);
  expect(tomorrow.due_date).not.toBe('0001-01-01T00:00:00Z');
  // Deferring waits a second, then saves once.
  await saved(page, task.id, () => page.getByRole('button', { name: '+1 d' }).click());
  const deferred = await me.api<{ due_date: string }>('GET', `/tasks/${task.id}`);
  expect(Date.parse(deferred.due_date) - Date.parse(tomorrow.due_date)).toBe(86_400_000);

  await actions(page)
    .getByRole('button', { name: /Progress/ })
    .click();
  await saved(page, task.id, () => page.getByRole('option', { name: '50%' }).click());

  await actions(page)
    .getByRole('button', { name: /Colour/ })
    .click();
  await saved(page, task.id, async () => {
    await page.getByLabel('Colour', { exact: true }).fill('#e8443a');
    await page.getByLabel('Colour', { exact: true }).press('Tab');
  });

  await actions(page)
    .getByRole('button', { name: /Repeat/ })
    .click();
  await saved(page, task.id, () => page.getByRole('button', { name: 'Every week' }).click());
  await expect(page.getByRole('button', { name: 'Every week' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Every day' })).toHaveAttribute('aria-pressed', 'false');

  await actions(page)
    .getByRole('button', { name: /Labels/ })
    .click();
  await page.getByRole('textbox', { name: 'Add a label' }).fill('outdoors');
  await answered(page, /\/tasks\/\d+\/labels$/, () =>
    page.getByRole('option', { name: 'Create the label "outdoors"' }).click(),
  );
  await expect(page.getByText('The label was created and added.')).toBeVisible();

  await actions(page)
    .getByRole('button', { name: /Assign/ })
    .click();
  await page.getByRole('textbox', { name: 'Assign someone' }).fill(colleague.username);
  await answered(page, /\/tasks\/\d+\/assignees$/, () =>
    page.getByRole('option', { name: colleague.username }).click(),
  );

  await actions(page)
    .getByRole('button', { name: /Reminders/ })
    .click();
  await page.getByText('15:00', { exact: true }).click();
  await saved(page, task.id, () => page.getByRole('button', { name: 'Add', exact: true }).click());
  await expect(page.getByTestId('reminder')).toHaveCount(1);

  await page.getByRole('button', { name: 'Add a description' }).click();
  const editor = page.getByRole('textbox', { name: 'Description' });
  await editor.pressSequentially('Bring the pots.');
  await editor.press('Enter');
  await editor.pressSequentially('[ ] water them');
  await saved(page, task.id, () => page.getByRole('button', { name: 'Save', exact: true }).click());
  await expect(page.getByTestId('checklist-progress')).toHaveText('0 of 1 done');
  await saved(page, task.id, () => page.getByRole('checkbox', { name: /water them/ }).check());
  await expect(page.getByTestId('checklist-progress')).toHaveText('1 of 1 done');

  await actions(page)
    .getByRole('button', { name: /Relate a task/ })
    .click();
  await page.getByRole('textbox', { name: 'Search for a task' }).fill('Buy seeds');
  await page.getByRole('option', { name: /^#\d+ Buy seeds$/ }).click();
  await page.getByRole('combobox', { name: 'Relation' }).click();
  await page.getByRole('option', { name: 'Blocking' }).click();
  await answered(page, /\/tasks\/\d+\/relations$/, () =>
    page.getByRole('button', { name: 'Add relation' }).click(),
  );

  await answered(page, /\/tasks\/\d+\/attachments$/, () =>
    page.locator('input[type=file]').setInputFiles({ name: 'bed.png', mimeType: 'image/png', buffer: PNG }),
  );
  await expect(page.getByRole('img', { name: 'Preview of bed.png' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Comment' }).pressSequentially('Rain on Thursday');
  await answered(page, /\/tasks\/\d+\/comments$/, () =>
    page.getByRole('button', { name: 'Comment', exact: true }).click(),
  );
  await expect(page.getByTestId('comment')).toContainText('Rain on Thursday');

  // Shortcut s: favourite (only while not typing).
  await page.getByRole('heading', { name: 'Description' }).click();
  await saved(page, task.id, () => page.keyboard.press('s'));

  await page.reload();
  await expect(page.getByLabel('Title')).toHaveValue('Plant the tomatoes');
  await expect(page.getByRole('combobox', { name: 'Priority' })).toHaveValue('Urgent');
  await expect(page.getByRole('button', { name: /^Due date: / })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Progress' })).toHaveValue('50%');
  await expect(page.getByLabel('Colour', { exact: true })).toHaveValue('#e8443a');
  await expect(page.getByLabel('Repeat every')).toHaveValue('1');
  await expect(page.getByRole('combobox', { name: 'Repeat unit' })).toHaveValue('weeks');
  // The label and the assignee show among the attributes (the activity below names them too).
  await expect(page.getByText('outdoors', { exact: true }).first()).toBeVisible();
  await expect(page.getByText(colleague.username, { exact: true }).first()).toBeVisible();
  await expect(page.getByTestId('reminder')).toContainText('15:00');
  await expect(page.getByTestId('checklist-progress')).toHaveText('1 of 1 done');
  await expect(page.getByText('Bring the pots.')).toBeVisible();
  await expect(page.getByTestId('relation-blocking')).toContainText('Buy seeds');
  await expect(page.getByRole('img', { name: 'Preview of bed.png' })).toBeVisible();
  await expect(page.getByTestId('comment')).toContainText('Rain on Thursday');
  await expect(page.getByRole('button', { name: 'Remove from favourites' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  const stored = await me.api<{ related_tasks: Record<string, { id: number }[]>; repeat_after: number }>(
    'GET',
    `/tasks/${task.id}`,
  );
  expect(stored.repeat_after).toBe(604_800);
  expect(stored.related_tasks.blocking.map((t) => t.id)).toEqual([seeds.id]);
});

test('task detail: a modal over its page, done with undo, move, comment edits and delete by shortcut', async ({
  page,
  request,
}) => {
  const me = await account(request, 'td');
  const garden = await me.api<{ id: number }>('PUT', '/projects', { title: 'Garden' });
  const house = await me.api<{ id: number }>('PUT', '/projects', { title: 'House' });
  const task = await me.api<{ id: number }>('PUT', `/projects/${garden.id}/tasks`, { title: 'Rake leaves' });
  const other = await me.api<{ id: number }>('PUT', `/projects/${garden.id}/tasks`, {
    title: 'Fix the gate',
  });
  await me.api('PUT', `/tasks/${task.id}/relations`, { other_task_id: other.id, relation_kind: 'related' });
  await me.api('PUT', `/tasks/${other.id}/comments`, { comment: '<p>first</p>' });
  await signIn(page, me.token);

  await page.goto(`/tasks/${task.id}`);
  // The related-tasks section re-renders once its data arrives; a click during that can be lost,
  // so click until the related task's address is shown.
  await expect(async () => {
    await page.getByRole('link', { name: 'Fix the gate' }).click();
    await expect(page).toHaveURL(new RegExp(`/tasks/${other.id}$`), { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  const modal = page.getByRole('dialog');
  await expect(modal.getByLabel('Title')).toHaveValue('Fix the gate');
  await expect(page).toHaveURL(new RegExp(`/tasks/${other.id}$`));

  // t marks done (after a short delay); Undo reverses it.
  await modal.getByRole('heading', { name: 'Description' }).click();
  await saved(page, other.id, () => page.keyboard.press('t'));
  await expect(page.getByText('The task was marked as done.')).toBeVisible();
  await expect(modal.getByText('Done', { exact: true })).toBeVisible();
  await saved(page, other.id, () => page.getByRole('button', { name: 'Undo' }).click());
  await expect(modal.getByText('Done', { exact: true })).toHaveCount(0);
  await saved(page, other.id, () => modal.getByRole('button', { name: /Mark as done/ }).click());

  // The author edits their comment, which then says it was edited.
  await modal.getByTestId('comment').getByRole('button', { name: 'Edit' }).click();
  const commentEditor = modal.getByTestId('comment').getByRole('textbox', { name: 'Comment' });
  await commentEditor.press('End');
  await commentEditor.pressSequentially(' and second');
  await answered(page, /\/comments\/\d+$/, () =>
    modal.getByTestId('comment').getByRole('button', { name: 'Save' }).click(),
  );
  await expect(modal.getByTestId('comment')).toContainText('first and second');
  await expect(modal.getByTestId('comment')).toContainText('edited');

  await modal.getByRole('button', { name: 'Close' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/tasks/${task.id}$`));
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const reopened = await me.api<{ done: boolean }>('GET', `/tasks/${other.id}`);
  expect(reopened.done).toBe(true);

  // m: move to another project.
  await page.getByRole('heading', { name: 'Description' }).click();
  await page.keyboard.press('m');
  await saved(page, task.id, () => page.getByRole('option', { name: 'House' }).click());
  await expect(page.getByText('The task was moved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('link', { name: 'House' }).first()).toBeVisible();
  expect((await me.api<{ project_id: number }>('GET', `/tasks/${task.id}`)).project_id).toBe(house.id);

  // Shift+Delete asks first, then deletes and leaves for the project.
  await page.getByRole('heading', { name: 'Description' }).click();
  await page.keyboard.press('Shift+Delete');
  const confirm = page.getByRole('dialog', { name: 'Delete this task?' });
  await confirm.getByRole('button', { name: 'Delete task' }).click();
  await expect(page.getByText('The task was deleted successfully.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/projects/${house.id}`));
  const gone = await request.get(`/api/v1/tasks/${task.id}`, {
    headers: { Authorization: `Bearer ${me.token}` },
  });
  expect(gone.status()).toBe(404);
});

test('task detail: a move to another project is undone from its notice', async ({ page, request }) => {
  const me = await account(request, 'td');
  const garden = await me.api<{ id: number }>('PUT', '/projects', { title: 'Garden' });
  await me.api('PUT', '/projects', { title: 'House' });
  const task = await me.api<{ id: number }>('PUT', `/projects/${garden.id}/tasks`, { title: 'Prune roses' });
  await signIn(page, me.token);
  await page.goto(`/tasks/${task.id}`);
  await page.getByRole('heading', { name: 'Description' }).click();
  await page.keyboard.press('m');
  await saved(page, task.id, () => page.getByRole('option', { name: 'House' }).click());
  await expect(page.getByText('The task was moved.')).toBeVisible();
  await saved(page, task.id, () => page.getByRole('button', { name: 'Undo' }).click());
  await expect(page.getByText('The task was moved back.')).toBeVisible();
  expect((await me.api<{ project_id: number }>('GET', `/tasks/${task.id}`)).project_id).toBe(garden.id);
});

test('task detail: a failed save rolls back and shows the catalogue error', async ({ page, request }) => {
  const me = await account(request, 'td');
  const project = await me.api<{ id: number }>('PUT', '/projects', { title: 'Archive me' });
  const task = await me.api<{ id: number }>('PUT', `/projects/${project.id}/tasks`, { title: 'Frozen' });
  // The page must not hear the archiving live (it would turn read-only before the save), so its
  // socket is cut: it learns of the archive only from the refused save.
  await page.routeWebSocket(/\/api\/v1\/ws$/, (ws) => ws.close());
  await signIn(page, me.token);
  await page.goto(`/tasks/${task.id}`);
  await expect(page.getByLabel('Title')).toHaveValue('Frozen');
  // The projects are read too (the sidebar lists this one) before the archiving below.
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Archive me' })).toBeVisible();
  // Archived behind the page's back: the next save is refused with 3008.
  await me.api('POST', `/projects/${project.id}`, { title: 'Archive me', is_archived: true });
  await page.getByLabel('Title').fill('Thawed');
  await page.getByLabel('Title').press('Enter');
  await expect(
    page.getByText('This project is archived. Editing or creating new tasks is not possible.'),
  ).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue('Frozen');
});

test('task detail: a task of an archived project opens read-only, saying why', async ({ page, request }) => {
  const me = await account(request, 'td');
  const project = await me.api<{ id: number }>('PUT', '/projects', { title: 'Old house' });
  const task = await me.api<{ id: number }>('PUT', `/projects/${project.id}/tasks`, {
    title: 'Fix the gate',
  });
  await me.api('POST', `/projects/${project.id}`, { title: 'Old house', is_archived: true });
  await signIn(page, me.token);
  await page.goto(`/tasks/${task.id}`);
  await expect(page.getByLabel('Title')).toHaveValue('Fix the gate');
  await expect(
    page.getByText('This project is archived. It is not possible to create new tasks or edit existing ones.'),
  ).toBeVisible();
  await expect(page.getByLabel('Title')).not.toBeEditable();
  await expect(actions(page)).toHaveCount(0);
  // Keys do nothing either: `t` would mark it done.
  await page.keyboard.press('t');
  await page.waitForTimeout(500);
  expect((await me.api<{ done: boolean }>('GET', `/tasks/${task.id}`)).done).toBe(false);
  await expect(
    page.getByText('This project is archived. Editing or creating new tasks is not possible.'),
  ).toHaveCount(0);
});

test('task detail: a reload that fails keeps the task on screen', async ({ page, request }) => {
  const me = await account(request, 'td');
  const project = await me.api<{ id: number }>('PUT', '/projects', { title: 'Shaky line' });
  const task = await me.api<{ id: number }>('PUT', `/projects/${project.id}/tasks`, { title: 'Stay put' });
  await signIn(page, me.token);
  await page.goto(`/tasks/${task.id}`);
  await expect(page.getByLabel('Title')).toHaveValue('Stay put');

  // From now on the server cannot be reached for this task: every refresh of it fails.
  let failedReads = 0;
  await page.route(new RegExp(`/api/v1/tasks/${task.id}$`), async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    failedReads += 1;
    await route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'Ordo is restarting.' }),
    });
  });
  // Adding a label reloads the task once the label is on it.
  await actions(page)
    .getByRole('button', { name: /Labels/ })
    .click();
  await page.getByRole('textbox', { name: 'Add a label' }).fill('steady');
  await answered(page, /\/tasks\/\d+\/labels$/, () =>
    page.getByRole('option', { name: 'Create the label "steady"' }).click(),
  );
  // The reload is tried three times (two retries), then given up.
  await expect.poll(() => failedReads, { timeout: 15_000 }).toBe(3);
  // The user is told the refresh failed, and the task stays editable instead of turning into a
  // "could not be loaded" page.
  await expect(page.getByText('Ordo is restarting.')).toBeVisible();
  await expect(page.getByText('The task could not be loaded.', { exact: false })).toHaveCount(0);
  await expect(page.getByLabel('Title')).toHaveValue('Stay put');
  await expect(page.getByLabel('Title')).toBeEditable();
});

test('a comment’s date is its permalink: a click copies it, and the address opens the task at that comment', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const owner = await account(request, 'permalink');
  const project = await owner.api<{ id: number }>('PUT', '/projects', { title: 'Letters' });
  const task = await owner.api<{ id: number }>('PUT', `/projects/${project.id}/tasks`, {
    title: 'Reply to Ada',
  });
  // Enough comments that the linked one starts below the fold.
  const comments: { id: number }[] = [];
  for (let n = 1; n <= 12; n++) {
    comments.push(
      await owner.api<{ id: number }>('PUT', `/tasks/${task.id}/comments`, {
        comment: `<p>Comment number ${n}</p>${'<p>More words to make the comment tall.</p>'.repeat(3)}`,
      }),
    );
  }
  const linked = comments[10];
  await signIn(page, owner.token);

  await page.goto(`/tasks/${task.id}#comment-${linked.id}`);
  const marked = page.getByTestId('comment').and(page.locator('[aria-current="location"]'));
  await expect(marked).toHaveCount(1);
  await expect(marked).toContainText('Comment number 11');
  await expect(marked).toBeInViewport();

  // The first comment's date copies its own permalink.
  const first = page.getByTestId('comment').filter({ hasText: 'Comment number 1' }).first();
  await first.getByRole('link').first().click();
  await expect(page.getByText('The link to the comment was copied.')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(`${baseURL}/tasks/${task.id}#comment-${comments[0].id}`);
});

/** "Rake leaves" in "Garden" beside the labels errand, garden and green, its label picker clicked. */
async function labelPickerOnRakeLeaves(page: Page, request: Parameters<typeof account>[0], name: string) {
  const me = await account(request, name);
  const project = await me.api<{ id: number }>('PUT', '/projects', { title: 'Garden' });
  for (const title of ['errand', 'garden', 'green']) {
    await me.api('PUT', '/labels', { title, hex_color: '4caf50' });
  }
  const task = await me.api<{ id: number }>('PUT', `/projects/${project.id}/tasks`, { title: 'Rake leaves' });
  await signIn(page, me.token);
  await page.goto(`/tasks/${task.id}`);
  await expect(page.getByLabel('Title')).toHaveValue('Rake leaves');
  await actions(page)
    .getByRole('button', { name: /Labels/ })
    .click();
  const input = page.getByRole('textbox', { name: 'Add a label' });
  await input.click();
  return { me, task, input };
}

test('a label picked by keyboard before the search has answered is one that matches what was typed', async ({
  page,
  request,
}) => {
  const { input } = await labelPickerOnRakeLeaves(page, request, 'labelkeys');
  await expect(page.getByRole('option', { name: 'errand' })).toBeVisible();

  // The search for what is typed answers only after the pick: until then the list holds the
  // labels found for no text.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let searches = 0;
  await page.route(/\/api\/v1\/labels\?.*\bs=/, async (route) => {
    searches += 1;
    await held;
    await route.fallback();
  });
  await input.pressSequentially('ga');
  await expect.poll(() => searches).toBe(1);
  await expect(page.getByRole('option', { name: 'garden' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'errand' })).toHaveCount(0);
  await expect(page.getByRole('option', { name: 'green' })).toHaveCount(0);
  await answered(page, /\/tasks\/\d+\/labels$/, async () => {
    await input.press('Enter');
  });
  release();
  await expect(page.getByRole('button', { name: 'Remove the label garden' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Remove the label (errand|green)/ })).toHaveCount(0);
});

test('typing in the label picker highlights the first match: Enter adds it, ↓ moves on to the next', async ({
  page,
  request,
}) => {
  const { me, task, input } = await labelPickerOnRakeLeaves(page, request, 'labelenter');
  // With nothing typed, the list is there to browse and nothing is highlighted.
  await expect(page.getByRole('option', { name: 'errand' })).toBeVisible();
  await expect(page.getByRole('option', { selected: true })).toHaveCount(0);

  await input.fill('gr');
  await expect(page.getByRole('option', { name: 'Create the label "gr"' })).toBeVisible();
  await expect(page.getByRole('option', { selected: true })).toHaveText('green');
  // A screen reader is told which option that is.
  const green = page.getByRole('option', { name: 'green', exact: true });
  await expect(input).toHaveAttribute('aria-activedescendant', (await green.getAttribute('id')) ?? 'no id');
  await answered(page, /\/tasks\/\d+\/labels$/, async () => {
    await input.press('Enter');
  });
  await expect(page.getByRole('button', { name: 'Remove the label green' })).toBeVisible();
  await expect(input).toHaveValue('');

  await input.fill('e');
  await expect(page.getByRole('option', { name: 'Create the label "e"' })).toBeVisible();
  await expect(page.getByRole('option', { selected: true })).toHaveText('errand');
  await input.press('ArrowDown');
  await expect(page.getByRole('option', { selected: true })).toHaveText('garden');
  const garden = (await page.getByRole('option', { name: 'garden' }).getAttribute('id')) ?? 'no id';
  await expect(input).toHaveAttribute('aria-activedescendant', garden);
  // Typed again, the highlight starts over at the first match, and ↓ names the next again.
  await input.fill('');
  await input.fill('e');
  await expect(page.getByRole('option', { selected: true })).toHaveText('errand');
  await expect(input).not.toHaveAttribute('aria-activedescendant', garden);
  await input.press('ArrowDown');
  await expect(input).toHaveAttribute('aria-activedescendant', garden);
  await answered(page, /\/tasks\/\d+\/labels$/, async () => {
    await input.press('Enter');
  });
  await expect(page.getByRole('button', { name: 'Remove the label garden' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove the label errand' })).toHaveCount(0);
  const saved = await me.api<{ labels: { title: string }[] | null }>('GET', `/tasks/${task.id}`);
  expect(saved.labels?.map((l) => l.title).sort()).toEqual(['garden', 'green']);
});
