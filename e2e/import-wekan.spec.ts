/**
 * A WeKan board export imported as a user does it: from the importers in the settings to the
 * WeKan screen, a broken file refused naming the field, then the board's JSON landing as a project
 * whose kanban columns are the board's lists, with a card's checklist, comments and attachment.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { account, signIn } from './support/accounts';
import { expect, test } from './support/csp-guard';

function wekanFixture(name: string): Buffer {
  return readFileSync(join(import.meta.dirname, '../packages/server/test/fixtures/imports/wekan', name));
}

test('a WeKan board becomes a project with its lists as kanban columns', async ({ page, request }) => {
  const user = await account(request, 'impwekan');
  await signIn(page, user.token);
  await page.goto('/user/settings/migrate');
  await page.getByRole('link', { name: 'Import from WeKan' }).click();
  await expect(page).toHaveURL(/\/migrate\/wekan$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Import from WeKan' })).toBeVisible();
  await expect(page.getByText(/Export board/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('import-wekan.png') });

  const file = page.locator('input[type=file]');
  await file.setInputFiles({
    name: 'board.json',
    mimeType: 'application/json',
    buffer: wekanFixture('bad-due-date.json'),
  });
  const refused = page.getByRole('alert', { name: 'The import did not work' });
  await expect(refused).toContainText('cards[1].dueAt must be a date, not "next week"');

  await file.setInputFiles({
    name: 'board.json',
    mimeType: 'application/json',
    buffer: wekanFixture('board.json'),
  });
  await expect(page.getByText('Import finished')).toBeVisible();
  await expect(page.getByTestId('import-counts')).toContainText('1 projects, 6 tasks, 2 labels, 2 comments');
  await page.screenshot({ path: test.info().outputPath('import-wekan-done.png') });

  const garden = (await user.api<{ id: number; title: string }[]>('GET', '/projects')).find(
    (p) => p.title === 'Garden club',
  );
  const views = await user.api<{ id: number; view_kind: string }[]>('GET', `/projects/${garden?.id}/views`);
  await page.goto(`/projects/${garden?.id}/${views.find((v) => v.view_kind === 'kanban')?.id}`);
  const board = page.getByRole('region', { name: 'Kanban board' });
  for (const title of ['Backlog', 'In progress', 'Done', 'Old ideas (archived)']) {
    await expect(board.getByRole('region', { name: title, exact: true })).toBeVisible();
  }
  const doing = board.getByRole('region', { name: 'In progress', exact: true });
  await doing.getByRole('button', { name: 'Plant tomatoes', exact: true }).click();
  await expect(page.getByRole('checkbox', { name: 'Buy stakes' })).toBeChecked();
  await expect(page.getByText('Use compost first')).toBeVisible();
  await expect(page.getByText('plan.txt')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('import-wekan-task.png') });
});
