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

/**
 * Holds back the answers for the built chunks matching `files` until `cut` is called, then fails
 * them as a lost connection would: a part's code still on its way when the device goes offline.
 * `asked` resolves once the first of them has been asked for.
 */
export async function chunksCutOffline(
  context: BrowserContext,
  files: RegExp,
): Promise<{ asked: Promise<void>; cut: () => void }> {
  let cut = () => {};
  const connectionGone = new Promise<void>((resolve) => {
    cut = resolve;
  });
  let askedFor = () => {};
  const asked = new Promise<void>((resolve) => {
    askedFor = resolve;
  });
  await context.route(files, async (route) => {
    askedFor();
    await connectionGone;
    // Going offline may have failed it already.
    await route.abort('internetdisconnected').catch(() => {});
  });
  return { asked, cut };
}
