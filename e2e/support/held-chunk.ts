import type { BrowserContext } from '@playwright/test';

/**
 * Holds back the answer for the built chunk `name` (its file name before the hash) until the
 * returned function is called: what the app does while a part's code is still on its way.
 */
export async function holdChunk(context: BrowserContext, name: string): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await context.route(new RegExp(`/assets/${name}-[^/]+\\.js$`), async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
