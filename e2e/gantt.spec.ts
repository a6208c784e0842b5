import { account, signIn } from './support/accounts';
import { type APIRequestContext, expect, type Page, test } from './support/csp-guard';
import { shownDateTime } from './support/dates';
import { utcDay, wire } from './support/utc-days';

// Dates on the chart are local days; UTC keeps the expected texts independent of the machine.
test.use({ timezoneId: 'UTC', locale: 'en-US' });

const DAY_WIDTH = 36;
const DAY = 86_400_000;

const shown = (date: Date) => shownDateTime(date, 'UTC');

interface Chart {
  projectId: number;
  ganttViewId: number;
  api: <T = Record<string, unknown>>(method: string, path: string, data?: unknown) => Promise<T>;
}

async function chart(page: Page, request: APIRequestContext): Promise<Chart> {
  const { token, api } = await account(request, 'gt');
  const project = await api<{ id: number }>('PUT', '/projects', { title: 'Roadmap' });
  const views = await api<{ id: number; view_kind: string }[]>('GET', `/projects/${project.id}/views`);
  const gantt = views.find((v) => v.view_kind === 'gantt');
  if (!gantt) throw new Error('no gantt view');
  await signIn(page, token);
  return { projectId: project.id, ganttViewId: gantt.id, api };
}

function taskSaved(page: Page) {
  return page.waitForResponse(
    (r) => /\/api\/v1\/tasks\/\d+$/.test(r.url()) && r.request().method() === 'POST',
  );
}

test('resize a bar and the task detail shows the new end date; move a bar and both dates follow', async ({
  page,
  request,
}) => {
  const { projectId, ganttViewId, api } = await chart(page, request);
  const start = utcDay(1, 9);
  const end = utcDay(3, 15);
  const task = await api<{ id: number }>('PUT', `/projects/${projectId}/tasks`, {
    title: 'Design review',
    start_date: wire(start),
    end_date: wire(end),
  });
  const other = await api<{ id: number }>('PUT', `/projects/${projectId}/tasks`, {
    title: 'Build',
    start_date: wire(utcDay(5, 9)),
    end_date: wire(utcDay(8, 15)),
  });
  await api('PUT', `/tasks/${task.id}/relations`, { other_task_id: other.id, relation_kind: 'precedes' });
  await api('PUT', `/projects/${projectId}/tasks`, { title: 'Someday' });

  await page.goto(`/projects/${projectId}/${ganttViewId}`);
  const bar = page.getByRole('button', { name: /^Design review:/ });
  await expect(bar).toBeVisible();
  const build = page.getByRole('button', { name: /^Build:/ });
  await expect(build).toBeVisible();
  // "Design review precedes Build": one arrow from the end of its bar to the start of Build's.
  const arrow = page.locator('svg path[marker-end]');
  await expect(arrow).toHaveCount(1);
  const [line, from, to] = await Promise.all([arrow.boundingBox(), bar.boundingBox(), build.boundingBox()]);
  if (!line || !from || !to) throw new Error('no layout');
  expect(Math.abs(line.x - (from.x + from.width))).toBeLessThanOrEqual(4);
  expect(Math.abs(line.x + line.width - to.x)).toBeLessThanOrEqual(4);
  // It leaves at the height of the first bar and arrives at the height of the second.
  expect(line.y).toBeGreaterThan(from.y);
  expect(line.y).toBeLessThan(from.y + from.height);
  expect(line.y + line.height).toBeGreaterThan(to.y);
  expect(line.y + line.height).toBeLessThan(to.y + to.height);
  // Tasks without dates stay out of the chart until asked for.
  await expect(page.getByText('Someday')).toHaveCount(0);

  // Drag the end edge two days to the right.
  const handle = bar.getByTestId('bar-end');
  const box = await handle.boundingBox();
  if (!box) throw new Error('no layout');
  const saved = taskSaved(page);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + DAY_WIDTH, box.y + box.height / 2, { steps: 6 });
  await page.mouse.move(box.x + box.width / 2 + 2 * DAY_WIDTH, box.y + box.height / 2, { steps: 6 });
  await page.mouse.up();
  expect((await saved).ok()).toBe(true);
  const newEnd = new Date(end.getTime() + 2 * DAY);

  // A click opens the task: its end date moved two days, its start stayed.
  await bar.click();
  const detail = page.getByRole('dialog');
  await expect(detail.getByRole('button', { name: `End date: ${shown(newEnd)}` })).toBeVisible();
  await expect(detail.getByRole('button', { name: `Start date: ${shown(start)}` })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/${ganttViewId}$`));

  // The keyboard moves the whole bar: one day left.
  const moved = taskSaved(page);
  await page.getByRole('button', { name: /^Design review:/ }).focus();
  await page.keyboard.press('ArrowLeft');
  expect((await moved).ok()).toBe(true);
  const after = await api<{ start_date: string; end_date: string }>('GET', `/tasks/${task.id}`);
  expect(after.start_date).toBe(wire(new Date(start.getTime() - DAY)));
  expect(after.end_date).toBe(wire(new Date(newEnd.getTime() - DAY)));
});

test('a task without dates gets them by drawing a bar on its row', async ({ page, request }) => {
  const { projectId, ganttViewId, api } = await chart(page, request);
  const task = await api<{ id: number }>('PUT', `/projects/${projectId}/tasks`, { title: 'Plan the party' });
  await page.goto(`/projects/${projectId}/${ganttViewId}`);
  await page.getByLabel('Show tasks without dates').check();
  await expect(page.getByText('Tasks without dates (1)')).toBeVisible();

  const row = page.getByTitle('Timeline of Plan the party: drag to set its dates');
  const box = await row.boundingBox();
  if (!box) throw new Error('no layout');
  // The range starts two weeks before today; the row's box already follows the scrolling.
  const todayX = box.x + 14 * DAY_WIDTH;
  const saved = taskSaved(page);
  await page.mouse.move(todayX + DAY_WIDTH / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(todayX + DAY_WIDTH * 1.5, box.y + box.height / 2, { steps: 5 });
  await page.mouse.move(todayX + DAY_WIDTH * 2.5, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  expect((await saved).ok()).toBe(true);

  await expect(page.getByRole('button', { name: /^Plan the party:/ })).toBeVisible();
  const after = await api<{ start_date: string; end_date: string }>('GET', `/tasks/${task.id}`);
  expect(after.start_date).toBe(wire(utcDay(0)));
  expect(after.end_date).toBe(wire(new Date(utcDay(2).getTime() + (23 * 60 + 59) * 60_000)));
  // Now dated, it is a bar among the others, no longer in the list apart.
  await expect(page.getByText('Tasks without dates (1)')).toHaveCount(0);
});

test('the filter bar narrows the chart, on the full width of the page, and survives a reload', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1600, height: 900 });
  const { projectId, ganttViewId, api } = await chart(page, request);
  await api('PUT', `/projects/${projectId}/tasks`, {
    title: 'Launch party',
    priority: 4,
    start_date: wire(utcDay(1, 9)),
    end_date: wire(utcDay(2, 17)),
  });
  await api('PUT', `/projects/${projectId}/tasks`, {
    title: 'Tidy the wiki',
    priority: 1,
    start_date: wire(utcDay(2, 9)),
    end_date: wire(utcDay(4, 17)),
  });
  await page.goto(`/projects/${projectId}/${ganttViewId}`);
  await expect(page.getByRole('button', { name: /^Tidy the wiki:/ })).toBeVisible();
  const width = (await page.getByRole('region', { name: 'Gantt chart' }).boundingBox())?.width ?? 0;
  expect(width).toBeGreaterThan(1150);

  const editor = page.getByRole('combobox', { name: 'Filter or search tasks' });
  await editor.fill('priority >= 3');
  await editor.press('Enter');
  await expect(page).toHaveURL(/filter=priority/);
  await expect(page.getByRole('button', { name: /^Launch party:/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Tidy the wiki:/ })).toHaveCount(0);

  await page.reload();
  await expect(editor).toHaveValue('priority >= 3');
  await expect(page.getByRole('button', { name: /^Launch party:/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Tidy the wiki:/ })).toHaveCount(0);
});

test('an empty chart says why in its visible part, however far the timeline is scrolled', async ({
  page,
  request,
}) => {
  const { projectId, ganttViewId, api } = await chart(page, request);
  await api('PUT', `/projects/${projectId}/tasks`, { title: 'Someday' });
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto(`/projects/${projectId}/${ganttViewId}`);
    const message = page.getByText(
      'No task has dates in this range. Show the tasks without dates to plan them here.',
    );
    await expect(message).toBeVisible();
    const chartBox = await page.getByRole('region', { name: 'Gantt chart' }).boundingBox();
    const messageBox = await message.boundingBox();
    if (!chartBox || !messageBox) throw new Error('no layout');
    // The timeline opens scrolled to today; the message is not scrolled away with it.
    expect(messageBox.x, `at ${viewport.width} px`).toBeGreaterThanOrEqual(chartBox.x);
    expect(messageBox.x + messageBox.width).toBeLessThanOrEqual(chartBox.x + chartBox.width + 1);
  }
});
