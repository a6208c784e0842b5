/**
 * axe-core over every signed-in screen, in the light and the dark colour scheme (the system's
 * scheme switched on each screen), with real content
 * on them (tasks with labels in their colours, due dates, an assignee, a description, a comment, a
 * team, a saved filter): no serious or critical violation of WCAG 2 A/AA. Each screen is checked
 * once it has drawn its content, not while it loads.
 */
import { type Account, account, signIn } from './support/accounts';
import { followSystemScheme, violationsInBothSchemes } from './support/axe';
import { expect, type Page, test } from './support/csp-guard';
import { utcDay, wire } from './support/utc-days';

interface View {
  id: number;
  view_kind: string;
}

interface Fixture {
  me: Account;
  projectId: number;
  views: Record<'list' | 'gantt' | 'table' | 'kanban', number>;
  taskId: number;
  teamId: number;
  /** The saved filter's pseudo project (Vikunja's -id - 1). */
  filterProjectId: number;
}

async function fixture(request: Parameters<typeof account>[0]): Promise<Fixture> {
  const me = await account(request, 'a11y');
  const colleague = await account(request, 'a11y');
  const project = await me.api<{ id: number; views: View[] }>('PUT', '/projects', {
    title: 'Household',
    description: '<p>Everything around the house.</p>',
    hex_color: 'e8443a',
  });
  await me.api('PUT', `/projects/${project.id}/users`, { username: colleague.username, permission: 1 });
  const viewOf = (kind: string) => project.views.find((v) => v.view_kind === kind)?.id ?? 0;
  const labels = [
    await me.api<{ id: number }>('PUT', '/labels', { title: 'urgent', hex_color: 'ffeb3b' }),
    await me.api<{ id: number }>('PUT', '/labels', { title: 'garden', hex_color: '1b5e20' }),
  ];
  // Custom fields, so the task detail and the table view show theirs (and list rows and kanban
  // cards the cost).
  const cost = await me.api<{ id: number }>('PUT', `/projects/${project.id}/fields`, {
    title: 'Cost',
    kind: 'number',
    show_on_cards: true,
  });
  const room = await me.api<{ id: number }>('PUT', `/projects/${project.id}/fields`, {
    title: 'Room',
    kind: 'choice',
    options: ['Kitchen', 'Garden'],
  });
  let taskId = 0;
  for (const [k, title] of ['Fix the tap', 'Mow the lawn', 'Pay the bills', 'Clean the gutters'].entries()) {
    const task = await me.api<{ id: number }>('PUT', `/projects/${project.id}/tasks`, {
      title,
      description: '<p>Call the plumber first.</p>',
      priority: k + 1,
      due_date: wire(utcDay(k - 1, 9)),
      start_date: wire(utcDay(k - 2, 9)),
      end_date: wire(utcDay(k + 1, 17)),
      percent_done: 0.25 * k,
      done: k === 3,
      custom_fields: k === 0 ? { [cost.id]: 80, [room.id]: 'Kitchen' } : {},
    });
    await me.api('PUT', `/tasks/${task.id}/labels`, { label_id: labels[k % 2].id });
    taskId ||= task.id;
  }
  await me.api('PUT', `/tasks/${taskId}/assignees`, {
    user_id: (await colleague.api<{ id: number }>('GET', '/user')).id,
  });
  await me.api('PUT', `/tasks/${taskId}/comments`, { comment: '<p>The washer is worn.</p>' });
  const team = await me.api<{ id: number }>('PUT', '/teams', { name: 'Neighbours' });
  const filter = await me.api<{ id: number }>('PUT', '/filters', {
    title: 'Due soon',
    filters: { filter: 'done = false' },
  });
  // Something in the trash: a project deleted with its task.
  const shed = await me.api<{ id: number }>('PUT', '/projects', { title: 'Old shed' });
  await me.api('PUT', `/projects/${shed.id}/tasks`, { title: 'Sell the mower' });
  await me.api('DELETE', `/projects/${shed.id}`);
  await me.api('PUT', `/projects/${project.id}/template`, { title: 'Weekly chores' });
  await me.api('PUT', `/tasks/${taskId}/template`, { title: 'Plumbing visit' });
  return {
    me,
    projectId: project.id,
    views: { list: viewOf('list'), gantt: viewOf('gantt'), table: viewOf('table'), kanban: viewOf('kanban') },
    taskId,
    teamId: team.id,
    filterProjectId: -filter.id - 1,
  };
}

/** A screen: where it is, and what shows once it has drawn its content. */
type Screen = [name: string, path: (f: Fixture) => string, ready: (page: Page) => Promise<void>];

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { name }).first()).toBeVisible();
};
const text = (value: string) => async (page: Page) => {
  await expect(page.getByText(value, { exact: true }).first()).toBeVisible();
};
/** A page of the user settings: its link in the settings menu is the current one. */
const settings = (link: string) => async (page: Page) => {
  await expect(page.getByRole('link', { name: link, exact: true })).toHaveAttribute('aria-current', 'page');
};
const dialog = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('dialog', { name })).toBeVisible();
};

const MAIN_SCREENS: Screen[] = [
  ['home', () => '/', text('Fix the tap')],
  // Due tomorrow: today's task may be overdue already, depending on the hour the test runs.
  ['upcoming', () => '/tasks/by/upcoming', text('Pay the bills')],
  ['projects', () => '/projects', text('Household')],
  [
    'list view',
    (f) => `/projects/${f.projectId}/${f.views.list}`,
    async (page) => {
      await text('Fix the tap')(page);
      await expect(page.locator('[data-field-chip]').first()).toBeVisible();
    },
  ],
  ['table view', (f) => `/projects/${f.projectId}/${f.views.table}`, text('Mow the lawn')],
  [
    'kanban view',
    (f) => `/projects/${f.projectId}/${f.views.kanban}`,
    async (page) => {
      await expect(page.getByRole('region', { name: 'Kanban board' })).toBeVisible();
      await text('Fix the tap')(page);
      await expect(page.locator('[data-field-chip]').first()).toBeVisible();
    },
  ],
  [
    'gantt view',
    (f) => `/projects/${f.projectId}/${f.views.gantt}`,
    async (page) => {
      await expect(page.getByRole('region', { name: 'Gantt chart' })).toBeVisible();
      await text('Fix the tap')(page);
    },
  ],
  [
    'task detail',
    (f) => `/tasks/${f.taskId}`,
    async (page) => {
      await expect(page.getByLabel('Title')).toHaveValue('Fix the tap');
      await text('The washer is worn.')(page);
    },
  ],
  ['labels', () => '/labels', text('garden')],
  ['templates', () => '/templates', text('Plumbing visit')],
  ['teams', () => '/teams', text('Neighbours')],
  ['team edit', (f) => `/teams/${f.teamId}/edit`, heading(/Neighbours|Team/)],
  ['new saved filter', () => '/filters/new', heading(/filter/i)],
  ['about', () => '/about', heading('About')],
];

// Screens reached less often: creation forms, the trash, a saved filter's settings, the importers,
// the export download and the 404.
const MORE_SCREENS: Screen[] = [
  ['trash', () => '/trash', text('Old shed')],
  ['new label', () => '/labels/new', heading(/label/i)],
  ['new team', () => '/teams/new', heading(/team/i)],
  ['new project', () => '/projects/new', dialog(/project/i)],
  ['new sub-project', (f) => `/projects/${f.projectId}/new`, dialog(/project/i)],
  ['project info', (f) => `/projects/${f.projectId}/info`, dialog(/Household/)],
  ['saved filter edit', (f) => `/projects/${f.filterProjectId}/settings/edit`, dialog(/Edit/)],
  ['import: CSV', () => '/migrate/csv', heading(/CSV/)],
  ['import: Vikunja', () => '/migrate/vikunja-file', heading(/Vikunja/)],
  ['import: Trello', () => '/migrate/trello-json', heading(/Trello/)],
  ['export download', () => '/user/export/download', heading('Download your data')],
  ['not found', () => '/no-such-page', heading(/not found/i)],
];

const PROJECT_SETTINGS_SCREENS: Screen[] = [
  ['project edit', (f) => `/projects/${f.projectId}/settings/edit`, dialog(/Edit/)],
  ['project sharing', (f) => `/projects/${f.projectId}/settings/share`, dialog(/Shar/)],
  ['project views', (f) => `/projects/${f.projectId}/settings/views`, dialog(/Views/)],
  ['project fields', (f) => `/projects/${f.projectId}/settings/fields`, dialog(/Fields of/)],
  ['project webhooks', (f) => `/projects/${f.projectId}/settings/webhooks`, dialog(/Webhooks/)],
  ['project duplicate', (f) => `/projects/${f.projectId}/settings/duplicate`, dialog(/Duplicate/)],
  ['project save as template', (f) => `/projects/${f.projectId}/settings/template`, dialog(/template/)],
  ['project activity', (f) => `/projects/${f.projectId}/activity`, dialog(/Activity/)],
  ['project background', (f) => `/projects/${f.projectId}/settings/background`, dialog(/Background/)],
  ['project export', (f) => `/projects/${f.projectId}/settings/export`, dialog(/Export/)],
  ['project archive', (f) => `/projects/${f.projectId}/settings/archive`, dialog(/Archive/)],
  ['project delete', (f) => `/projects/${f.projectId}/settings/delete`, dialog(/Delete/)],
];

// Apart from the project's: each group stays well inside its time on a slow host (axe runs on
// every screen).
const USER_SETTINGS_SCREENS: Screen[] = [
  ['settings: general', () => '/user/settings/general', settings('General')],
  ['settings: password', () => '/user/settings/password-update', settings('Password')],
  ['settings: two-factor', () => '/user/settings/totp', settings('Two-factor authentication')],
  ['settings: sessions', () => '/user/settings/sessions', settings('Sessions')],
  ['settings: avatar', () => '/user/settings/avatar', settings('Avatar')],
  ['settings: CalDAV', () => '/user/settings/caldav', settings('CalDAV')],
  ['settings: API tokens', () => '/user/settings/api-tokens', settings('API tokens')],
  ['settings: webhooks', () => '/user/settings/webhooks', settings('Webhooks')],
  ['settings: email', () => '/user/settings/email-update', settings('E-mail address')],
  ['settings: data export', () => '/user/settings/data-export', settings('Data export')],
  ['settings: deletion', () => '/user/settings/deletion', settings('Delete account')],
  ['settings: import', () => '/user/settings/migrate', settings('Import')],
];

/** Signed in as the fixture's owner, the app following the system's scheme (light at first). */
async function signedIn(page: Page, request: Parameters<typeof account>[0]): Promise<Fixture> {
  const f = await fixture(request);
  await followSystemScheme(page);
  await signIn(page, f.me.token);
  return f;
}

async function checkScreens(page: Page, f: Fixture, screens: Screen[]): Promise<string[]> {
  const found: string[] = [];
  for (const [name, path, ready] of screens) {
    await page.goto(path(f));
    await ready(page);
    found.push(...(await violationsInBothSchemes(page, name)));
  }
  return found;
}

for (const [group, screens] of [
  ['main screens', MAIN_SCREENS],
  ['less frequent screens', MORE_SCREENS],
  ['project settings', PROJECT_SETTINGS_SCREENS],
  ['user settings', USER_SETTINGS_SCREENS],
] as const) {
  test(`accessibility: signed-in ${group} in light and dark`, async ({ page, request }) => {
    test.setTimeout(180_000);
    const f = await signedIn(page, request);
    const found = await checkScreens(page, f, screens);
    expect(found, found.join('\n')).toEqual([]);
  });
}

// What opens over a screen: the quick actions with a search typed, the keyboard shortcuts, the user
// menu, the notifications and a delete confirmation.
test('accessibility: signed-in popups in light and dark', async ({ page, request }) => {
  test.setTimeout(180_000);
  const f = await signedIn(page, request);
  const found: string[] = [];
  await page.goto(`/projects/${f.projectId}/${f.views.list}`);
  await text('Fix the tap')(page);

  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Quick actions' });
  await palette.getByRole('combobox').fill('tap');
  await expect(palette.getByRole('option', { name: /Fix the tap/ })).toBeVisible();
  found.push(...(await violationsInBothSchemes(page, 'quick actions')));
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();

  await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  await dialog('Keyboard shortcuts')(page);
  found.push(...(await violationsInBothSchemes(page, 'keyboard shortcuts')));
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByRole('button', { name: `User menu of ${f.me.username}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
  found.push(...(await violationsInBothSchemes(page, 'user menu')));
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);

  await page.getByRole('button', { name: 'Notifications', exact: true }).click();
  await dialog('Notifications')(page);
  found.push(...(await violationsInBothSchemes(page, 'notifications')));
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.goto(`/tasks/${f.taskId}`);
  await expect(page.getByLabel('Title')).toHaveValue('Fix the tap');
  await page.getByRole('heading', { name: 'Description' }).click();
  await page.keyboard.press('Shift+Delete');
  await dialog('Delete this task?')(page);
  found.push(...(await violationsInBothSchemes(page, 'delete confirmation')));
  expect(found, found.join('\n')).toEqual([]);
});

// What a project's views and a task's detail open: the help dialogs, a project's and a bucket's
// menu, and the task fields' pickers (a choice list, the date picker, label suggestions, colour).
test('accessibility: signed-in menus and pickers in light and dark', async ({ page, request }) => {
  test.setTimeout(180_000);
  const f = await signedIn(page, request);
  const found: string[] = [];
  const closeWith = async (key: string, role: 'dialog' | 'menu' | 'listbox') => {
    await page.keyboard.press(key);
    await expect(page.getByRole(role)).toHaveCount(0);
  };

  await page.goto(`/projects/${f.projectId}/${f.views.list}`);
  await text('Fix the tap')(page);
  await page.getByRole('button', { name: 'Filter help' }).click();
  await dialog('How filters work')(page);
  found.push(...(await violationsInBothSchemes(page, 'filter help')));
  await closeWith('Escape', 'dialog');
  await page.getByRole('button', { name: 'Quick-add syntax' }).first().click();
  await dialog('Quick-add magic')(page);
  found.push(...(await violationsInBothSchemes(page, 'quick-add help')));
  await closeWith('Escape', 'dialog');

  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  await navigation.getByRole('link', { name: 'Household' }).hover();
  await navigation.getByRole('button', { name: 'Settings of Household' }).click();
  await expect(page.getByRole('menuitem', { name: 'Edit', exact: true })).toBeVisible();
  found.push(...(await violationsInBothSchemes(page, 'project menu')));
  await closeWith('Escape', 'menu');

  await page.goto(`/projects/${f.projectId}/${f.views.kanban}`);
  await text('Fix the tap')(page);
  await page
    .getByRole('button', { name: /^Actions for / })
    .first()
    .click();
  await expect(page.getByRole('menu')).toBeVisible();
  found.push(...(await violationsInBothSchemes(page, 'bucket menu')));
  await closeWith('Escape', 'menu');

  await page.goto(`/tasks/${f.taskId}`);
  await expect(page.getByLabel('Title')).toHaveValue('Fix the tap');
  const actions = page.getByRole('group', { name: 'Task actions' });
  await actions.getByRole('button', { name: /Progress/ }).click();
  await expect(page.getByRole('option', { name: '50%' })).toBeVisible();
  found.push(...(await violationsInBothSchemes(page, 'task progress choices')));
  await closeWith('Escape', 'listbox');
  await actions.getByRole('button', { name: /Due date/ }).click();
  await expect(page.getByRole('button', { name: 'Tomorrow' })).toBeVisible();
  found.push(...(await violationsInBothSchemes(page, 'task due date picker')));
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Tomorrow' })).toHaveCount(0);
  await actions.getByRole('button', { name: /Labels/ }).click();
  await page.getByRole('textbox', { name: 'Add a label' }).fill('gar');
  await expect(page.getByRole('option', { name: 'garden' })).toBeVisible();
  found.push(...(await violationsInBothSchemes(page, 'task label suggestions')));
  await closeWith('Escape', 'listbox');
  await actions.getByRole('button', { name: /Colour/ }).click();
  await expect(page.getByRole('button', { name: 'Pick a colour from the screen' })).toBeVisible();
  found.push(...(await violationsInBothSchemes(page, 'task colour')));
  await page.keyboard.press('Escape');

  // Choice lists longer than their dropdown, which scroll: the language and the time zone.
  await page.goto('/user/settings/general');
  await page.getByRole('combobox', { name: 'Language' }).click();
  await expect(page.getByRole('option', { name: 'English' })).toBeVisible();
  found.push(...(await violationsInBothSchemes(page, 'language choices')));
  await closeWith('Escape', 'listbox');
  await page.getByRole('combobox', { name: 'Time zone' }).click();
  await expect(page.getByRole('option', { name: /Africa\/Abidjan/ })).toBeVisible();
  found.push(...(await violationsInBothSchemes(page, 'time zone choices')));
  expect(found, found.join('\n')).toEqual([]);
});
