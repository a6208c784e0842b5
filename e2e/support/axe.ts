/** axe-core checks the accessibility specs share: WCAG 2 A/AA, serious and critical findings only. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export type Scheme = 'light' | 'dark';

/** Serious and critical violations on the page as it is, one line each. */
export async function violations(page: Page, where: string): Promise<string[]> {
  // Legacy mode runs axe in the page itself: the default opens a blank page for every check to
  // merge the frames' results in, which doubled each check's time (the app has no frames).
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map(
        (n) => `${where}: ${v.id} (${v.impact}) at ${n.target.join(' ')}: ${n.failureSummary ?? ''}`,
      ),
    );
}

/** The colour scheme the app starts in (and reduced motion, so nothing is caught mid-fade). */
export async function useScheme(page: Page, scheme: Scheme): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
  await page.addInitScript((value) => localStorage.setItem('colorScheme', value), scheme);
}

/**
 * The app following the system's colour scheme (its default), starting in light, with reduced
 * motion, so that `violationsInBothSchemes` checks a screen in both without loading it again.
 */
export async function followSystemScheme(page: Page): Promise<void> {
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  await page.addInitScript(() => localStorage.setItem('colorScheme', 'auto'));
}

async function switchSystemScheme(page: Page, scheme: Scheme): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
}

/**
 * Violations of the screen as drawn in the light scheme, and in the dark one once the system has
 * switched (as a phone does at dusk); the system is back in light afterwards.
 */
export async function violationsInBothSchemes(page: Page, where: string): Promise<string[]> {
  await switchSystemScheme(page, 'light');
  const found = await violations(page, `${where} (light)`);
  await switchSystemScheme(page, 'dark');
  found.push(...(await violations(page, `${where} (dark)`)));
  await switchSystemScheme(page, 'light');
  return found;
}
