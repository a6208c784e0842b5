/**
 * The installable app: a manifest with raster icons (192, 512, a maskable 512) that load, an
 * apple-touch icon, a page description, favicon.ico and robots.txt as real files, and a missing
 * file answered with 404 instead of the app's page.
 */
import { expect, test } from './support/csp-guard';

test('the manifest names PNG icons that exist, and the page links its icons and description', async ({
  page,
  request,
}) => {
  await page.goto('/login');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /tasks and projects/);
  const touch = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(manifestHref).toBeTruthy();

  const manifest = (await (await request.get(`/${manifestHref}`.replace('//', '/'))).json()) as {
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };
  const pngs = manifest.icons.filter((icon) => icon.type === 'image/png');
  expect(pngs.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`).sort()).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  const expectPng = async (href: string, size: number) => {
    const res = await request.get(`/${href.replace(/^\//, '')}`);
    expect(res.status(), href).toBe(200);
    expect(res.headers()['content-type'], href).toBe('image/png');
    const bytes = await res.body();
    // The PNG signature, then IHDR's width and height.
    expect(bytes.subarray(1, 4).toString('ascii'), href).toBe('PNG');
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)], href).toEqual([size, size]);
  };
  for (const icon of pngs) await expectPng(icon.src, Number(icon.sizes.split('x')[0]));
  await expectPng(touch ?? '', 180);
});

test('favicon.ico and robots.txt are files; a missing file is a 404, a route the app', async ({
  request,
}) => {
  const ico = await request.get('/favicon.ico');
  expect(ico.status()).toBe(200);
  expect(ico.headers()['content-type']).toMatch(/icon/);
  expect((await ico.body()).readUInt16LE(2)).toBe(1);
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toContain('User-agent: *');

  for (const path of ['/nope.js', '/foo.png', '/assets/gone-123.css']) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(404);
    expect(res.headers()['content-type'] ?? '', path).not.toContain('text/html');
  }
  const route = await request.get('/projects/123');
  expect(route.status()).toBe(200);
  expect(route.headers()['content-type']).toContain('text/html');
});
