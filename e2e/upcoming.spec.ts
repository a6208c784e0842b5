import { account, signIn } from './support/accounts';
import { type APIRequestContext, expect, type Page, test } from './support/csp-guard';

const DAY = 86_400_000;
const wire = (ms: number) => new Date(ms).toISOString().replace(/\.\d+Z$/, 'Z');

/** A fresh account with a project Garden and tasks due at different times. */
async function seed(page: Page, request: APIRequestContext) {
  const me = await account(request, 'upc');
  const { token } = me;
  const headers = { Authorization: `Bearer ${token}` };
  const put = async (path: string, data: object) => {
    const response = await request.put(`/api/v1${path}`, { headers, data });
    expect(response.ok()).toBeTruthy();
    return (await response.json()) as { id: number };
  };
  const garden = await put('/projects', { title: 'Garden' });
  const now = Date.now();
  await put(`/projects/${garden.id}/tasks`, { title: 'Due in two days', due_date: wire(now + 2 * DAY) });
  await put(`/projects/${garden.id}/tasks`, { title: 'Due in three days', due_date: wire(now + 3 * DAY) });
  await put(`/projects/${garden.id}/tasks`, { title: 'Due in twenty days', due_date: wire(now + 20 * DAY) });
  await put(`/projects/${garden.id}/tasks`, { title: 'Overdue report', due_date: wire(now - 2 * DAY) });
  await put(`/projects/${garden.id}/tasks`, { title: 'Someday' });
  await signIn(page, token);
  return { gardenId: garden.id, me };
}

function upcomingTasks(page: Page, name: string) {
  return page.getByRole('list', { name }).getByRole('listitem');
}

const presets: [string, string, string][] = [
  ['Today', 'now/d', 'now/d+1d'],
  ['Last week', 'now/w-1w', 'now/w'],
  ['This week', 'now/w', 'now/w+1w'],
  ['The rest of this week', 'now', 'now/w+1w'],
  ['Next week', 'now/w+1w', 'now/w+2w'],
  ['Next 7 days', 'now', 'now+7d'],
  ['Last month', 'now/M-1M', 'now/M'],
  ['This month', 'now/M', 'now/M+1M'],
  ['The rest of this month', 'now', 'now/M+1M'],
  ['Next month', 'now/M+1M', 'now/M+2M'],
  ['Next 30 days', 'now', 'now+30d'],
  ['This year', 'now/y', 'now/y+1y'],
  ['The rest of this year', 'now', 'now/y+1y'],
];

test('upcoming opens the next 7 days; every preset names its range and puts it in the URL', async ({
  page,
  request,
}) => {
  await seed(page, request);
  await page.goto('/');
  await expect(page.getByTestId('greeting')).toBeVisible();
  await page.keyboard.press('g');
  await page.keyboard.press('u');
  await expect(page).toHaveURL(
    /\/tasks\/by\/upcoming\?from=now&to=now%2B7d&showNulls=false&showOverdue=false$/,
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Next 7 days' })).toBeVisible();

  let current = 'Next 7 days';
  for (const [name, from, to] of presets) {
    await page.getByRole('main').getByRole('button', { name: current, exact: true }).click();
    const picker = page.getByRole('dialog', { name: 'Date range' });
    await expect(picker.getByRole('button', { name: current, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await picker.getByRole('button', { name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
    const url = new URL(page.url());
    expect([url.searchParams.get('from'), url.searchParams.get('to')]).toEqual([from, to]);
    await expect(page.getByRole('button', { name, exact: true }).first()).toBeVisible();
    current = name;
  }

  // A custom range typed as dates: the heading reads from–until; nothing is due then.
  await page.getByRole('main').getByRole('button', { name: current, exact: true }).click();
  const picker = page.getByRole('dialog', { name: 'Date range' });
  await picker.getByRole('button', { name: 'Custom', exact: true }).click();
  await expect(picker.getByRole('button', { name: 'Apply range' })).toBeDisabled();
  await picker.getByRole('textbox', { name: 'From', exact: true }).fill('2020-01-01');
  await picker.getByRole('textbox', { name: 'To', exact: true }).fill('2020-01-31');
  await picker.getByRole('button', { name: 'Apply range' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Tasks from January 1, 2020 until January 31, 2020' }),
  ).toBeVisible();
  await expect(page.getByText('Nothing to do. Have a nice day!')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Nothing to do. Have a nice day!')).toBeVisible();
});

test('upcoming lists tasks with their project; overdue and undated tasks by checkbox; done tasks move to the end', async ({
  page,
  request,
}) => {
  await seed(page, request);
  await page.goto('/tasks/by/upcoming');
  const tasks = upcomingTasks(page, 'Next 7 days');
  await expect(tasks).toHaveText([/Due in two days/, /Due in three days/]);
  await expect(tasks.first().getByRole('link', { name: 'Garden' })).toBeVisible();

  // The checkboxes write the URL; the box follows once the navigation is done.
  await page.getByLabel('Show overdue tasks').click();
  await expect(page.getByLabel('Show overdue tasks')).toBeChecked();
  await expect(page).toHaveURL(/showOverdue=true/);
  await expect(tasks).toHaveText([/Overdue report/, /Due in two days/, /Due in three days/]);

  await page.getByLabel('Show tasks without dates').click();
  await expect(page.getByLabel('Show tasks without dates')).toBeChecked();
  await expect(page).toHaveURL(/showNulls=true/);
  await expect(tasks.filter({ hasText: 'Someday' })).toBeVisible();
  await page.getByLabel('Show tasks without dates').click();
  await expect(page.getByLabel('Show tasks without dates')).not.toBeChecked();
  await expect(tasks.filter({ hasText: 'Someday' })).toHaveCount(0);

  await page.getByRole('checkbox', { name: 'Mark Overdue report as done' }).click();
  await expect(page.getByText('The task was marked as done.')).toBeVisible();
  await expect(tasks).toHaveText([/Due in two days/, /Due in three days/, /Overdue report/]);
  await expect(page.getByRole('checkbox', { name: 'Mark Overdue report as not done' })).toBeChecked();
});

test('the overview greets, lists the current tasks and last viewed projects, and can show a saved filter', async ({
  page,
  request,
}) => {
  const { gardenId } = await seed(page, request);
  await page.goto('/');
  await expect(page.getByTestId('greeting')).toBeVisible();
  const current = upcomingTasks(page, 'Current tasks');
  await expect(current).toHaveText([/Overdue report/, /Due in two days/, /Due in three days/]);
  await expect(page.getByRole('heading', { name: 'Last viewed' })).toHaveCount(0);

  // The add-to-home-screen hint, once dismissed, stays away.
  await expect(page.getByText('Ordo on your home screen')).toBeVisible();
  await page.getByRole('button', { name: 'Do not show this again' }).click();
  await expect(page.getByText('Ordo on your home screen')).toHaveCount(0);

  await page.goto(`/projects/${gardenId}`);
  await expect(page).toHaveURL(new RegExp(`/projects/${gardenId}/\\d+$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Garden' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Tasks' })).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('projectHistory')))
    .toContain(`${gardenId}`);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Last viewed' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Last viewed' }).getByRole('link', { name: 'Garden' }),
  ).toBeVisible();
  await expect(page.getByText('Ordo on your home screen')).toHaveCount(0);

  // The overview can read a saved filter instead, chosen in the general settings.
  await page.goto('/user/settings/general');
  await page.getByRole('combobox', { name: 'Saved filter on the overview' }).click();
  await page.getByRole('option', { name: 'My Open Tasks' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The settings were successfully updated.')).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 2, name: 'My Open Tasks' })).toBeVisible();
  await expect(page.getByText('Nothing to do. Have a nice day!')).toBeVisible();
});

test('a due date and an assignee show their full text on hover, and it leaves with the pointer', async ({
  page,
  request,
}) => {
  const { gardenId, me } = await seed(page, request);
  const user = await me.api<{ id: number }>('GET', '/user');
  const tasks = await me.api<{ id: number; title: string }[]>('GET', `/projects/${gardenId}/tasks`);
  const twoDays = tasks.find((task) => task.title === 'Due in two days');
  if (!twoDays) throw new Error('seeded task missing');
  await me.api('PUT', `/tasks/${twoDays.id}/assignees`, { user_id: user.id });

  await page.goto('/tasks/by/upcoming');
  const row = upcomingTasks(page, 'Next 7 days').filter({ hasText: 'Due in two days' });
  const tooltip = page.getByRole('tooltip');
  await row.locator('time').hover();
  await expect(tooltip).toHaveText(/^Due \d{1,2} \w{3} \d{4}, \d{2}:\d{2}$/);
  // Out of the row: it closes.
  await page.getByRole('heading', { level: 1 }).hover();
  await expect(tooltip).toHaveCount(0);

  await row.getByRole('img', { name: me.username }).hover();
  await expect(tooltip).toHaveText(me.username);
  await page.mouse.move(1, 1);
  await expect(tooltip).toHaveCount(0);
});

test('the overview never shows "Nothing to do" while its tasks are drawn, also from the offline cache', async ({
  page,
  request,
}) => {
  await seed(page, request);
  // Records whether the empty picture was ever on the page, however briefly.
  await page.addInitScript(() => {
    const seen = () => {
      if (document.body?.textContent?.includes('Nothing to do')) sessionStorage.setItem('sawEmpty', 'yes');
    };
    new MutationObserver(seen).observe(document, { childList: true, subtree: true, characterData: true });
  });
  // A slow phone: the rows are drawn in a deferred pass that takes a while.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const current = upcomingTasks(page, 'Current tasks');
  await page.goto('/');
  const slowly = { timeout: 30_000 };
  await expect(current).toHaveText([/Overdue report/, /Due in two days/, /Due in three days/], slowly);
  // Opened again, the tasks come from the cache kept on the device before the server answers.
  await page.reload();
  await expect(current).toHaveText([/Overdue report/, /Due in two days/, /Due in three days/], slowly);
  expect(await page.evaluate(() => sessionStorage.getItem('sawEmpty'))).toBeNull();
});
