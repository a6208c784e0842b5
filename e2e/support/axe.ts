/** axe-core checks the accessibility specs share: WCAG 2 A/AA, serious and critical findings only. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export type Scheme = 'light' | 'dark';

/** Serious and critical violations on the page as it is, one line each. */
export async function violations(page: Page, where: string): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
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
