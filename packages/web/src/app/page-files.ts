/**
 * A signed-in page's files, asked for beside the session shell's, from the list the build puts in
 * index.html (vite.config.ts, `pageFilesInIndexHtml`). A page's module is imported by the shell's
 * module (signed-in-routes.tsx), so without the list it would be asked for only once the shell had
 * loaded. Vite's own loader finds the files here when the page is imported and does not ask again.
 */
let listed: Record<string, readonly string[]> | undefined;

function readList(): Record<string, readonly string[]> {
  const json = document.getElementById('ordo-page-files')?.textContent;
  // Without the list (the development server) pages load as imported.
  if (!json) return {};
  try {
    return JSON.parse(json) as Record<string, readonly string[]>;
  } catch {
    return {};
  }
}

/** Starts downloading the files of `page` (its path under src/, without extension). */
export function preloadPageFiles(page: string): void {
  listed ??= readList();
  for (const name of listed[page] ?? []) {
    const href = `/assets/${name}`;
    if (document.head.querySelector(`link[href="${CSS.escape(href)}"]`)) continue;
    const link = document.createElement('link');
    if (name.endsWith('.css')) {
      link.rel = 'preload';
      link.as = 'style';
      // As Vite's loader asks for the sheet when the page is imported: a preload in another
      // credentials mode is not used, and the sheet is downloaded twice.
      link.crossOrigin = '';
    } else link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
}
