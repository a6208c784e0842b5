import { uniqueName } from './support/accounts';
import { expect, type Page, test } from './support/csp-guard';

async function register(page: Page) {
  const username = uniqueName('palette');
  await page.goto('/register');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('E-mail').fill(`${username}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('correct-horse-1');
  await page.getByLabel('Password', { exact: true }).blur();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(username);
}

const palette = (page: Page) => page.getByRole('dialog', { name: 'Quick actions' });
const paletteInput = (page: Page) => palette(page).getByRole('combobox');

test('the palette creates a project and a task, and jumps to a task by its title', async ({ page }) => {
  await register(page);

  // Open with the keyboard, pick "New project" with the arrows, type its title, Enter.
  await page.keyboard.press('Control+KeyK');
  await expect(paletteInput(page)).toBeFocused();
  const commands = palette(page).getByRole('group', { name: 'Commands' });
  await expect(commands.getByRole('option')).toHaveText(['New task', 'New project', 'New team']);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(commands.getByRole('option', { name: 'New project' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.keyboard.press('Enter');
  await expect(paletteInput(page)).toHaveAttribute('placeholder', 'Enter the title of the new project…');
  await page.keyboard.type('Garden');
  await expect(palette(page).getByText('Press Enter to create a top-level project.')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(palette(page)).toBeHidden();
  await expect(page.getByText('The project was created.')).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Garden' })).toBeVisible();

  // Inside Garden, "new t" leaves one command: Enter picks it; Backspace on empty drops it again.
  await page.getByRole('navigation').getByRole('link', { name: 'Garden' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Garden' })).toBeVisible();
  await page
    .getByRole('button', { name: /^Search/ })
    .first()
    .click();
  await page.keyboard.type('new ta');
  await page.keyboard.press('Enter');
  await expect(palette(page).getByText('New task', { exact: true })).toBeVisible();
  await page.keyboard.press('Backspace');
  await expect(paletteInput(page)).toHaveAttribute('placeholder', 'Type a command or search…');
  await page.keyboard.type('new ta');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Prune the roses *outside !2');
  await expect(palette(page).getByText('Press Enter to create the task in Garden.')).toBeVisible();
  await expect(palette(page).getByText('outside')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByText('The task was created.')).toBeVisible();
  const detail = page.getByRole('dialog').filter({ has: page.getByRole('textbox', { name: 'Title' }) });
  await expect(detail.getByRole('textbox', { name: 'Title' })).toHaveValue('Prune the roses');
  await expect(detail.getByRole('link', { name: 'Garden' })).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Remove the label outside' })).toBeVisible();
  await detail.getByRole('button', { name: 'Close' }).click();
  await expect(detail).toBeHidden();

  // Jump to the task from the overview by typing its title: one result, Enter opens it.
  await page.goto('/');
  await expect(page.getByRole('button', { name: /^Search/ }).first()).toBeVisible();
  await page.keyboard.press('Control+KeyK');
  await page.keyboard.type('Prune the roses');
  const tasks = palette(page).getByRole('group', { name: 'Tasks' });
  await expect(tasks.getByRole('option')).toHaveCount(1);
  await expect(palette(page).getByRole('option')).toHaveCount(1);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/tasks\/\d+$/);
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Prune the roses');
});

test('picking a label writes its token, which then filters the task search', async ({ page }) => {
  await register(page);
  await page.getByRole('navigation').getByRole('link', { name: 'Inbox' }).click();
  const input = page.getByRole('textbox', { name: 'New task' });
  await input.fill('Buy seeds *"garden shop"');
  await input.press('Enter');
  await expect(page.getByText('The task was created.')).toBeVisible();
  await input.fill('Buy bread');
  await input.press('Enter');
  await expect(page.getByRole('link', { name: 'Buy bread', exact: true })).toBeVisible();
  await input.blur();

  await page.keyboard.press('Control+KeyK');
  await page.keyboard.type('garden');
  const labels = palette(page).getByRole('group', { name: 'Labels' });
  await labels.getByRole('option', { name: 'garden shop' }).click();
  await expect(paletteInput(page)).toHaveValue('*"garden shop"');
  await expect(paletteInput(page)).toBeFocused();
  const tasks = palette(page).getByRole('group', { name: 'Tasks' });
  await expect(tasks.getByRole('option')).toHaveText([/Buy seeds/]);

  // Esc closes and resets: reopened, the input is empty and the recent project is listed first.
  await page.keyboard.press('Escape');
  await expect(palette(page)).toBeHidden();
  await page.keyboard.press('Control+KeyK');
  await expect(paletteInput(page)).toHaveValue('');
  await expect(palette(page).getByRole('group', { name: 'Projects' }).getByRole('option')).toHaveText([
    'Inbox',
  ]);
  await palette(page).getByRole('button', { name: 'Close quick actions' }).click();
  await expect(palette(page)).toBeHidden();
});

test('a team made from the palette opens for editing and is found again with the assignee prefix', async ({
  page,
}) => {
  await register(page);
  await page.keyboard.press('Control+KeyK');
  await page.keyboard.type('new team');
  await page.keyboard.press('Enter');
  await expect(palette(page).getByText('Press Enter to create the team and open it.')).toBeVisible();
  const name = uniqueName('Design');
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/teams\/\d+\/edit$/);
  await expect(page.getByText('The team was created.')).toBeVisible();
  const teamUrl = page.url();

  await page.goto('/');
  await expect(page.getByRole('button', { name: /^Search/ }).first()).toBeVisible();
  await page.keyboard.press('Control+KeyK');
  await page.keyboard.type(`@${name}`);
  // Only assignees typed: only teams are searched.
  const teams = palette(page).getByRole('group', { name: 'Teams' });
  await expect(teams.getByRole('option', { name })).toBeVisible();
  await expect(palette(page).getByRole('group')).toHaveCount(1);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(teamUrl);
});

test('go-to sequences, the task-detail shortcuts and the shortcuts help', async ({ page }) => {
  await register(page);
  const sequences: [string, RegExp][] = [
    // Upcoming settles on its default range in the address before the next chord.
    ['u', /\/tasks\/by\/upcoming\?from=now&to=now%2B7d/],
    ['p', /\/projects$/],
    ['a', /\/labels$/],
    ['m', /\/teams$/],
    ['o', /\/$/],
  ];
  for (const [key, url] of sequences) {
    await page.keyboard.press('KeyG');
    await page.keyboard.press(`Key${key.toUpperCase()}`);
    await expect(page).toHaveURL(url);
  }
  // A chord resets on an unmatched key: g x p does nothing.
  await page.keyboard.press('KeyG');
  await page.keyboard.press('KeyX');
  await page.keyboard.press('KeyP');
  await expect(page).toHaveURL(/\/$/);

  await page.getByRole('navigation').getByRole('link', { name: 'Inbox' }).click();
  const input = page.getByRole('textbox', { name: 'New task' });
  await input.fill('Water the plants');
  await input.press('Enter');
  await page.getByRole('link', { name: 'Water the plants', exact: true }).click();
  const detail = page.getByRole('dialog');
  await expect(detail.getByRole('textbox', { name: 'Title' })).toHaveValue('Water the plants');
  await detail.getByRole('textbox', { name: 'Title' }).blur();

  // Typing never triggers shortcuts; outside fields they act on the task.
  await page.keyboard.press('KeyS');
  await expect(detail.getByRole('button', { name: 'Remove from favourites' })).toBeVisible();
  await page.keyboard.press('KeyT');
  await expect(detail.getByText('Done', { exact: true })).toBeVisible();
  const blur = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('KeyA');
  await expect(detail.getByRole('textbox', { name: 'Assign someone' })).toBeFocused();
  await blur();
  await page.keyboard.press('KeyL');
  await expect(detail.getByRole('textbox', { name: 'Add a label' })).toBeFocused();
  await blur();
  await page.keyboard.press('KeyP');
  await expect(detail.getByRole('combobox', { name: 'Priority' })).toBeFocused();
  await page.keyboard.press('Escape');
  await detail.getByRole('combobox', { name: 'Priority' }).blur();
  await page.keyboard.press('KeyU');
  await expect(page).toHaveURL(/\/projects\/\d+/);

  await page.keyboard.press('Shift+Slash');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  for (const group of ['General', 'Navigation', 'Projects and lists', 'Task detail']) {
    await expect(help.getByRole('table', { name: group })).toBeVisible();
  }
  await expect(help.getByRole('row', { name: /Open the quick actions/ })).toContainText('Ctrl+K');
  await expect(help.getByRole('row', { name: /Teams/ })).toContainText('GthenM');
  await expect(help.getByRole('row', { name: /Delete the task/ })).toContainText('Shift+Delete');
});

test('Ctrl+K and the letters typed right after it are kept while the palette is still loading', async ({
  page,
}) => {
  // A slow connection: the palette's code arrives 2.5 s after the first screen.
  await page.route(/quick-actions-palette-[^/]*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await route.continue();
  });
  await register(page);
  await page.keyboard.press('Control+KeyK');
  await page.keyboard.type('new proj');
  await page.keyboard.press('Backspace');
  await expect(paletteInput(page)).toHaveValue('new pro');
  await expect(paletteInput(page)).toBeFocused();
  await expect(
    palette(page).getByRole('group', { name: 'Commands' }).getByRole('option', { name: 'New project' }),
  ).toBeVisible();
});

test('Enters typed while the palette is still loading are pressed once it is there', async ({ page }) => {
  await page.route(/quick-actions-palette-[^/]*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await route.continue();
  });
  await register(page);
  const name = uniqueName('Early');
  // The whole command typed at once, before the palette's code has arrived.
  await page.keyboard.press('Control+KeyK');
  await page.keyboard.type('new team');
  await page.keyboard.press('Enter');
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/teams\/\d+\/edit$/);
  await expect(page.getByText('The team was created.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
});

test('a task found by a short title shows its project’s whole name beside it', async ({ page }) => {
  await register(page);
  await page.getByRole('navigation').getByRole('link', { name: 'Inbox' }).click();
  const input = page.getByRole('textbox', { name: 'New task' });
  await input.fill('Dig');
  await input.press('Enter');
  await expect(page.getByText('The task was created.')).toBeVisible();
  await input.blur();

  await page.keyboard.press('Control+KeyK');
  await page.keyboard.type('Dig');
  const crumb = palette(page).getByRole('group', { name: 'Tasks' }).getByRole('option').getByText('Inbox ›');
  await expect(crumb).toBeVisible();
  // Not cut to "Inb…": the name fits in the width it is given.
  expect(await crumb.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
});
