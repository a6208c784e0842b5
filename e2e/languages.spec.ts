/**
 * Interface languages: the browser's language picks the interface before anyone signs in, and a
 * user's language setting switches it at once and keeps it (Vikunja's code is what is stored).
 */
import { account, signIn } from './support/accounts';
import { expect, test } from './support/csp-guard';

test.describe('a French browser', () => {
  test.use({ locale: 'fr-FR' });

  test('shows the login page in French', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Se connecter', exact: true })).toBeVisible();
    await expect(page.getByLabel('Nom d’utilisateur ou e-mail')).toBeVisible();
    await expect(page.getByText('Mot de passe oublié ?')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
  });
});

test.describe('an English browser', () => {
  test.use({ locale: 'en-US' });

  test('switches the interface when the language setting changes, and keeps it', async ({
    page,
    request,
  }) => {
    const me = await account(request, 'lang');
    await signIn(page, me.token);
    await page.goto('/user/settings/general');
    await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();

    await page.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'Español' }).click();
    await page.getByRole('button', { name: 'Save' }).click();

    // The page changes language in place once the setting is saved.
    await expect(page.getByRole('button', { name: 'Guardar' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Idioma' })).toHaveValue('Español');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es-ES');
    const user = await me.api<{ settings: { language: string } }>('GET', '/user');
    expect(user.settings.language).toBe('es-ES');

    // It stays after a reload, although the browser says English.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Guardar' })).toBeVisible();

    // And back to English from the picker.
    await page.getByRole('combobox', { name: 'Idioma' }).click();
    await page.getByRole('option', { name: 'English' }).click();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});
