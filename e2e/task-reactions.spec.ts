import { account, PNG, signIn, uniqueName } from './support/accounts';
import { type APIRequestContext, expect, type Page, test } from './support/csp-guard';

/** Runs the action and waits for the answer to the change it causes under `path`. */
async function answered(page: Page, path: RegExp, action: () => Promise<void>) {
  const response = page.waitForResponse(
    (r) => path.test(new URL(r.url()).pathname) && r.request().method() !== 'GET',
  );
  await action();
  expect((await response).ok()).toBe(true);
}

async function sharedTask(request: APIRequestContext) {
  const me = await account(request, 'rx');
  const colleague = await account(request, 'rx');
  const project = await me.api<{ id: number; title: string }>('PUT', '/projects', {
    title: uniqueName('Garden '),
    description: '<p>Beds by the fence</p>',
  });
  await me.api('PUT', `/projects/${project.id}/users`, { username: colleague.username, permission: 1 });
  const task = await me.api<{ id: number }>('PUT', `/projects/${project.id}/tasks`, {
    title: 'Plant tomatoes',
  });
  return { me, colleague, project, task };
}

test('react to a task and a comment: counts, who reacted, toggling, kept after a reload', async ({
  page,
  request,
}) => {
  const { me, colleague, task } = await sharedTask(request);
  await colleague.api('PUT', `/tasks/${task.id}/reactions`, { value: '👍' });
  const comment = await colleague.api<{ id: number }>('PUT', `/tasks/${task.id}/comments`, {
    comment: '<p>Rain on Thursday</p>',
  });
  await signIn(page, me.token);
  await page.goto(`/tasks/${task.id}`);

  const taskBar = page.getByRole('group', { name: 'Reactions to this task' });
  const thumbs = taskBar.getByRole('button', { name: /^thumbs up: / });
  await expect(thumbs).toHaveAccessibleName('thumbs up: 1 reaction');
  await expect(thumbs).toHaveAttribute('aria-pressed', 'false');
  await thumbs.hover();
  await expect(page.getByRole('tooltip')).toHaveText(`${colleague.username} reacted with 👍`);

  // My 👍 joins the colleague's.
  await answered(page, /\/tasks\/\d+\/reactions$/, () => thumbs.click());
  await expect(thumbs).toHaveAccessibleName('thumbs up: 2 reactions');
  await expect(thumbs).toHaveAttribute('aria-pressed', 'true');
  // The click closed the tooltip; pointing at the chip again shows who reacted now.
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await page.mouse.move(0, 0);
  await thumbs.hover();
  await expect(page.getByRole('tooltip')).toHaveText(`You and ${colleague.username} reacted with 👍`);

  // A new reaction from the picker.
  await taskBar.getByRole('button', { name: 'Add a reaction' }).click();
  await answered(page, /\/tasks\/\d+\/reactions$/, () =>
    page.getByRole('button', { name: 'React with rocket' }).click(),
  );
  await expect(taskBar.getByRole('button', { name: 'rocket: 1 reaction' })).toBeVisible();
  // The task's picker has closed before the comment's opens (both offer the same emoji).
  await expect(page.getByRole('button', { name: 'React with rocket' })).toHaveCount(0);

  // And one on the comment.
  const commentBar = page.getByRole('group', { name: 'Reactions to this comment' });
  await commentBar.getByRole('button', { name: 'Add a reaction' }).click();
  await answered(page, /\/comments\/\d+\/reactions$/, () =>
    page.getByRole('button', { name: 'React with hooray' }).click(),
  );
  await expect(commentBar.getByRole('button', { name: 'hooray: 1 reaction' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await page.reload();
  await expect(taskBar.getByRole('button', { name: 'thumbs up: 2 reactions' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(taskBar.getByRole('button', { name: 'rocket: 1 reaction' })).toBeVisible();
  await expect(commentBar.getByRole('button', { name: 'hooray: 1 reaction' })).toBeVisible();

  // Clicking my reaction again takes it back; the last one of a kind disappears.
  await answered(page, /\/tasks\/\d+\/reactions\/delete$/, () =>
    taskBar.getByRole('button', { name: 'rocket: 1 reaction' }).click(),
  );
  await expect(taskBar.getByRole('button', { name: /^rocket/ })).toHaveCount(0);
  await answered(page, /\/tasks\/\d+\/reactions\/delete$/, () =>
    taskBar.getByRole('button', { name: 'thumbs up: 2 reactions' }).click(),
  );
  await expect(taskBar.getByRole('button', { name: 'thumbs up: 1 reaction' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );

  const onTask = await me.api<Record<string, { username: string }[]>>('GET', `/tasks/${task.id}/reactions`);
  expect(Object.keys(onTask)).toEqual(['👍']);
  expect(onTask['👍'].map((u) => u.username)).toEqual([colleague.username]);
  const onComment = await me.api<Record<string, { username: string }[]>>(
    'GET',
    `/comments/${comment.id}/reactions`,
  );
  expect(onComment['🎉'].map((u) => u.username)).toEqual([me.username]);
});

test('a reaction named with underscores keeps its name, shown and toggled', async ({ page, request }) => {
  const { me, colleague, task } = await sharedTask(request);
  await colleague.api('PUT', `/tasks/${task.id}/reactions`, { value: 'thumbs_up' });
  await signIn(page, me.token);
  await page.goto(`/tasks/${task.id}`);
  const taskBar = page.getByRole('group', { name: 'Reactions to this task' });
  await expect(taskBar.getByRole('button', { name: 'thumbs_up: 1 reaction' })).toBeVisible();
  await answered(page, /\/tasks\/\d+\/reactions$/, () =>
    taskBar.getByRole('button', { name: 'thumbs_up: 1 reaction' }).click(),
  );
  await page.reload();
  await expect(taskBar.getByRole('button', { name: 'thumbs_up: 2 reactions' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const onTask = await me.api<Record<string, unknown[]>>('GET', `/tasks/${task.id}/reactions`);
  expect(Object.keys(onTask)).toEqual(['thumbs_up']);
});

test('a reaction the server refuses is taken back with the error', async ({ page, request }) => {
  const { me, task } = await sharedTask(request);
  await signIn(page, me.token);
  // The refusal is held back until the reaction has shown up, so both steps can be seen.
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/api\/v1\/tasks\/\d+\/reactions$/, async (route) => {
    if (route.request().method() !== 'PUT') return route.fallback();
    await released;
    await route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({ code: 1, message: "You're not allowed to do this." }),
    });
  });
  await page.goto(`/tasks/${task.id}`);
  const taskBar = page.getByRole('group', { name: 'Reactions to this task' });
  await taskBar.getByRole('button', { name: 'Add a reaction' }).click();
  await page.getByRole('button', { name: 'React with heart' }).click();
  await expect(taskBar.getByRole('button', { name: 'heart: 1 reaction' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  release();
  await expect(page.getByRole('alert').filter({ hasText: "You're not allowed to do this." })).toBeVisible();
  await expect(taskBar.getByRole('button', { name: /^heart/ })).toHaveCount(0);
});

test('an image attachment becomes the cover and stops being it', async ({ page, request }) => {
  const { me, task } = await sharedTask(request);
  const upload = await request.put(`/api/v1/tasks/${task.id}/attachments`, {
    headers: { Authorization: `Bearer ${me.token}` },
    multipart: { files: { name: 'bed.png', mimeType: 'image/png', buffer: PNG } },
  });
  expect(upload.ok()).toBe(true);
  const { success } = (await upload.json()) as { success: { id: number }[] };
  await signIn(page, me.token);
  await page.goto(`/tasks/${task.id}`);

  const attachment = page.getByTestId('attachment');
  await expect(attachment.getByRole('img', { name: 'Preview of bed.png' })).toBeVisible();
  await expect(attachment.getByText('Cover', { exact: true })).toHaveCount(0);
  await answered(page, new RegExp(`/tasks/${task.id}$`), () =>
    attachment.getByRole('button', { name: 'Set as cover' }).click(),
  );
  await expect(attachment.getByText('Cover', { exact: true })).toBeVisible();
  expect(
    (await me.api<{ cover_image_attachment_id: number }>('GET', `/tasks/${task.id}`))
      .cover_image_attachment_id,
  ).toBe(success[0].id);

  await page.reload();
  await expect(attachment.getByText('Cover', { exact: true })).toBeVisible();
  await answered(page, new RegExp(`/tasks/${task.id}$`), () =>
    attachment.getByRole('button', { name: 'Remove cover' }).click(),
  );
  await expect(attachment.getByText('Cover', { exact: true })).toHaveCount(0);
  await expect(attachment.getByRole('button', { name: 'Set as cover' })).toBeVisible();
  expect(
    (await me.api<{ cover_image_attachment_id: number }>('GET', `/tasks/${task.id}`))
      .cover_image_attachment_id,
  ).toBe(0);
});

test('a link-share visitor sees the reactions but cannot react', async ({ request, browser }) => {
  const { me, colleague, project, task } = await sharedTask(request);
  await colleague.api('PUT', `/tasks/${task.id}/reactions`, { value: '👀' });
  const share = await me.api<{ hash: string }>('PUT', `/projects/${project.id}/shares`, { permission: 1 });

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/share/${share.hash}/auth`);
  // The shell's header names the project once and links its description.
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(project.title);
  await expect(visitor.getByText(project.title, { exact: true })).toHaveCount(1);
  await visitor.getByRole('link', { name: 'Project description' }).click();
  await expect(visitor.getByRole('dialog').getByText('Beds by the fence')).toBeVisible();
  await visitor.keyboard.press('Escape');
  await expect(visitor.getByRole('dialog')).toHaveCount(0);
  await visitor.getByRole('link', { name: 'Plant tomatoes' }).click();
  await expect(visitor.getByLabel('Title')).toHaveValue('Plant tomatoes');
  const taskBar = visitor.getByRole('group', { name: 'Reactions to this task' });
  await expect(taskBar.getByRole('button', { name: 'eyes: 1 reaction' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await expect(taskBar.getByRole('button', { name: 'Add a reaction' })).toHaveCount(0);
  await visitor.close();
});
