/**
 * The calendar view: added in the project's views settings, tasks on their days, dragged to other
 * days (dates move by whole days, times kept), spans resized (never to end before they start), a
 * task added on a day with quick-add, an unscheduled task dragged onto a day, and the week and
 * day pages starting on the user's week start.
 */
import { account, signIn } from './support/accounts';
import { useScheme, violations } from './support/axe';
import { expect, type Page, test } from './support/csp-guard';
import { wire } from './support/utc-days';

// Days are local days; UTC keeps the expected dates independent of the machine.
test.use({ timezoneId: 'UTC', locale: 'en-US', viewport: { width: 1280, height: 1000 } });

/** Day `n` of the current month (UTC) at the given hours: always on the month page shown first. */
function monthDay(n: number, hours = 0): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), n) + hours * 3_600_000);
}
const key = (date: Date) => date.toISOString().slice(0, 10);
const cell = (page: Page, date: Date) => page.locator(`[data-day="${key(date)}"]`);

function taskSaved(page: Page) {
  return page.waitForResponse(
    (r) => /\/api\/v1\/tasks\/\d+$/.test(r.url()) && r.request().method() === 'POST',
  );
}

/**
 * Presses at the middle of `from`, moves in steps to the middle of the day cell `to` and lets go
 * once that cell shows it is the drop target, as a person lets go when they see it: on a busy
 * host the app may not have caught up with the last step yet, and the drop goes where it shows.
 */
async function drag(
  page: Page,
  from: { x: number; y: number; width: number; height: number },
  to: ReturnType<Page['locator']>,
) {
  const target = await box(to);
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 12, from.y + from.height / 2, { steps: 4 });
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 12 });
  await expect(to).toHaveAttribute('data-over', 'true');
  await page.mouse.up();
}

async function box(locator: ReturnType<Page['locator']>) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('no layout');
  return found;
}

test('a calendar view shows, moves, resizes, adds and schedules tasks by day', async ({ page, request }) => {
  const { token, api } = await account(request, 'cal');
  const settings = await api<Record<string, unknown>>('GET', '/user/settings/general');
  await api('POST', '/user/settings/general', { ...settings, week_start: 0 });
  const project = await api<{ id: number }>('PUT', '/projects', { title: 'Agenda' });
  const dentist = await api<{ id: number }>('PUT', `/projects/${project.id}/tasks`, {
    title: 'Dentist',
    due_date: wire(monthDay(10, 14.5)),
  });
  const conference = await api<{ id: number }>('PUT', `/projects/${project.id}/tasks`, {
    title: 'Conference',
    start_date: wire(monthDay(15, 9)),
    end_date: wire(monthDay(17, 17)),
  });
  const plumber = await api<{ id: number }>('PUT', `/projects/${project.id}/tasks`, {
    title: 'Call the plumber',
  });
  await signIn(page, token);

  // The views settings offer the calendar kind.
  await page.goto(`/projects/${project.id}/settings/views`);
  const dialog = page.getByRole('dialog', { name: 'Views of Agenda' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill('Calendar');
  await dialog.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: 'Calendar' }).click();
  await dialog.getByRole('button', { name: 'Add view' }).click();
  await expect(page.getByText('The view was successfully created.')).toBeVisible();
  const views = await api<{ id: number; view_kind: string }[]>('GET', `/projects/${project.id}/views`);
  expect(views.map((v) => v.view_kind)).toEqual(['list', 'gantt', 'table', 'kanban', 'calendar']);
  const calendar = views[4];
  await page.goto(`/projects/${project.id}/${calendar.id}`);

  // Month page: the dated task on its day, the span on each of its days, the other in the sidebar.
  const dentistChip = page.getByRole('button', { name: /^Dentist:/ });
  await expect(cell(page, monthDay(10)).getByRole('button', { name: /^Dentist:/ })).toBeVisible();
  for (const day of [15, 16, 17])
    await expect(cell(page, monthDay(day)).getByTitle('Conference')).toBeVisible();
  await expect(page.getByRole('complementary')).toContainText('Unscheduled (1)');
  await expect(page.getByTestId('calendar-weekday').first()).toHaveText('Sun');

  // Drag the task three days on: the due date moves by whole days, its time stays.
  let saved = taskSaved(page);
  await drag(page, await box(dentistChip), cell(page, monthDay(13)));
  expect((await saved).ok()).toBe(true);
  await expect(cell(page, monthDay(13)).getByRole('button', { name: /^Dentist:/ })).toBeVisible();
  expect((await api<{ due_date: string }>('GET', `/tasks/${dentist.id}`)).due_date).toBe(
    wire(monthDay(13, 14.5)),
  );

  // The keyboard moves it too: → is one day later.
  saved = taskSaved(page);
  await dentistChip.focus();
  await page.keyboard.press('ArrowRight');
  expect((await saved).ok()).toBe(true);
  expect((await api<{ due_date: string }>('GET', `/tasks/${dentist.id}`)).due_date).toBe(
    wire(monthDay(14, 14.5)),
  );

  // Stretch the span's end two days; its start and the times stay.
  const endEdge = cell(page, monthDay(17)).getByTestId('span-end');
  saved = taskSaved(page);
  await drag(page, await box(endEdge), cell(page, monthDay(19)));
  expect((await saved).ok()).toBe(true);
  let span = await api<{ start_date: string; end_date: string }>('GET', `/tasks/${conference.id}`);
  expect([span.start_date, span.end_date]).toEqual([wire(monthDay(15, 9)), wire(monthDay(19, 17))]);
  await expect(cell(page, monthDay(19)).getByTitle('Conference')).toBeVisible();

  // Its end cannot go before its start: a notice, and nothing is saved.
  await drag(page, await box(cell(page, monthDay(19)).getByTestId('span-end')), cell(page, monthDay(12)));
  await expect(page.getByText('A task cannot end before it starts.')).toBeVisible();
  span = await api<{ start_date: string; end_date: string }>('GET', `/tasks/${conference.id}`);
  expect(span.end_date).toBe(wire(monthDay(19, 17)));

  // A task from the sidebar dropped on a day is due that day (at midday).
  saved = taskSaved(page);
  await drag(
    page,
    await box(page.getByRole('button', { name: 'Call the plumber' })),
    cell(page, monthDay(21)),
  );
  expect((await saved).ok()).toBe(true);
  await expect(page.getByRole('complementary')).toContainText('Unscheduled (0)');
  expect((await api<{ due_date: string }>('GET', `/tasks/${plumber.id}`)).due_date).toBe(
    wire(monthDay(21, 12)),
  );

  // Add a task on a day from the keyboard, with quick-add magic: due that day, label read.
  const dayName = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeZone: 'UTC' }).format(
    monthDay(8),
  );
  await page.getByRole('button', { name: `Add a task on ${dayName}` }).focus();
  await page.keyboard.press('Enter');
  const adding = page.getByRole('dialog', { name: `New task on ${dayName}` });
  await adding.getByRole('textbox', { name: 'New task' }).fill('Call Bob *phone');
  await page.keyboard.press('Enter');
  await expect(adding).toBeHidden();
  await expect(cell(page, monthDay(8)).getByRole('button', { name: /^Call Bob:/ })).toBeVisible();
  const created = await api<{ title: string; due_date: string; labels: { title: string }[] | null }[]>(
    'GET',
    `/projects/${project.id}/views/${calendar.id}/tasks?filter=${encodeURIComponent('title = Call Bob')}`,
  );
  expect(created.map((x) => [x.title, x.due_date, x.labels?.map((l) => l.title)])).toEqual([
    ['Call Bob', wire(monthDay(8, 12)), ['phone']],
  ]);

  // A click on a day's empty space opens the same dialog (clicked again if the click landed while
  // the last dialog was still closing).
  await expect(async () => {
    await page.mouse.click(
      (await box(cell(page, monthDay(9)))).x + 60,
      (await box(cell(page, monthDay(9)))).y + 80,
    );
    await expect(page.getByRole('dialog', { name: /^New task on/ })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await page.keyboard.press('Escape');

  // The week page starts on the user's week start (Sunday) and holds the week's tasks.
  await page.getByText('Week', { exact: true }).click();
  await expect(page.getByTestId('calendar-weekday')).toHaveCount(7);
  await expect(page.getByTestId('calendar-weekday').first()).toHaveText('Sun');
  const weekDays = await page
    .locator('[data-day]')
    .evaluateAll((cells) => cells.map((c) => c.getAttribute('data-day')));
  expect(new Date(`${weekDays[0]}T00:00:00Z`).getUTCDay()).toBe(0);

  // Next and previous page by a week; the day page shows one day.
  await page.getByRole('button', { name: 'Next week' }).click();
  const nextWeek = await page.locator('[data-day]').first().getAttribute('data-day');
  expect(new Date(`${nextWeek}T00:00:00Z`).getTime() - new Date(`${weekDays[0]}T00:00:00Z`).getTime()).toBe(
    7 * 86_400_000,
  );
  await page.getByRole('button', { name: 'Previous week' }).click();
  await page.getByText('Day', { exact: true }).click();
  await expect(page.locator('[data-day]')).toHaveCount(1);
  await page.getByRole('button', { name: 'Today', exact: true }).click();
  await expect(page.locator('[data-day]')).toHaveAttribute('data-day', key(new Date()));

  // A task opens from the calendar with Enter.
  await page.getByText('Month', { exact: true }).click();
  await page.getByRole('button', { name: /^Dentist:/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/tasks/${dentist.id}$`));
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the calendar has no serious accessibility findings (${scheme})`, async ({ page, request }) => {
    const { token, api } = await account(request, 'cala');
    const project = await api<{ id: number }>('PUT', '/projects', { title: 'Seen' });
    await api('PUT', `/projects/${project.id}/tasks`, { title: 'Due', due_date: wire(monthDay(12, 10)) });
    await api('PUT', `/projects/${project.id}/tasks`, {
      title: 'Trip',
      hex_color: 'e8590c',
      start_date: wire(monthDay(14, 9)),
      end_date: wire(monthDay(16, 17)),
    });
    await api('PUT', `/projects/${project.id}/tasks`, { title: 'Loose' });
    const view = await api<{ id: number }>('PUT', `/projects/${project.id}/views`, {
      title: 'Calendar',
      view_kind: 'calendar',
    });
    await useScheme(page, scheme);
    await signIn(page, token);
    await page.goto(`/projects/${project.id}/${view.id}`);
    await expect(page.getByRole('button', { name: /^Trip:/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Loose' })).toBeVisible();
    expect(await violations(page, `calendar (${scheme})`)).toEqual([]);
  });
}
