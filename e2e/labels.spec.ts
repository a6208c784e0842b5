import { account, signIn } from './support/accounts';
import { type APIRequestContext, expect, type Page, test } from './support/csp-guard';

/** A fresh account, signed in through the API; the page starts with its token. */
async function signedIn(page: Page, request: APIRequestContext): Promise<string> {
  const { token } = await account(request, 'lab');
  await signIn(page, token);
  return token;
}

test('labels: create in the modal, rename, and delete with confirmation; changes survive a reload', async ({
  page,
  request,
}) => {
  await signedIn(page, request);
  await page.goto('/');
  await page
    .getByRole('link', { name: /Labels/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/labels$/);
  await expect(page.getByRole('heading', { name: 'Labels', level: 1 })).toBeVisible();

  await page.getByRole('link', { name: 'New label' }).click();
  await expect(page).toHaveURL(/\/labels\/new$/);
  const create = page.getByRole('dialog', { name: 'New label' });
  await create.getByRole('button', { name: 'Create label' }).click();
  await expect(create.getByText('Please specify a title.')).toBeVisible();
  await create.getByLabel('Title').fill('Groceries');
  await create.getByLabel('Colour', { exact: true }).fill('#373f47');
  await create.getByRole('button', { name: 'Create label' }).click();
  await expect(page.getByText('The label was created successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/labels$/);
  const groceries = page.getByRole('button', { name: 'Edit label Groceries' });
  await expect(groceries).toBeVisible();
  // A dark background gets white text (reference §8).
  await expect(groceries.getByText('Groceries')).toHaveCSS('color', 'rgb(255, 255, 255)');

  await page.reload();
  await groceries.click();
  const edit = page.getByRole('dialog', { name: 'Edit label' });
  await edit.getByLabel('Title').fill('Shopping');
  await edit.getByLabel('Description').fill('Everything to buy');
  await edit.getByLabel('Colour', { exact: true }).fill('#f5b800');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The label was saved successfully.')).toBeVisible();

  await page.reload();
  const shopping = page.getByRole('button', { name: 'Edit label Shopping' });
  await expect(shopping).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit label Groceries' })).toHaveCount(0);
  // A light background gets black text.
  await expect(shopping.getByText('Shopping')).toHaveCSS('color', 'rgb(0, 0, 0)');
  await shopping.click();
  const reopened = page.getByRole('dialog', { name: 'Edit label' });
  await expect(reopened.getByLabel('Description')).toHaveValue('Everything to buy');
  await expect(reopened.getByLabel('Colour', { exact: true })).toHaveValue('#f5b800');

  await reopened.getByRole('button', { name: 'Delete label' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this label?' });
  await expect(confirm).toContainText('Shopping');
  await confirm.getByRole('button', { name: 'Delete label' }).click();
  await expect(page.getByText('The label was deleted successfully.')).toBeVisible();
  await page.reload();
  await expect(page.getByText('You have no labels yet.', { exact: false })).toBeVisible();
});

test('labels: the list is paged from the server and g a opens it', async ({ page, request }) => {
  const token = await signedIn(page, request);
  for (let i = 1; i <= 52; i++) {
    const title = `L${String(i).padStart(2, '0')}`;
    await request.put('/api/v1/labels', { data: { title }, headers: { Authorization: `Bearer ${token}` } });
  }
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await page.keyboard.press('g');
  await page.keyboard.press('a');
  await expect(page).toHaveURL(/\/labels$/);
  await expect(page.getByTestId('label-entry')).toHaveCount(50);
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByTestId('label-entry')).toHaveCount(2);
});

test('labels: another person’s label opens to be read, not as a form to fill', async ({ page, request }) => {
  const owner = await account(request, 'labown');
  const reader = await account(request, 'labread');
  const project = await owner.api<{ id: number }>('PUT', '/projects', { title: 'Shared' });
  await owner.api('PUT', `/projects/${project.id}/users`, { username: reader.username, right: 0 });
  const task = await owner.api<{ id: number }>('PUT', `/projects/${project.id}/tasks`, { title: 'Tagged' });
  const label = await owner.api<{ id: number }>('PUT', '/labels', { title: 'errands', hex_color: '1b5e20' });
  await owner.api('PUT', `/tasks/${task.id}/labels`, { label_id: label.id });

  await signIn(page, reader.token);
  await page.goto('/labels');
  await page.getByRole('button', { name: /errands/ }).click();
  const shown = page.getByRole('dialog', { name: 'errands' });
  await expect(shown.getByText('Only the person who created this label can change it.')).toBeVisible();
  const title = shown.getByRole('textbox', { name: 'Title' });
  await expect(title).toHaveValue('errands');
  await expect(title).toHaveAttribute('readonly', '');
  await expect(title).not.toBeFocused();
  await expect(title).toHaveAttribute('data-variant', 'filled');
  await expect(shown.getByRole('button', { name: 'Save' })).toHaveCount(0);
});
