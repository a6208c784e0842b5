/**
 * axe-core over the signed-out screens (login, registration, the password reset's two, a link
 * share's password and the project it opens), in the light and the dark colour scheme: no serious
 * or critical violation of WCAG 2 A/AA (names on controls, contrast, landmarks, ARIA use).
 */
import { account } from './support/accounts';
import { followSystemScheme, useScheme, violations, violationsInBothSchemes } from './support/axe';
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

test('accessibility: password reset and a link share in light and dark', async ({ page, request }) => {
  const owner = await account(request, 'a11yshare');
  const project = await owner.api<{ id: number }>('PUT', '/projects', { title: 'Allotment' });
  await owner.api('PUT', `/projects/${project.id}/tasks`, { title: 'Water the beans', priority: 3 });
  const share = await owner.api<{ hash: string }>('PUT', `/projects/${project.id}/shares`, {
    name: 'Neighbours',
    permission: 1,
    password: 's3cret-pass',
  });
  await followSystemScheme(page);
  const found: string[] = [];

  await page.goto('/get-password-reset');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  found.push(...(await violationsInBothSchemes(page, 'get password reset')));
  await page.goto('/password-reset?userPasswordReset=not-a-real-token');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  found.push(...(await violationsInBothSchemes(page, 'password reset')));

  await page.goto(`/share/${share.hash}/auth`);
  const password = page.getByLabel('Password', { exact: true });
  await expect(password).toBeVisible();
  found.push(...(await violationsInBothSchemes(page, 'link share password')));
  await password.fill('s3cret-pass');
  await page.getByRole('button', { name: 'Open project' }).click();
  await expect(page.getByText('Water the beans')).toBeVisible();
  found.push(...(await violationsInBothSchemes(page, 'link share project')));
  expect(found, found.join('\n')).toEqual([]);
});
