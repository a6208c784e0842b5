import { account, signIn } from './support/accounts';
import { expect, type Page, test } from './support/csp-guard';

/** Opens the description editor, replaces its text and saves; answers the save's HTTP status. */
async function editDescription(page: Page, taskId: number, text: string): Promise<number> {
  await page.getByRole('button', { name: 'Edit description' }).click();
  const editor = page.getByRole('textbox', { name: 'Description' });
  await editor.click();
  await page.keyboard.press('Control+a');
  await page.keyboard.type(text);
  const response = page.waitForResponse(
    (r) => r.url().endsWith(`/api/v1/tasks/${taskId}`) && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const answer = await response;
  // The save carries the version the page loaded.
  expect(answer.request().headers()['if-match']).toMatch(/^"/);
  return answer.status();
}

test('two people editing one description: the second sees both texts and keeps both', async ({
  browser,
  request,
}) => {
  const me = await account(request, 'ec');
  const project = await me.api<{ id: number }>('PUT', '/projects', { title: 'Conflicts' });
  const task = await me.api<{ id: number }>('PUT', `/projects/${project.id}/tasks`, {
    title: 'Write the plan',
    description: '<p>Draft</p>',
  });
  const [first, second] = await Promise.all([browser.newContext(), browser.newContext()]);
  const [alice, bob] = await Promise.all([first.newPage(), second.newPage()]);
  for (const page of [alice, bob]) {
    // Neither page hears live changes (its socket is cut): each keeps the version it loaded.
    await page.routeWebSocket(/\/api\/v1\/ws$/, (ws) => ws.close());
    await signIn(page, me.token);
    await page.goto(`/tasks/${task.id}`);
    await expect(page.getByText('Draft')).toBeVisible({ timeout: 30_000 });
  }

  expect(await editDescription(alice, task.id, 'Alice wrote this first')).toBe(200);
  expect(await editDescription(bob, task.id, 'Bob wrote this second')).toBe(412);

  const dialog = bob.getByRole('dialog', { name: 'Someone else changed this task' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'Their version: Description' })).toContainText(
    'Alice wrote this first',
  );
  await expect(dialog.getByRole('region', { name: 'Your version: Description' })).toContainText(
    'Bob wrote this second',
  );
  await bob.screenshot({ path: test.info().outputPath('conflict-dialog.png') });
  // Nothing of Bob's was written.
  expect((await me.api<{ description: string }>('GET', `/tasks/${task.id}`)).description).toContain('Alice');

  const merged = dialog.getByRole('textbox', { name: 'Merged description' });
  await expect(merged).toContainText('Alice wrote this first');
  await expect(merged).toContainText('Bob wrote this second');
  await merged.click();
  await bob.keyboard.press('Control+End');
  await bob.keyboard.type(' (merged)');
  const saved = bob.waitForResponse(
    (r) => r.url().endsWith(`/api/v1/tasks/${task.id}`) && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Save merged description' }).click();
  expect((await saved).status()).toBe(200);
  await expect(dialog).toBeHidden();

  const stored = (await me.api<{ description: string }>('GET', `/tasks/${task.id}`)).description;
  expect(stored).toContain('Alice wrote this first');
  expect(stored).toContain('Bob wrote this second');
  expect(stored).toContain('(merged)');
  // Bob's detail shows the merged text as saved.
  await expect(bob.getByText(/\(merged\)/).first()).toBeVisible();
  await expect(bob.getByText(/Bob wrote this second/).first()).toBeVisible();

  // Alice's next edit is against a version she has not seen: she is asked too, and keeps hers.
  expect(await editDescription(alice, task.id, 'Alice again')).toBe(412);
  const hers = alice.getByRole('dialog', { name: 'Someone else changed this task' });
  await expect(hers.getByRole('region', { name: 'Their version: Description' })).toContainText('(merged)');
  await hers.getByRole('button', { name: 'Keep mine' }).click();
  await expect(hers).toBeHidden();
  await expect
    .poll(async () => (await me.api<{ description: string }>('GET', `/tasks/${task.id}`)).description)
    .toContain('Alice again');

  await Promise.all([first.close(), second.close()]);
});

test('a change to another field is put on top of the other person’s without asking', async ({
  browser,
  request,
}) => {
  const me = await account(request, 'ec');
  const project = await me.api<{ id: number }>('PUT', '/projects', { title: 'No conflict' });
  const task = await me.api<{ id: number }>('PUT', `/projects/${project.id}/tasks`, {
    title: 'Old title',
    description: '<p>Draft</p>',
  });
  const context = await browser.newContext();
  const page = await context.newPage();
  // No live changes reach this page, so its save meets the other change on the server.
  await page.routeWebSocket(/\/api\/v1\/ws$/, (ws) => ws.close());
  await signIn(page, me.token);
  await page.goto(`/tasks/${task.id}`);
  await expect(page.getByLabel('Title')).toHaveValue('Old title');
  // Someone else changes the title meanwhile (an app without If-Match: last write wins for them).
  const current = await me.api<Record<string, unknown>>('GET', `/tasks/${task.id}`);
  await me.api('POST', `/tasks/${task.id}`, { ...current, title: 'Their title' });

  expect(await editDescription(page, task.id, 'My description')).toBe(412);
  await expect
    .poll(async () => await me.api<{ title: string; description: string }>('GET', `/tasks/${task.id}`))
    .toMatchObject({ title: 'Their title', description: expect.stringContaining('My description') });
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByLabel('Title')).toHaveValue('Their title');
  await context.close();
});
