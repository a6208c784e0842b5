/**
 * Project backgrounds as a user meets them: an image chosen in the project's background settings
 * (file dialog, or dropped onto the zone) shows behind the project page, not behind other pages,
 * and removing it takes it away.
 */
import sharp from 'sharp';
import { account, signIn } from './support/accounts';
import { expect, type Page, test } from './support/csp-guard';

/** A landscape picture with a colour gradient, so its blur hash is not one flat colour. */
async function picture(width: number, from: string, to: string): Promise<Buffer> {
  const height = Math.round(width / 2);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

async function openBackgroundSettings(page: Page, title: string) {
  await page
    .getByRole('main')
    .getByRole('button', { name: `Settings of ${title}` })
    .click();
  await page.getByRole('menuitem', { name: 'Background' }).click();
  await expect(page).toHaveURL(/\/settings\/background$/);
  await expect(page.getByRole('dialog', { name: `Background of ${title}` })).toBeVisible();
}

/** Closes the dialog with its footer button (the header's × carries the same name). */
async function closeBackgroundSettings(page: Page) {
  await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).last().click();
}

/** The backdrop's image once it has faded in: its natural size, read from the page. */
async function shownBackdrop(page: Page): Promise<{ width: number; src: string }> {
  const image = page.getByTestId('project-background').locator('img');
  await expect(image).toHaveAttribute('data-loaded', 'true');
  return image.evaluate((img: HTMLImageElement) => ({ width: img.naturalWidth, src: img.src }));
}

test('a background is uploaded and dropped in the settings, shows behind the project, and is removed', async ({
  page,
  request,
  browser,
}) => {
  // Two large pictures are made, uploaded and scaled on the server: about 40 s alone on a slow host.
  test.slow();
  const owner = await account(request, 'bg');
  const title = 'Holiday plans';
  const project = await owner.api<{ id: number }>('PUT', '/projects', { title });
  await signIn(page, owner.token);
  await page.goto(`/projects/${project.id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByTestId('project-background')).toHaveCount(0);

  await openBackgroundSettings(page, title);
  await expect(page.getByText('This project has no background yet.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove background' })).toHaveCount(0);

  // Chosen with the file dialog.
  await page.locator('input[type=file]').setInputFiles({
    name: 'sunset.jpg',
    mimeType: 'image/jpeg',
    buffer: await picture(1600, '#ff7a18', '#2a0a6b'),
  });
  await expect(page.getByText('The background was saved.')).toBeVisible();
  await expect(page.getByTestId('background-preview')).toHaveAttribute('data-has-image', 'true');
  await expect(page.getByText('This project has no background yet.')).toHaveCount(0);

  await closeBackgroundSettings(page);
  await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/\\d+$`));
  // The blur hash is painted at once, the image fades in over it.
  const backdrop = page.getByTestId('project-background');
  await expect(backdrop).toHaveAttribute('style', /background-image: url\("?data:image\/png/);
  const first = await shownBackdrop(page);
  expect(first.width).toBe(1600);
  expect(first.src).toMatch(/^blob:/);

  // Other pages show no background; coming back shows it again.
  await page.goto('/labels');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('project-background')).toHaveCount(0);
  await page.goto(`/projects/${project.id}`);
  expect((await shownBackdrop(page)).width).toBe(1600);

  // Dropped onto the zone: it replaces the first one.
  await openBackgroundSettings(page, title);
  const dropped = (await picture(900, '#00c9a7', '#003f5c')).toString('base64');
  const transfer = await page.evaluateHandle((base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const data = new DataTransfer();
    data.items.add(new File([bytes], 'lagoon.jpg', { type: 'image/jpeg' }));
    return data;
  }, dropped);
  const zone = page.getByTestId('background-drop-zone');
  await zone.dispatchEvent('dragover', { dataTransfer: transfer });
  await zone.dispatchEvent('drop', { dataTransfer: transfer });
  await expect(page.getByText('The background was saved.').first()).toBeVisible();
  await closeBackgroundSettings(page);
  await expect.poll(async () => (await shownBackdrop(page)).width).toBe(900);

  // A link-share visitor sees the project's background too.
  const share = await owner.api<{ hash: string }>('PUT', `/projects/${project.id}/shares`, { right: 0 });
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/share/${share.hash}/auth`);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(title);
  expect((await shownBackdrop(visitor)).width).toBe(900);
  await visitor.close();

  // A file that is not a picture is refused with a notice; the background stays.
  await openBackgroundSettings(page, title);
  await page.locator('input[type=file]').setInputFiles({
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('these are notes, not a picture'),
  });
  await expect(page.getByText('That file is not an image.', { exact: false })).toBeVisible();
  await expect(page.getByTestId('background-preview')).toHaveAttribute('data-has-image', 'true');

  await page.getByRole('button', { name: 'Remove background' }).click();
  await expect(page.getByText('The background was removed.')).toBeVisible();
  await expect(page.getByText('This project has no background yet.')).toBeVisible();
  await closeBackgroundSettings(page);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByTestId('project-background')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByTestId('project-background')).toHaveCount(0);
});
