/**
 * The user's default view setting (spec 1 "Frontend settings": defaultView): a project opened
 * without a remembered view opens the first view of that kind; "first" opens the first view.
 */
import { account, projectWithViews, signIn, uniqueName } from './support/accounts';
import { expect, test } from './support/csp-guard';

test('a project opens in the default view kind from the settings', async ({ page, request }) => {
  const me = await account(request, 'dv');
  const settings = await me.api<{ frontend_settings: Record<string, unknown> }>(
    'GET',
    '/user/settings/general',
  );
  await me.api('POST', '/user/settings/general', {
    ...settings,
    frontend_settings: { ...settings.frontend_settings, default_view: 'kanban' },
  });
  const project = await projectWithViews(me, uniqueName('Views '));
  const kanban = project.views.find((v) => v.view_kind === 'kanban');
  const list = project.views.find((v) => v.view_kind === 'list');
  await signIn(page, me.token);

  await page.goto(`/projects/${project.id}`);
  await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/${kanban?.id}$`));

  // Once the user picks a view, that one is remembered over the default.
  await page.goto(`/projects/${project.id}/${list?.id}`);
  await expect(page.getByLabel('New task')).toBeVisible();
  await page.goto(`/projects/${project.id}`);
  await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/${list?.id}$`));
});
