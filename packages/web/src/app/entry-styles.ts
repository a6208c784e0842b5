/**
 * The entry's style sheet does not hold back the first paint: index.html only preloads it (the
 * build turns its `<link rel="stylesheet">` into `<link rel="preload" as="style">`, see
 * vite.config.ts), so the start screen, styled inline, paints as soon as the page arrives. The
 * app applies the sheet here and draws nothing before it has loaded. The script is far larger
 * than the sheet, so by the time this runs the sheet has usually arrived and nothing waits.
 */
const ENTRY_STYLES_ATTRIBUTE = 'data-entry-styles';

export function applyEntryStyles(): Promise<void> {
  const preloads = document.querySelectorAll<HTMLLinkElement>(`link[${ENTRY_STYLES_ATTRIBUTE}]`);
  return Promise.all(
    [...preloads].map(
      (preload) =>
        new Promise<void>((resolve) => {
          const sheet = document.createElement('link');
          sheet.rel = 'stylesheet';
          sheet.crossOrigin = preload.crossOrigin;
          // The attribute as written, not the resolved URL: Vite's loader looks for a sheet it
          // is about to add by `link[href="/assets/…"]`, and would add this one again, after the
          // sheets lazy pages brought, where its rules would override theirs (a menu's items
          // lost their padding to the plain button's reset).
          sheet.setAttribute('href', preload.getAttribute('href') ?? preload.href);
          // A sheet that fails to load must not keep the app from drawing at all.
          sheet.addEventListener('load', () => resolve());
          sheet.addEventListener('error', () => resolve());
          // In the preload's place, before the sheets lazy pages add at the end of <head>.
          preload.replaceWith(sheet);
        }),
    ),
  ).then(() => undefined);
}
