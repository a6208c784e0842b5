/**
 * Dialogs and the keyboard: a task's detail holds the focus while it is open, Escape closes only
 * what it was pressed in, and the focus goes back to what opened a dialog when it closes, however
 * the dialog is drawn. Enter on a control is the control's, on every screen.
 */
import { account, signIn } from './support/accounts';
import { expect, type Page, test } from './support/csp-guard';

async function householdWithTasks(page: Page, request: Parameters<typeof account>[0]) {
  const me = await account(request, 'dialogs');
  const project = await me.api<{ id: number; views: { id: number; view_kind: string }[] }>(
    'PUT',
    '/projects',
    { title: 'Household' },
  );
  for (const title of ['Fix the tap', 'Mow the lawn', 'Pay the bills'])
    await me.api('PUT', `/projects/${project.id}/tasks`, { title });
  await me.api('PUT', '/labels', { title: 'urgent', hex_color: 'e8443a' });
  await signIn(page, me.token);
  const list = project.views.find((v) => v.view_kind === 'list')?.id ?? 0;
  return { projectId: project.id, listPath: `/projects/${project.id}/${list}` };
}

/** Whether the focused element is inside the dialog named `name`. */
function focusIsIn(page: Page, name: string) {
  return page.evaluate(
    (label) => !!document.activeElement?.closest(`[role="dialog"][aria-label="${label}"]`),
    name,
  );
}

test('a task’s detail takes and keeps the focus; Escape closes a picker, leaves a field, then the detail', async ({
  page,
  request,
}) => {
  const { listPath } = await householdWithTasks(page, request);
  await page.goto(listPath);
  const link = page.getByRole('list', { name: 'Tasks' }).getByRole('link', { name: 'Mow the lawn' });
  await link.focus();
  await page.keyboard.press('Enter');
  const detail = page.getByRole('dialog', { name: 'Task' });
  await expect(detail.getByLabel('Title')).toHaveValue('Mow the lawn');
  await expect.poll(() => focusIsIn(page, 'Task')).toBe(true);

  // Tab goes round the detail's controls and never to the list under it.
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    expect(await focusIsIn(page, 'Task'), `Tab ${i + 1}`).toBe(true);
  }

  // The due date's picker opens over the detail; Escape closes the picker alone.
  await detail.getByRole('button', { name: /Due date/ }).focus();
  await page.keyboard.press('Enter');
  const dateDialog = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Confirm' }) });
  await expect(dateDialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dateDialog).toHaveCount(0);
  await expect(detail).toBeVisible();

  // Escape in the title leaves the title (undoing what was typed); the next closes the detail.
  const title = detail.getByLabel('Title');
  await title.focus();
  await title.pressSequentially(' now');
  await page.keyboard.press('Escape');
  await expect(title).toHaveValue('Mow the lawn');
  await expect(title).not.toBeFocused();
  await expect(detail).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(detail).toHaveCount(0);
  await expect(link).toBeFocused();
});

test('Enter works on buttons and links over a project’s list, and a dialog gives the focus back', async ({
  page,
  request,
}) => {
  const { listPath } = await householdWithTasks(page, request);
  await page.goto(listPath);
  await expect(
    page.getByRole('list', { name: 'Tasks' }).getByRole('link', { name: 'Fix the tap' }),
  ).toBeVisible();

  const help = page.getByRole('button', { name: 'Keyboard shortcuts' });
  await help.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toHaveCount(0);
  await expect(help).toBeFocused();

  // The search palette gives the focus back to the task it was opened from.
  const link = page.getByRole('list', { name: 'Tasks' }).getByRole('link', { name: 'Pay the bills' });
  await link.focus();
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('dialog', { name: /Search|quick actions/i })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(link).toBeFocused();

  // A link in the side navigation follows on Enter.
  await page.getByRole('link', { name: /^Upcoming/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/tasks\/by\/upcoming/);
});

test('a label’s edit dialog gives the focus back to its button when Escape closes it', async ({
  page,
  request,
}) => {
  await householdWithTasks(page, request);
  await page.goto('/labels');
  const edit = page.getByRole('button', { name: 'Edit label urgent' });
  await edit.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(edit).toBeFocused();
});

test('a project’s settings dialog, opened from its menu, gives the focus back to the menu’s button', async ({
  page,
  request,
}) => {
  const { listPath } = await householdWithTasks(page, request);
  await page.goto(listPath);
  const dots = page.getByRole('main').getByRole('button', { name: 'Settings of Household' });
  await dots.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/edit$/);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(dots).toBeFocused();
});
