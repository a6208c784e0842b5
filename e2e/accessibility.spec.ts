/**
 * axe-core over the signed-out screens (login, registration), in the light and the dark colour
 * scheme: no serious or critical violation of WCAG 2 A/AA (names on controls, contrast, landmarks,
 * ARIA use).
 */
import { useScheme, violations } from './support/axe';
import { expect, test } from './support/csp-guard';

for (const scheme of ['light', 'dark'] as const) {
  test(`accessibility: signed-out screens in ${scheme}`, async ({ page }) => {
    await useScheme(page, scheme);
    const found: string[] = [];
    await page.goto('/login');
    // Enabled once the app has taken over the screen the server drew: axe reads one screen.
    await expect(page.getByRole('button', { name: 'Log in' })).toBeEnabled();
    found.push(...(await violations(page, `login (${scheme})`)));
    await page.goto('/register');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('textbox').first()).toBeVisible();
    found.push(...(await violations(page, `register (${scheme})`)));
    expect(found, found.join('\n')).toEqual([]);
  });
}
