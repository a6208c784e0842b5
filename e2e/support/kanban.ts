/** The kanban board as the specs see it: buckets by title, cards by title, and a mouse drag. */
import type { Locator, Page } from '@playwright/test';

export function bucket(page: Page, title: string): Locator {
  return page.getByRole('region', { name: 'Kanban board' }).getByRole('region', { name: title, exact: true });
}

export function card(scope: Page | Locator, title: string): Locator {
  return scope.getByRole('button', { name: title, exact: true });
}

/** Drags with the mouse in small steps, as dnd-kit needs movement past its activation distance. */
export async function drag(page: Page, source: Locator, target: Locator) {
  const from = await source.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('no layout');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 12, from.y + from.height / 2 + 4, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + Math.min(to.height / 2, 120), { steps: 20 });
  await page.waitForTimeout(150);
  await page.mouse.up();
}
