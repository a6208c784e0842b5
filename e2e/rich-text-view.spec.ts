import { account, signIn } from './support/accounts';
import { type APIRequestContext, expect, type Page, test } from './support/csp-guard';

// A description as Vikunja's editor (and so its apps) writes it: checklist items without the
// checkbox markup Ordo's editor adds, a heading, a link and a mention.
const FROM_VIKUNJA =
  '<h2>Market stall</h2>' +
  '<p>See <a href="https://example.org/stalls">the stall rules</a>, ask <span data-type="mention" data-id="sam" data-label="sam" class="mention">@sam</span>.</p>' +
  '<ul data-type="taskList"><li data-type="taskItem" data-checked="true"><p>Banner</p></li>' +
  '<li data-type="taskItem" data-checked="false"><p>Flyers</p></li>' +
  '<li data-type="taskItem" data-checked="false"><p>Tape</p>' +
  '<ul data-type="taskList"><li data-type="taskItem" data-checked="false"><p>Gaffer</p></li></ul></li></ul>';

/** Requests for the rich-text editor's code (tiptap and its chunk), counted as the page loads. */
function editorCodeRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/(rich-text|comment-editor|description-editor)-[\w-]+\.js$/.test(request.url()))
      seen.push(request.url());
  });
  return seen;
}

/** A new account's project `title` with a task described FROM_VIKUNJA, opened signed in. */
async function openStallTask(page: Page, request: APIRequestContext, title: string) {
  const me = await account(request, 'rtv');
  const project = await me.api<{ id: number }>('PUT', '/projects', { title });
  const task = await me.api<{ id: number }>('PUT', `/projects/${project.id}/tasks`, {
    title: 'Set up the stall',
    description: FROM_VIKUNJA,
  });
  await signIn(page, me.token);
  await page.goto(`/tasks/${task.id}`);
  return { me, project, task };
}

test('a description written elsewhere shows as written, and ticking an item changes only that item', async ({
  page,
  request,
}) => {
  const { me, task } = await openStallTask(page, request, 'Market');

  const description = page.getByRole('article', { name: 'Description' });
  await expect(description.getByRole('heading', { name: 'Market stall' })).toBeVisible();
  await expect(description.getByRole('link', { name: 'the stall rules' })).toHaveAttribute(
    'target',
    '_blank',
  );
  await expect(description.getByText('@sam')).toBeVisible();
  await expect(description.getByRole('checkbox', { name: 'Banner' })).toBeChecked();
  await expect(description.getByRole('checkbox', { name: 'Flyers' })).not.toBeChecked();
  // A nested item is named by its own words, and its parent by the parent's only.
  await expect(description.getByRole('checkbox', { name: 'Tape', exact: true })).toBeVisible();
  await expect(description.getByRole('checkbox', { name: 'Gaffer', exact: true })).not.toBeChecked();
  await expect(page.getByTestId('checklist-progress')).toHaveText('1 of 4 done');

  // Ticked from the keyboard: the focus stays on the item once the text is drawn again.
  const saved = page.waitForResponse(
    (response) => response.url().endsWith(`/tasks/${task.id}`) && response.request().method() === 'POST',
  );
  await description.getByRole('checkbox', { name: 'Flyers' }).focus();
  await page.keyboard.press('Space');
  expect((await saved).ok()).toBe(true);
  await expect(description.getByRole('checkbox', { name: 'Flyers' })).toBeChecked();
  await expect(description.getByRole('checkbox', { name: 'Flyers' })).toBeFocused();
  await expect(page.getByTestId('checklist-progress')).toHaveText('2 of 4 done');

  const stored = await me.api<{ description: string }>('GET', `/tasks/${task.id}`);
  expect(stored.description).toBe(
    FROM_VIKUNJA.replace(
      '<li data-type="taskItem" data-checked="false"><p>Flyers</p>',
      '<li data-type="taskItem" data-checked="true"><p>Flyers</p>',
    ),
  );

  await page.reload();
  await expect(
    page.getByRole('article', { name: 'Description' }).getByRole('checkbox', { name: 'Flyers' }),
  ).toBeChecked();
});

test('a tick the server refuses is taken back, with the reason', async ({ page, request }) => {
  // The page must not hear the archiving live (it would turn read-only before the tick), so its
  // socket is cut: it learns of the archive only from the refused save.
  await page.routeWebSocket(/\/api\/v1\/ws$/, (ws) => ws.close());
  const { me, project, task } = await openStallTask(page, request, 'Closed market');
  const description = page.getByRole('article', { name: 'Description' });
  await expect(description.getByRole('checkbox', { name: 'Flyers' })).not.toBeChecked();
  // The projects are read too (the sidebar lists this one) before the archiving below.
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Closed market' })).toBeVisible();

  // Archived behind the page's back: the tick's save is refused with 3008.
  await me.api('POST', `/projects/${project.id}`, { title: 'Closed market', is_archived: true });
  const refused = page.waitForResponse(
    (response) => response.url().endsWith(`/tasks/${task.id}`) && response.request().method() === 'POST',
  );
  // The tick shows at once, before the save or a redraw (a click and a read in one task).
  const tickedAtOnce = await description
    .getByRole('checkbox', { name: 'Flyers' })
    .evaluate((box: HTMLInputElement) => {
      box.click();
      return box.checked;
    });
  expect(tickedAtOnce).toBe(true);
  expect((await refused).status()).toBe(412);
  await expect(
    page.getByText('This project is archived. Editing or creating new tasks is not possible.'),
  ).toBeVisible();
  await expect(description.getByRole('checkbox', { name: 'Flyers' })).not.toBeChecked();
  await expect(page.getByTestId('checklist-progress')).toHaveText('1 of 4 done');
  expect((await me.api<{ description: string }>('GET', `/tasks/${task.id}`)).description).toBe(FROM_VIKUNJA);
});

test('a reader sees descriptions and comments without the editor, and cannot tick', async ({
  page,
  request,
}) => {
  const owner = await account(request, 'rtv');
  const reader = await account(request, 'rtv');
  const project = await owner.api<{ id: number }>('PUT', '/projects', { title: 'Plans' });
  await owner.api('PUT', `/projects/${project.id}/users`, { username: reader.username, permission: 0 });
  const task = await owner.api<{ id: number }>('PUT', `/projects/${project.id}/tasks`, {
    title: 'Read the plans',
    description: FROM_VIKUNJA,
  });
  await owner.api('PUT', `/tasks/${task.id}/comments`, {
    comment: '<p>Plans are <strong>final</strong>.</p>',
  });

  const editorCode = editorCodeRequests(page);
  await signIn(page, reader.token);
  await page.goto(`/tasks/${task.id}`);
  const comment = page.getByRole('article', { name: `Comment by ${owner.username}` });
  await expect(comment.getByText('final')).toBeVisible();
  await expect(
    page.getByRole('article', { name: 'Description' }).getByRole('checkbox', { name: 'Tape', exact: true }),
  ).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Edit description' })).toHaveCount(0);
  expect(editorCode).toEqual([]);
});

test('a writer gets the editor when writing: a comment, then the description', async ({ page, request }) => {
  const me = await account(request, 'rtv');
  const project = await me.api<{ id: number }>('PUT', '/projects', { title: 'Notes' });
  const task = await me.api<{ id: number }>('PUT', `/projects/${project.id}/tasks`, {
    title: 'Write it down',
    description: '<p>First draft.</p>',
  });
  await signIn(page, me.token);
  await page.goto(`/tasks/${task.id}`);

  await page.getByRole('textbox', { name: 'Comment' }).pressSequentially('Looks good');
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(page.getByRole('article', { name: `Comment by ${me.username}` })).toContainText('Looks good');

  await page.getByRole('button', { name: 'Edit description' }).click();
  const editor = page.getByRole('textbox', { name: 'Description' });
  await expect(editor).toContainText('First draft.');
  await editor.press('End');
  await editor.pressSequentially(' Second.');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('article', { name: 'Description' })).toHaveText('First draft. Second.');
});
