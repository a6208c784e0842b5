import { uniqueName } from './support/accounts';
import { type Browser, expect, type Page, test } from './support/csp-guard';

/** A new browser context with a freshly registered user, signed in on the overview. */
async function signUp(browser: Browser, prefix: string): Promise<{ page: Page; username: string }> {
  const username = uniqueName(prefix);
  const page = await (await browser.newContext()).newPage();
  await page.goto('/register');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('E-mail').fill(`${username}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('correct-horse-1');
  await page.getByLabel('Password', { exact: true }).blur();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(username);
  return { page, username };
}

async function createProject(page: Page, title: string): Promise<number> {
  await page.goto('/projects/new');
  await page.getByLabel('Title').fill(title);
  await page.getByRole('button', { name: 'Create project' }).click();
  await expect(page).toHaveURL(/\/projects\/\d+/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  return Number(/\/projects\/(\d+)/.exec(page.url())?.[1]);
}

/** Picks the one search result for `text` in a user or team search box. */
async function pick(page: Page, box: ReturnType<Page['getByRole']>, text: string, option: RegExp) {
  await box.fill(text);
  await page.getByRole('option', { name: option }).click();
}

async function addTask(page: Page, title: string) {
  await page.getByRole('textbox', { name: 'New task' }).fill(title);
  await page.getByRole('textbox', { name: 'New task' }).press('Enter');
  await expect(page.getByRole('list', { name: 'Tasks' }).getByText(title)).toBeVisible();
}

test('teams and users share a project at their rights; a password link share sees only its project', async ({
  browser,
}) => {
  // Four people in four browsers: more than the default minute on a loaded machine.
  test.slow();
  const a = await signUp(browser, 'ada');
  const b = await signUp(browser, 'bob');
  const c = await signUp(browser, 'cyd');
  const projectTitle = uniqueName('Garden ');
  const projectId = await createProject(a.page, projectTitle);
  const secretTitle = uniqueName('Secret ');
  const secretId = await createProject(a.page, secretTitle);

  // A creates a team (the name is required) and adds B.
  const teamName = uniqueName('Gardeners ');
  await a.page.goto('/teams');
  await a.page.getByRole('link', { name: 'New team' }).click();
  await expect(a.page).toHaveURL(/\/teams\/new$/);
  await a.page.getByRole('button', { name: 'Create team' }).click();
  await expect(a.page.getByText('Please specify a name.')).toBeVisible();
  await a.page.getByLabel('Team name').fill(teamName);
  await a.page.getByRole('button', { name: 'Create team' }).click();
  await expect(a.page).toHaveURL(/\/teams\/\d+\/edit$/);
  await expect(a.page.getByRole('heading', { level: 1 })).toContainText(teamName);
  const addMember = a.page.getByRole('form', { name: 'Add to team' });
  // The server's first match is highlighted once it answers and named to screen readers, so
  // Enter picks it.
  const memberSearch = addMember.getByRole('combobox', { name: 'User' });
  await memberSearch.fill(b.username);
  const found = a.page.getByRole('option', { selected: true });
  await expect(found).toHaveText(new RegExp(b.username));
  await expect(memberSearch).toHaveAttribute(
    'aria-activedescendant',
    (await found.getAttribute('id')) ?? 'no id',
  );
  await memberSearch.press('Enter');
  await expect(a.page.getByRole('listbox')).toHaveCount(0);
  await expect(addMember.getByTestId('clear-choice')).toBeVisible();
  await expect(memberSearch).toHaveValue(b.username);
  await addMember.getByRole('button', { name: 'Add to team' }).click();
  const members = a.page.getByRole('list', { name: 'Members' });
  await expect(members.getByTestId('team-member')).toHaveCount(2);
  await expect(members.getByTestId('team-member').filter({ hasText: b.username })).toContainText('Member');

  // A shares the project with the team read-only and with C read & write.
  await a.page.goto(`/projects/${projectId}/settings/share`);
  const dialog = a.page.getByRole('dialog', { name: `Share ${projectTitle}` });
  const teamForm = dialog.getByRole('form', { name: 'Share with a team' });
  // Enter pressed before the server has answered picks the first match of its answer, also when
  // the focus moves on at once.
  const teamSearch = teamForm.getByRole('combobox', { name: 'Team' });
  await teamSearch.fill(teamName.slice(0, 8));
  await teamSearch.press('Enter');
  await teamSearch.press('Tab');
  await expect(teamSearch).toHaveValue(teamName);
  // Shared from the keyboard, the emptied search takes the focus for the next one.
  await teamForm.getByRole('button', { name: 'Share' }).focus();
  await a.page.keyboard.press('Enter');
  const teams = dialog.getByRole('list', { name: 'Shared with these teams' });
  await expect(teams.getByTestId('shared-team')).toContainText(teamName);
  await expect(teamForm.getByRole('combobox', { name: 'Team' })).toBeFocused();
  await expect(teams.getByRole('combobox', { name: `Right of ${teamName}` })).toHaveValue('Read only');

  const userForm = dialog.getByRole('form', { name: 'Share with a user' });
  const userSearch = userForm.getByRole('combobox', { name: 'User' });
  // B, picked first, is no match of the next text: the first match is C, and Enter takes C.
  await userSearch.fill(b.username);
  const highlighted = a.page.getByRole('option', { selected: true });
  await expect(highlighted).toHaveText(b.username);
  await userSearch.press('Enter');
  await expect(userForm.getByTestId('clear-choice')).toBeVisible();
  await userSearch.fill(c.username);
  await expect(highlighted).toHaveText(c.username);
  await userSearch.press('Enter');
  await expect(a.page.getByRole('listbox')).toHaveCount(0);
  await userForm.getByRole('combobox', { name: 'Right' }).click();
  await a.page.getByRole('option', { name: 'Read & write' }).click();
  await userForm.getByRole('button', { name: 'Share' }).click();
  const users = dialog.getByRole('list', { name: 'Shared with these users' });
  await expect(users.getByRole('combobox', { name: `Right of ${c.username}` })).toHaveValue('Read & write');

  // B sees the project through the team but cannot change anything in it.
  await b.page.goto('/projects');
  await b.page.getByRole('link', { name: projectTitle }).first().click();
  await expect(b.page.getByRole('heading', { level: 1, name: projectTitle })).toBeVisible();
  await expect(b.page.getByText('There are no tasks in this view.')).toBeVisible();
  await expect(b.page.getByRole('textbox', { name: 'New task' })).toHaveCount(0);
  await expect(b.page.getByRole('button', { name: `Settings of ${projectTitle}` })).toHaveCount(0);
  await b.page.goto(`/projects/${projectId}/settings/share`);
  const readOnlyDialog = b.page.getByRole('dialog', { name: `Share ${projectTitle}` });
  await expect(readOnlyDialog.getByTestId('shared-user')).toContainText(c.username);
  await expect(readOnlyDialog.getByTestId('shared-user')).toContainText('Read & write');
  await expect(readOnlyDialog.getByRole('form')).toHaveCount(0);
  await expect(readOnlyDialog.getByRole('button', { name: /Remove/ })).toHaveCount(0);

  // C may write: C adds a task.
  await c.page.goto(`/projects/${projectId}`);
  await expect(c.page.getByRole('heading', { level: 1, name: projectTitle })).toBeVisible();
  await addTask(c.page, 'Water the roses');

  // A creates a password-protected link share that may write.
  await a.page.goto(`/projects/${projectId}/settings/share`);
  const linkForm = dialog.getByRole('form', { name: 'Create link share' });
  await linkForm.getByLabel('Name (optional)').fill('Neighbours');
  await linkForm.getByRole('combobox', { name: 'Right' }).click();
  await a.page.getByRole('option', { name: 'Read & write' }).click();
  await linkForm.getByLabel('Password (optional)').fill('s3cret-pass');
  await linkForm.getByRole('button', { name: 'Create link share' }).click();
  const link = dialog.getByRole('textbox', { name: 'Link of Neighbours' });
  await expect(link).toHaveValue(/\/share\/[A-Za-z0-9]{40}\/auth$/);
  const shareUrl = await link.inputValue();
  await expect(dialog.getByTestId('link-share')).toContainText('Password');

  // A visitor without an account opens the link in a fresh browser.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(new URL(shareUrl).pathname);
  const password = visitor.getByLabel('Password', { exact: true });
  await expect(password).toBeVisible();
  await password.fill('wrong-password');
  await visitor.getByRole('button', { name: 'Open project' }).click();
  await expect(visitor.getByText('The password is invalid.')).toBeVisible();
  await password.fill('s3cret-pass');
  await visitor.getByRole('button', { name: 'Open project' }).click();

  await expect(visitor).toHaveURL(
    new RegExp(`/projects/${projectId}/\\d+#share-auth-token=[A-Za-z0-9]{40}$`),
  );
  await expect(visitor.getByTestId('link-share-project-title')).toHaveText(projectTitle);
  // The shell's header names the project; the page under it does not repeat it.
  await expect(visitor.getByText(projectTitle, { exact: true })).toHaveCount(1);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(projectTitle);
  await expect(visitor.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
  await expect(visitor.getByText(secretTitle)).toHaveCount(0);
  await expect(visitor.getByText('Water the roses')).toBeVisible();
  await addTask(visitor, 'Mow the lawn');

  // Inside the app, another project's address is refused, and the start page leads back.
  await visitor.evaluate((id) => {
    window.history.pushState({}, '', `/projects/${id}/1`);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, secretId);
  await expect(visitor.getByRole('alert', { name: 'Not part of this link share' })).toBeVisible();
  await expect(visitor.getByText(secretTitle)).toHaveCount(0);
  await visitor.getByRole('link', { name: 'Back to the shared project' }).click();
  await expect(visitor.getByText('Mow the lawn')).toBeVisible();
  // The project address settles on its remembered view; an address pushed before that is replaced.
  await expect(visitor).toHaveURL(/\/projects\/\d+\/\d+#share-auth-token=/);
  for (const path of ['/teams', '/user/settings/general']) {
    await visitor.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await expect(visitor.getByRole('alert', { name: 'Not part of this link share' })).toBeVisible();
  }

  // The token lives in memory only: a reload asks for the password again and returns to the page.
  await visitor.getByRole('link', { name: 'Back to the shared project' }).click();
  // The project address settles on its remembered view before we note the page.
  await expect(visitor).toHaveURL(/\/projects\/\d+\/\d+#share-auth-token=/);
  const sharedPage = new URL(visitor.url()).pathname;
  await visitor.reload();
  await expect(visitor).toHaveURL(/\/share\/[A-Za-z0-9]{40}\/auth$/);
  await password.fill('s3cret-pass');
  await visitor.getByRole('button', { name: 'Open project' }).click();
  await expect(visitor).toHaveURL(new RegExp(`${sharedPage}#share-auth-token=`));
  await expect(visitor.getByText('Mow the lawn')).toBeVisible();

  // The owner sees the visitor's task.
  await a.page.goto(`/projects/${projectId}`);
  await expect(a.page.getByText('Mow the lawn')).toBeVisible();
});

test('an open link share opens the chosen view without the logo, read-only', async ({ browser }) => {
  const a = await signUp(browser, 'ada');
  const projectTitle = uniqueName('Recipes ');
  const projectId = await createProject(a.page, projectTitle);
  await addTask(a.page, 'Pancakes');

  await a.page.goto(`/projects/${projectId}/settings/share`);
  const dialog = a.page.getByRole('dialog', { name: `Share ${projectTitle}` });
  await dialog
    .getByRole('form', { name: 'Create link share' })
    .getByRole('button', { name: 'Create link share' })
    .click();
  await expect(dialog.getByTestId('link-share')).toContainText('Unnamed link share');
  await expect(dialog.getByTestId('link-share')).toContainText('Read only');
  await dialog.getByRole('combobox', { name: 'Links open in' }).click();
  await a.page.getByRole('option', { name: 'Table' }).click();
  await dialog.getByLabel('Show the logo').uncheck();
  const link = dialog.getByRole('textbox', { name: 'Link of Unnamed link share' });
  await expect(link).toHaveValue(/\/share\/[A-Za-z0-9]{40}\/auth\?view=\d+&logoVisible=false$/);
  const url = new URL(await link.inputValue());
  const tableViewId = url.searchParams.get('view');

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`${url.pathname}${url.search}`);
  await expect(visitor).toHaveURL(new RegExp(`/projects/${projectId}/${tableViewId}#share-auth-token=`));
  await expect(visitor.getByTestId('link-share-project-title')).toHaveText(projectTitle);
  // The shell's header names the project; the page under it does not repeat it.
  await expect(visitor.getByText(projectTitle, { exact: true })).toHaveCount(1);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(projectTitle);
  await expect(visitor.getByTestId('link-share-logo')).toHaveCount(0);
  await expect(visitor.getByRole('table')).toContainText('Pancakes');

  // Deleting the share ends the visit at the visitor's next request.
  await dialog.getByRole('button', { name: 'Delete link share: Unnamed link share' }).click();
  await a.page
    .getByRole('dialog', { name: 'Delete this link share?' })
    .getByRole('button', { name: 'Delete link share' })
    .click();
  await expect(dialog.getByText('This project has no link shares yet.')).toBeVisible();
  await visitor.getByText('List', { exact: true }).click();
  await expect(visitor).toHaveURL(/\/share\/[A-Za-z0-9]{40}\/auth$/);
  await expect(visitor.getByText('The project share does not exist.')).toBeVisible();

  // Without the share hash, a project address is just a page that needs a login.
  await visitor.goto(`/projects/${projectId}`);
  await expect(visitor).toHaveURL(/\/login$/);
});

test('team admins promote, remove and delete; members see the team and leave it', async ({ browser }) => {
  // Four people in four browsers: more than the default minute on a loaded machine.
  test.slow();
  const a = await signUp(browser, 'ada');
  const b = await signUp(browser, 'bob');
  const c = await signUp(browser, 'cyd');
  const teamName = uniqueName('Choir ');
  await a.page.goto('/teams/new');
  await a.page.getByLabel('Team name').fill(teamName);
  await a.page.getByRole('button', { name: 'Create team' }).click();
  await expect(a.page).toHaveURL(/\/teams\/\d+\/edit$/);
  const teamUrl = new URL(a.page.url()).pathname;
  const addMember = a.page.getByRole('form', { name: 'Add to team' });
  for (const member of [b, c]) {
    await pick(
      a.page,
      addMember.getByRole('combobox', { name: 'User' }),
      member.username,
      new RegExp(member.username),
    );
    await addMember.getByRole('button', { name: 'Add to team' }).click();
    await expect(a.page.getByTestId('team-member').filter({ hasText: member.username })).toBeVisible();
  }

  // A member sees the team read-only.
  await b.page.goto('/teams');
  await b.page.getByRole('link', { name: new RegExp(teamName) }).click();
  await expect(b.page.getByRole('heading', { level: 1 })).toContainText(teamName);
  await expect(b.page.getByLabel('Team name')).toHaveCount(0);
  await expect(b.page.getByRole('form', { name: 'Add to team' })).toHaveCount(0);
  await expect(b.page.getByRole('button', { name: 'Delete team' })).toHaveCount(0);

  // A, its only admin, cannot leave a team others are in, and is told why.
  await expect(a.page.getByRole('button', { name: 'Leave team' })).toBeDisabled();
  await expect(a.page.getByText("You are this team's only admin")).toBeVisible();

  // A promotes B; B now manages the team, and A could leave it.
  await a.page.getByRole('button', { name: `Make admin: ${b.username}` }).click();
  await expect(a.page.getByTestId('team-member').filter({ hasText: b.username })).toContainText('Admin');
  await expect(a.page.getByRole('button', { name: 'Leave team' })).toBeEnabled();
  await b.page.reload();
  await expect(b.page.getByLabel('Team name')).toHaveValue(teamName);
  await expect(b.page.getByRole('button', { name: `Make member: ${a.username}` })).toBeVisible();

  // A removes C after confirming.
  await a.page.getByRole('button', { name: `Remove from team: ${c.username}` }).click();
  await a.page
    .getByRole('dialog', { name: 'Remove this member?' })
    .getByRole('button', { name: 'Remove from team' })
    .click();
  await expect(a.page.getByTestId('team-member')).toHaveCount(2);
  await c.page.goto('/teams');
  await expect(c.page.getByText(teamName)).toHaveCount(0);

  // B leaves; the team goes on with A alone, who then deletes it.
  await b.page.getByRole('button', { name: 'Leave team' }).click();
  await b.page
    .getByRole('dialog', { name: 'Leave this team?' })
    .getByRole('button', { name: 'Leave team' })
    .click();
  await expect(b.page).toHaveURL(/\/teams$/);
  await expect(b.page.getByText('You have successfully left the team.')).toBeVisible();
  await expect(b.page.getByText(teamName)).toHaveCount(0);

  await a.page.goto(teamUrl);
  await expect(a.page.getByTestId('team-member')).toHaveCount(1);
  await a.page.getByRole('button', { name: 'Delete team' }).click();
  await a.page
    .getByRole('dialog', { name: 'Delete this team?' })
    .getByRole('button', { name: 'Delete team' })
    .click();
  await expect(a.page).toHaveURL(/\/teams$/);
  await expect(a.page.getByText(teamName)).toHaveCount(0);
});
