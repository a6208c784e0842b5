/**
 * Every stop the Tab key reaches on the main screens shows that it has the focus: its outline,
 * shadow, border or background (or its frame's, up to three wrappers out) while focused from the
 * keyboard differs from how it looks without the focus, and it is the app's ring, not the browser's.
 * axe does not check this; someone on a keyboard needs it on every control.
 */
import { account, signIn } from './support/accounts';
import { expect, type Locator, type Page, test } from './support/csp-guard';

/** The look of the focused element that a focus indicator changes. */
const LOOK = ['outlineStyle', 'outlineWidth', 'outlineColor', 'boxShadow', 'borderColor', 'backgroundColor'];

interface Stop {
  name: string;
  focused: string[];
  unfocused: string[];
  /** Whether the element's own box can be seen (not a hidden input behind a switch's track). */
  shown: boolean;
}

/**
 * Tabs from the top of the page through up to `limit` stops (until the focus comes round again)
 * and answers each stop's look with and without the focus.
 */
async function tabStops(page: Page, limit: number): Promise<Stop[]> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const stops: Stop[] = [];
  const seen = new Set<string>();
  for (let n = 0; n < limit; n += 1) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate((look) => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      if (!el.dataset.focusProbe) el.dataset.focusProbe = String(Math.random());
      // A border that eases to its focus colour is read where it ends, not where it is.
      // The field's frame may be its wrapper (a text area in a bordered box, `:focus-within`).
      const frames: (Element | null | undefined)[] = [el];
      for (let k = 0; k < 3; k += 1) frames.push(frames[k]?.parentElement);
      const framed = frames.filter(
        (frame): frame is HTMLElement => frame instanceof HTMLElement && frame !== document.body,
      );
      const read = () =>
        framed.flatMap((frame) => {
          for (const animation of frame.getAnimations()) animation.finish();
          const style = getComputedStyle(frame);
          return look.map((p) => String(style[p as keyof CSSStyleDeclaration]));
        });
      const focused = read();
      // The same element without the focus: a blur, read, and the focus back from the keyboard's
      // point of view (focus-visible stays, as the last interaction was a key).
      el.blur();
      const unfocused = read();
      el.focus();
      const labelledBy = el.getAttribute('aria-labelledby');
      const name =
        el.getAttribute('aria-label') ||
        (labelledBy && document.getElementById(labelledBy)?.textContent) ||
        (el as HTMLInputElement).labels?.[0]?.textContent ||
        el.getAttribute('placeholder') ||
        el.textContent?.trim().slice(0, 40) ||
        el.className;
      const box = el.getBoundingClientRect();
      const shown = getComputedStyle(el).opacity !== '0' && box.width > 1 && box.height > 1;
      return {
        id: el.dataset.focusProbe,
        name: `${el.tagName.toLowerCase()} "${name}"`,
        focused,
        unfocused,
        shown,
      };
    }, LOOK);
    if (!stop || seen.has(stop.id)) break;
    seen.add(stop.id);
    stops.push({ name: stop.name, focused: stop.focused, unfocused: stop.unfocused, shown: stop.shown });
  }
  return stops;
}

function unmarked(stops: Stop[], where: string): string[] {
  const same = stops
    .filter((s) => s.focused.every((value, k) => value === s.unfocused[k]))
    .map((s) => `${where}: ${s.name} looks the same with and without the focus`);
  // The browser's own ring (outline-style auto) is black and white, unlike the app's blue one.
  const browsers = stops
    .filter((s) => s.shown && s.focused[0] === 'auto')
    .map((s) => `${where}: ${s.name} shows the browser's ring, not the app's`);
  return [...same, ...browsers];
}

interface Fixture {
  projectId: number;
  view: (kind: string) => number;
  taskId: number;
  teamId: number;
}

/** An account with a project of three tasks due tomorrow, a label and a team, signed in. */
async function signedIn(page: Page, request: Parameters<typeof account>[0]): Promise<Fixture> {
  const me = await account(request, 'focus');
  const project = await me.api<{ id: number; views: { id: number; view_kind: string }[] }>(
    'PUT',
    '/projects',
    { title: 'Household' },
  );
  let taskId = 0;
  for (const title of ['Fix the tap', 'Mow the lawn', 'Pay the bills']) {
    const task = await me.api<{ id: number }>('PUT', `/projects/${project.id}/tasks`, {
      title,
      due_date: new Date(Date.now() + 86_400_000).toISOString(),
    });
    taskId ||= task.id;
  }
  await me.api('PUT', '/labels', { title: 'urgent', hex_color: 'e8443a' });
  const team = await me.api<{ id: number }>('PUT', '/teams', { name: 'Neighbours' });
  await signIn(page, me.token);
  return {
    projectId: project.id,
    view: (kind) => project.views.find((v) => v.view_kind === kind)?.id ?? 0,
    taskId,
    teamId: team.id,
  };
}

/** Walks each screen's Tab stops in the light and the dark scheme; answers the unmarked ones. */
async function walk(page: Page, screens: [string, string, string | RegExp][]) {
  const found: string[] = [];
  let reached = 0;
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await page.addInitScript((value) => localStorage.setItem('colorScheme', value), scheme);
    for (const [name, path, text] of screens) {
      await page.goto(path);
      // A regular expression names the dialog the address opens; text is on the screen.
      const ready = text instanceof RegExp ? page.getByRole('dialog', { name: text }) : page.getByText(text);
      await expect(ready.first()).toBeVisible();
      const stops = await tabStops(page, 80);
      reached += stops.length;
      found.push(...unmarked(stops, `${name} (${scheme})`));
    }
  }
  return { found, reached };
}

test('every Tab stop on the main screens shows the focus, light and dark', async ({ page, request }) => {
  test.setTimeout(180_000);
  const f = await signedIn(page, request);
  const { found, reached } = await walk(page, [
    ['home', '/', 'Fix the tap'],
    ['list', `/projects/${f.projectId}/${f.view('list')}`, 'Fix the tap'],
    ['kanban', `/projects/${f.projectId}/${f.view('kanban')}`, 'Fix the tap'],
    ['task detail', `/tasks/${f.taskId}`, 'Fix the tap'],
    ['general settings', '/user/settings/general', 'Profile and region'],
  ]);
  // The walk reached the screens' controls, not just the skip link.
  expect(reached).toBeGreaterThan(100);
  expect(found, found.join('\n')).toEqual([]);
});

test('every Tab stop on the other screens shows the focus, light and dark', async ({ page, request }) => {
  test.setTimeout(180_000);
  const f = await signedIn(page, request);
  const { found, reached } = await walk(page, [
    ['upcoming', '/tasks/by/upcoming', 'Fix the tap'],
    ['projects', '/projects', 'Household'],
    ['table', `/projects/${f.projectId}/${f.view('table')}`, 'Fix the tap'],
    ['gantt', `/projects/${f.projectId}/${f.view('gantt')}`, 'Show tasks without dates'],
    ['labels', '/labels', 'urgent'],
    ['teams', '/teams', 'Neighbours'],
    ['team', `/teams/${f.teamId}/edit`, 'Neighbours'],
    ['templates', '/templates', 'Templates'],
    ['trash', '/trash', 'Trash'],
    ['api tokens', '/user/settings/api-tokens', 'API tokens'],
  ]);
  expect(reached).toBeGreaterThan(100);
  expect(found, found.join('\n')).toEqual([]);
});

test('every Tab stop in a project’s dialogs shows the focus, light and dark', async ({ page, request }) => {
  test.setTimeout(180_000);
  const f = await signedIn(page, request);
  const settings = `/projects/${f.projectId}/settings`;
  const { found, reached } = await walk(page, [
    ['project edit', `${settings}/edit`, /Edit/],
    ['project sharing', `${settings}/share`, /Shar/],
    ['project views', `${settings}/views`, /Views/],
    ['project fields', `${settings}/fields`, /Fields of/],
    ['project webhooks', `${settings}/webhooks`, /Webhooks/],
    ['project background', `${settings}/background`, /Background/],
    ['project duplicate', `${settings}/duplicate`, /Duplicate/],
  ]);
  expect(reached).toBeGreaterThan(40);
  expect(found, found.join('\n')).toEqual([]);
});

/**
 * The contrast of the ring a focused control draws round its `selector` sibling (the outline, or
 * the `--segmented-control-outline`) against the first background behind it (WCAG's ratio; a focus
 * indicator needs 3:1). Runs in the page, so everything it uses is inside it.
 */
function ringContrast(control: Element, selector: string): number {
  const ring = control.parentElement?.querySelector(selector);
  if (!ring) throw new Error(`no ${selector} beside the control`);
  const rgb = (colour: string) => (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
  const luminance = (colour: string) => {
    const [r, g, b] = rgb(colour).map((c) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const style = getComputedStyle(ring);
  const segmented = style.getPropertyValue('--segmented-control-outline').trim();
  const colour = segmented ? segmented.replace(/^2px solid /, '') : style.outlineColor;
  // A colour given as a variable is resolved by drawing it on a probe.
  const probe = document.createElement('span');
  probe.style.color = colour;
  ring.append(probe);
  const ringColour = getComputedStyle(probe).color;
  probe.remove();
  let behind: Element | null = ring.parentElement;
  while (behind && /rgba\(0, 0, 0, 0\)|transparent/.test(getComputedStyle(behind).backgroundColor))
    behind = behind.parentElement;
  const background = behind ? getComputedStyle(behind).backgroundColor : 'rgb(255, 255, 255)';
  const [a, b] = [luminance(ringColour), luminance(background)].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
}

/** Focuses `control` from the keyboard, as someone tabbing there would, and answers its ring's contrast. */
async function ringContrastFocused(page: Page, control: Locator, ring: string): Promise<number> {
  await control.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(control).toBeFocused();
  return control.evaluate(ringContrast, ring);
}

test('the rings of switches, segmented controls and chips stand out on the dark scheme', async ({
  page,
  request,
}) => {
  const me = await account(request, 'focus');
  const project = await me.api<{ id: number }>('PUT', '/projects', { title: 'Household' });
  const task = await me.api<{ id: number }>('PUT', `/projects/${project.id}/tasks`, { title: 'Fix the tap' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.addInitScript(() => localStorage.setItem('colorScheme', 'dark'));
  await signIn(page, me.token);
  await page.goto('/user/settings/general');
  const switchControl = page.getByRole('switch', { name: 'Play a sound when a task is marked done' });
  expect(await ringContrastFocused(page, switchControl, '.mantine-Switch-track')).toBeGreaterThanOrEqual(3);
  const segment = page.getByRole('radio', { name: 'System' });
  expect(await ringContrastFocused(page, segment, '.mantine-SegmentedControl-label')).toBeGreaterThanOrEqual(
    3,
  );

  // A reminder's hour chips, in the popover that adds one.
  await page.goto(`/tasks/${task.id}`);
  await page
    .getByRole('group', { name: 'Task actions' })
    .getByRole('button', { name: /Reminders/ })
    .click();
  const chip = page.getByRole('radio', { name: '09:00' });
  await expect(chip).toBeAttached();
  expect(await ringContrastFocused(page, chip, 'label')).toBeGreaterThanOrEqual(3);
});

/** Opens the task titled `title` with Enter on `opener` and closes its detail with Escape. */
async function openWithEnterAndClose(page: Page, opener: Locator, title: string) {
  await opener.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Title')).toHaveValue(title);
  await page.keyboard.press('Escape');
  await expect(page.getByLabel('Title')).toHaveCount(0);
}

test('closing a task’s detail gives the focus back to the row or card it was opened from', async ({
  page,
  request,
}) => {
  const f = await signedIn(page, request);
  await page.goto(`/projects/${f.projectId}/${f.view('list')}`);
  const link = page.getByRole('list', { name: 'Tasks' }).getByRole('link', { name: 'Mow the lawn' });
  await openWithEnterAndClose(page, link, 'Mow the lawn');
  await expect(link).toBeFocused();
  // From there the keyboard goes on: Tab reaches the next task.
  await page.keyboard.press('Tab');
  await expect(page.locator(':focus')).not.toHaveCount(0);
  await expect(page.locator('body')).not.toBeFocused();

  await page.goto(`/projects/${f.projectId}/${f.view('kanban')}`);
  const card = page.getByRole('button', { name: 'Pay the bills', exact: true });
  await openWithEnterAndClose(page, card, 'Pay the bills');
  await expect(card).toBeFocused();
});

test('the filter box shows the app’s ring round it when focused, as other fields do', async ({
  page,
  request,
}) => {
  const f = await signedIn(page, request);
  await page.goto(`/projects/${f.projectId}/${f.view('list')}`);
  const filter = page.getByRole('combobox', { name: 'Filter or search tasks' });
  await filter.focus();
  await expect(filter).toBeFocused();
  const ring = await filter.evaluate((box) => {
    const frame = getComputedStyle(box.parentElement as HTMLElement);
    return { style: frame.outlineStyle, width: frame.outlineWidth };
  });
  expect(ring).toEqual({ style: 'solid', width: '2px' });
});
