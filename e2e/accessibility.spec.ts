/**
 * axe-core over the signed-out screens (login, registration), in the light and the dark colour
 * scheme: no serious or critical violation of WCAG 2 A/AA (names on controls, contrast, landmarks,
 * ARIA use).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from './support/csp-guard';

type Scheme = 'light' | 'dark';

/** Serious and critical violations on the page as it is, one line each. */
async function violations(page: Page, where: string): Promise<string[]> {
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

async function useScheme(page: Page, scheme: Scheme) {
  await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
  await page.addInitScript((value) => localStorage.setItem('colorScheme', value), scheme);
}

for (const scheme of ['light', 'dark'] as const) {
  test(`accessibility: signed-out screens in ${scheme}`, async ({ page }) => {
    await useScheme(page, scheme);
    const found: string[] = [];
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    found.push(...(await violations(page, `login (${scheme})`)));
    await page.goto('/register');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('textbox').first()).toBeVisible();
    found.push(...(await violations(page, `register (${scheme})`)));
    expect(found, found.join('\n')).toEqual([]);
  });
}
