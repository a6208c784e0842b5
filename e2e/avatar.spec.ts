/**
 * Avatars as a user meets them: a picture uploaded in the settings shows in the header at once,
 * and choosing initials instead replaces it there.
 */
import sharp from 'sharp';
import { account, PNG, signIn, uniqueName } from './support/accounts';
import { expect, type Page, test } from './support/csp-guard';

/** The header avatar's image, decoded from the data: URL the page shows. */
async function headerImage(page: Page): Promise<{ type: string; bytes: Buffer }> {
  const src = (await page.getByTestId('header-avatar').locator('img').getAttribute('src')) ?? '';
  const match = /^data:([^;,]+)(;base64)?,(.*)$/s.exec(src);
  if (!match) throw new Error(`the header avatar is not a data: URL: ${src.slice(0, 60)}`);
  const [, type, base64, data] = match as unknown as [string, string, string | undefined, string];
  return {
    type,
    bytes: base64 ? Buffer.from(data, 'base64') : Buffer.from(decodeURIComponent(data)),
  };
}

test('an uploaded avatar shows in the header, and initials replace it', async ({ page, request }) => {
  const username = uniqueName('ava');
  const password = 'correct-horse-1';
  await request.post('/api/v1/register', { data: { username, email: `${username}@example.com`, password } });
  await page.goto('/login');
  await page.getByLabel('Username or e-mail').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(username);

  // At first everyone has the neutral default.
  await expect(page.getByTestId('header-avatar').locator('img')).toHaveAttribute('src', /^data:image\/svg/);

  await page.goto('/user/settings/general');
  await page.getByRole('link', { name: 'Avatar', exact: true }).click();
  await expect(page).toHaveURL(/\/user\/settings\/avatar$/);
  await expect(page.getByRole('radio', { name: 'Default' })).toHaveAttribute('aria-checked', 'true');

  const picture = await sharp({
    create: { width: 320, height: 240, channels: 3, background: { r: 230, g: 40, b: 30 } },
  })
    .png()
    .toBuffer();
  await page
    .getByTestId('avatar-dropzone')
    .locator('input[type=file]')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: picture });
  await expect(page.getByText('Avatar was uploaded successfully.')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Own picture' })).toHaveAttribute('aria-checked', 'true');

  // The header shows the picture, drawn by the server at the header's 40 px.
  await expect(page.getByTestId('header-avatar').locator('img')).toHaveAttribute('src', /^data:image\/png/);
  const uploaded = await headerImage(page);
  const { data, info } = await sharp(uploaded.bytes).raw().toBuffer({ resolveWithObject: true });
  expect([info.width, info.height]).toEqual([40, 40]);
  expect([data[0], data[1], data[2]]).toEqual([230, 40, 30]);

  // Something that is no picture is refused with a reason, and the avatar stays.
  await page
    .getByTestId('avatar-dropzone')
    .locator('input[type=file]')
    .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
  await expect(page.getByText('The file is not a picture.', { exact: false })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Own picture' })).toHaveAttribute('aria-checked', 'true');

  await page.getByRole('radio', { name: 'Initials' }).click();
  await expect(page.getByText('Avatar was changed successfully.')).toBeVisible();
  await expect(page.getByTestId('header-avatar').locator('img')).toHaveAttribute('src', /^data:image\/svg/);
  const initials = await headerImage(page);
  expect(initials.bytes.toString()).toContain(`>${username[0]?.toUpperCase()}</text>`);

  // After a reload the choice holds.
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Initials' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('header-avatar').locator('img')).toHaveAttribute('src', /^data:image\/svg/);
});

test('a file chosen right after an upload is taken at once, while the avatars still refresh', async ({
  page,
  request,
}) => {
  const user = await account(request, 'avq');
  await signIn(page, user.token);
  await page.goto('/user/settings/avatar');
  await expect(page.getByRole('radio', { name: 'Default' })).toHaveAttribute('aria-checked', 'true');
  // The avatars fetched again after an upload answer slowly, as a Gravatar lookup can.
  await page.route('**/api/v1/avatar/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await route.continue();
  });
  const dropzone = page.getByTestId('avatar-dropzone').locator('input[type=file]');
  await dropzone.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Avatar was uploaded successfully.')).toBeVisible();
  await dropzone.setInputFiles({
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not a picture'),
  });
  await expect(page.getByText('The file is not a picture.', { exact: false })).toBeVisible({ timeout: 2000 });
});
