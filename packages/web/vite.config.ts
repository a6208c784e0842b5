import { basename, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The entry's style sheet as a preload, not a render-blocking link: the start screen in
 * index.html is styled inline and paints at once, and the entry applies the sheet before the
 * app's first render (src/app/entry-styles.ts). Fails the build if Vite's link is not found, so a
 * change in its output cannot quietly bring the blocking link back.
 */
function entryStylesAfterFirstPaint(): Plugin {
  return {
    name: 'ordo-entry-styles-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const link = /<link rel="stylesheet"( crossorigin)? href="(\/assets\/[^"]+\.css)">/g;
        if (!link.test(html)) throw new Error('index.html: the entry style sheet link was not found');
        return html.replace(link, '<link rel="preload" as="style"$1 href="$2" data-entry-styles>');
      },
    },
  };
}

const SESSION_SHELL = '/src/app/shell/link-share-shell.tsx';
const SIGNED_IN_PAGES = '/src/app/shell/signed-in-pages.ts';
const VIEW_KINDS = '/src/features/project-views/view-kinds.ts';

/**
 * Each signed-in page's files, listed in index.html (`#ordo-page-files`, JSON: the page's path
 * under src/ → the names in assets/ of its chunk, the chunks that one imports and their style
 * sheets), so the app can ask for the page it opens at beside the session shell
 * (app/page-files.ts). Pages are imported from the shell's chunk (signed-in-routes.tsx), so
 * without this list a page could only be asked for once the shell had loaded: one round trip more
 * before the first screen. A project's views are listed too, for the app to ask for a view's files
 * as soon as the projects name its kind (features/projects/open-at-project.ts). Fails the build
 * when a page's chunk is not found, so a change in rollup's output cannot quietly bring that round
 * trip back.
 */
function pageFilesInIndexHtml(): Plugin {
  // The page modules signed-in-pages.ts imports and the project views view-kinds.ts imports, as
  // the bundler resolved them.
  let pageModules: readonly string[] = [];
  let viewModules: readonly string[] = [];
  return {
    name: 'ordo-page-files-in-index-html',
    apply: 'build',
    moduleParsed(info) {
      if (info.id.endsWith(SIGNED_IN_PAGES)) pageModules = info.dynamicallyImportedIds;
      if (info.id.endsWith(VIEW_KINDS)) viewModules = info.dynamicallyImportedIds;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return html;
        const chunks = Object.values(bundle).filter((o): o is Rollup.OutputChunk => o.type === 'chunk');
        const shell = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(SESSION_SHELL)));
        if (!shell) throw new Error('index.html: the session shell chunk was not found');
        // What is loaded before a page is asked for: the entry, the shell and their static imports.
        const loaded = staticClosure([entry.fileName, shell.fileName], bundle);
        const files: Record<string, string[]> = {};
        const unlisted: string[] = [];
        for (const id of [...pageModules, ...viewModules]) {
          // The key app/page-files.ts is asked for: the module's path under src/, no extension.
          const path = id.match(/\/src\/(.+)\.tsx?$/)?.[1] ?? id;
          // The chunk that holds the page's module: its own, or one rollup merged it into.
          const page = chunks.find((c) => c.moduleIds.includes(id));
          if (!page) unlisted.push(path);
          if (!page || loaded.has(page.fileName)) continue;
          const own = [...staticClosure([page.fileName], bundle)].filter((f) => !loaded.has(f));
          const css = own.flatMap((f) => [
            ...((bundle[f] as Rollup.OutputChunk).viteMetadata?.importedCss ?? []),
          ]);
          files[path] = [...own, ...css].map((f) => f.replace(/^assets\//, ''));
        }
        if (pageModules.length === 0 || viewModules.length === 0 || unlisted.length > 0)
          throw new Error(`index.html: no chunk found for the pages ${unlisted.join(', ') || '(none read)'}`);
        const json = JSON.stringify(files).replaceAll('<', '\\u003c');
        return html.replace(
          '</head>',
          `<script type="application/json" id="ordo-page-files">${json}</script>\n</head>`,
        );
      },
    },
  };
}

const LANGUAGES = '/src/i18n/languages.ts';
const SIGNED_OUT_ROUTES = '/src/app/signed-out-routes.tsx';
const SIGNED_OUT_SHELL = '/src/app/shell/signed-out-shell.tsx';
const TASK_DETAIL = '/src/features/tasks/task-detail-route.tsx';
/** Entries of the service worker's cache of lazy files (`ordo-assets`, in `pwa` below). */
const ASSET_CACHE_ENTRIES = 300;

/**
 * The files a signed-in session downloads once idle so that every screen opens offline (why and
 * when: app/offline/save-screens-when-idle.ts): a JSON asset with a hashed name, named in
 * index.html by `<meta name="ordo-offline-files">` (about 80 bytes; the list itself, a few KB, is
 * not in the first download). It holds `files`, every JS chunk and style sheet the signed-in app may load
 * after its start (pages, views, dialogs, the editors), and `languages`, each interface
 * language's catalogue and date-picker locale by its code (only the user's own one is fetched).
 * Left out: what index.html loads (precached), and the signed-out screens (login, registration,
 * password reset), of no use to a session. The name's hash changes with any listed file, so it
 * also names the build. Fails the build when a language's files are not found or the list would
 * not fit in the worker's cache.
 */
function offlineFilesList(): Plugin[] {
  let signedOutPages: readonly string[] = [];
  // Each language's code → the modules of its catalogue and date-picker locale.
  const languageModules = new Map<string, string[]>();
  let list: OfflineFiles | undefined;
  const read: Plugin = {
    name: 'ordo-offline-files',
    apply: 'build',
    async moduleParsed(info) {
      if (info.id.endsWith(SIGNED_OUT_ROUTES)) signedOutPages = info.dynamicallyImportedIds;
      if (!info.id.endsWith(LANGUAGES) || !info.ast) return;
      for (const [code, specifiers] of languageImports(info.ast)) {
        const ids: string[] = [];
        for (const specifier of specifiers) {
          const resolved = await this.resolve(specifier, info.id);
          if (!resolved) throw new Error(`languages.ts: ${specifier} was not found`);
          ids.push(resolved.id);
        }
        languageModules.set(code, ids);
      }
    },
    generateBundle: {
      // While the chunks that only hold a style sheet are still there, to find their sheets.
      order: 'pre',
      handler(_options, bundle) {
        list = offlineFiles(bundle, [...signedOutPages, SIGNED_OUT_SHELL], languageModules);
      },
    },
  };
  const write: Plugin = {
    name: 'ordo-offline-files-write',
    apply: 'build',
    generateBundle: {
      // Once Vite has dropped those chunks (their importers load the sheet) and written index.html.
      order: 'post',
      handler(_options, bundle) {
        if (!list) throw new Error('offline files: the list was not made');
        const built = (files: string[]) => files.filter((f) => bundle[`assets/${f}`]);
        const files = built(list.files);
        const languages = Object.fromEntries(
          Object.entries(list.languages).map(([code, names]) => [code, built(names)]),
        );
        // With the list itself: a download that overflows the cache would push out its own files.
        const most = 1 + files.length + Math.max(...Object.values(languages).map((f) => f.length));
        if (most > ASSET_CACHE_ENTRIES)
          throw new Error(`offline files: ${most} files do not fit in the service worker's cache`);
        const ref = this.emitFile({
          type: 'asset',
          name: 'offline-files.json',
          source: JSON.stringify({ files, languages }),
        });
        const html = bundle['index.html'];
        if (html?.type !== 'asset' || typeof html.source !== 'string')
          throw new Error('offline files: index.html was not found');
        const meta = `<meta name="ordo-offline-files" content="/${this.getFileName(ref)}">`;
        html.source = html.source.replace('</head>', `${meta}\n</head>`);
      },
    },
  };
  return [read, write];
}

/** What app/offline/save-screens-offline.ts reads: names of files in assets/. */
interface OfflineFiles {
  files: string[];
  languages: Record<string, string[]>;
}

/**
 * The signed-in app's files after its start (see offlineFilesList), in a bundle: `signedOut`, the
 * modules of the signed-out screens; `languageModules`, each language's modules by its code.
 */
function offlineFiles(
  bundle: Rollup.OutputBundle,
  signedOut: readonly string[],
  languageModules: ReadonlyMap<string, readonly string[]>,
): OfflineFiles {
  const chunks = Object.values(bundle).filter((o): o is Rollup.OutputChunk => o.type === 'chunk');
  const entry = chunks.find((c) => c.isEntry);
  if (!entry) throw new Error('offline files: the entry chunk was not found');
  const holding = (ids: readonly string[]) =>
    chunks
      .filter((c) => c.moduleIds.some((id) => ids.some((wanted) => id.endsWith(wanted))))
      .map((c) => c.fileName);
  const languages: Record<string, string[]> = {};
  for (const [code, ids] of languageModules) {
    const files = holding(ids);
    if (files.length < ids.length) throw new Error(`offline files: no chunk found for ${code}`);
    languages[code] = files;
  }
  if (languageModules.size === 0) throw new Error('offline files: languages.ts was not read');
  const signedOutChunks = holding(signedOut);
  if (signedOutChunks.length < 2) throw new Error('offline files: the signed-out screens were not found');
  // Precached (index.html loads them), or loaded only when their screen or language is.
  const loaded = staticClosure([entry.fileName], bundle);
  const skipped = new Set([...signedOutChunks, ...Object.values(languages).flat()]);
  const withStyles = (files: Iterable<string>) => {
    const own = [...files].filter((f) => !loaded.has(f));
    const css = own.flatMap((f) => [...((bundle[f] as Rollup.OutputChunk).viteMetadata?.importedCss ?? [])]);
    return [...new Set([...own, ...css])].map((f) => f.replace(/^assets\//, ''));
  };
  return {
    files: withStyles(reachable(entry.fileName, bundle, skipped)),
    languages: Object.fromEntries(
      Object.entries(languages).map(([code, files]) => [code, withStyles(staticClosure(files, bundle))]),
    ),
  };
}

/** The `import()` specifiers of each `{ code: '…', … }` object in a module's syntax tree. */
function languageImports(ast: unknown): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const visit = (node: unknown, code: string | undefined): void => {
    if (!node || typeof node !== 'object') return;
    const n = node as { type?: string; properties?: unknown[]; source?: { value?: unknown } };
    if (n.type === 'ObjectExpression') {
      const codeProperty = n.properties?.find(
        (p) => (p as { key?: { name?: string } }).key?.name === 'code',
      ) as { value?: { value?: unknown } } | undefined;
      if (typeof codeProperty?.value?.value === 'string') code = codeProperty.value.value;
    }
    if (n.type === 'ImportExpression' && code && typeof n.source?.value === 'string')
      found.set(code, [...(found.get(code) ?? []), n.source.value]);
    for (const value of Object.values(node)) if (value && typeof value === 'object') visit(value, code);
  };
  visit(ast, undefined);
  return found;
}

/**
 * The files `start` imports, statically or not, with it, short of those only imported dynamically
 * and in `skipped` (a file statically imported is needed by its importer, wherever it is).
 */
function reachable(start: string, bundle: Rollup.OutputBundle, skipped: ReadonlySet<string>): Set<string> {
  const seen = new Set<string>();
  const stack = [start];
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const chunk = bundle[file];
    if (chunk?.type === 'chunk')
      stack.push(...chunk.imports, ...chunk.dynamicImports.filter((f) => !skipped.has(f)));
  }
  return seen;
}

/** The files `start` statically imports, with them, in an output bundle. */
function staticClosure(start: readonly string[], bundle: Rollup.OutputBundle): Set<string> {
  const seen = new Set<string>();
  const stack = [...start];
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const chunk = bundle[file];
    if (chunk?.type === 'chunk') stack.push(...chunk.imports);
  }
  return seen;
}

/** The service worker and the web app manifest. */
function pwa() {
  return VitePWA({
    // 'prompt': a new version waits until the user accepts the update banner.
    registerType: 'prompt',
    injectRegister: false,
    includeAssets: ['favicon.svg', 'favicon.ico', 'apple-touch-icon.png', 'robots.txt'],
    manifest: {
      name: 'Ordo',
      short_name: 'Ordo',
      description: 'Self-hosted tasks and projects',
      theme_color: '#1c7ed6',
      background_color: '#ffffff',
      display: 'standalone',
      start_url: '/',
      // PNGs rendered from favicon.svg by scripts/web-icons.mjs: installers want raster sizes.
      icons: [
        { src: 'favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        { src: 'icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: 'icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: 'icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      // Only the shell is precached (index.html, the entry's script and style sheet, the
      // rest of English every page waits for, the icon); the lazy chunks are cached as they
      // are first used (they never change: their names carry their hash), so an update
      // downloads the shell and not every page.
      globPatterns: ['index.html', 'favicon.svg', 'assets/index-*.{js,css}', 'assets/en-later-*.js'],
      runtimeCaching: [
        {
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
          handler: 'CacheFirst',
          options: {
            cacheName: 'ordo-assets',
            expiration: { maxEntries: ASSET_CACHE_ENTRIES },
            // The server answers with `Vary: Origin`, and a module script is asked for with an
            // Origin header that fetch() (app/offline/save-screens-offline.ts) does not send: a
            // file saved one way would not be found the other way. The files never change.
            matchOptions: { ignoreVary: true },
          },
        },
      ],
      navigateFallback: '/index.html',
      // The API, CalDAV and API docs are never answered from the offline cache.
      // Nor is a path naming a file (`/nope.js`): the server answers 404 for a missing one.
      navigateFallbackDenylist: [
        /^\/api\//,
        /^\/dav/,
        /^\/\.well-known\//,
        /^\/health$/,
        /^[^?#]*\/[^/?#]*\.[^/?#.]+(?:[?#].*)?$/,
      ],
      cleanupOutdatedCaches: true,
    },
  });
}

/** The app. The manifest lets bench/web-budget.mjs find each first screen's page chunk. */
const appBuild = {
  outDir: 'dist',
  emptyOutDir: true,
  sourcemap: false,
  manifest: true,
  chunkSizeWarningLimit: 700,
  rollupOptions: {
    // Chunks under 10 KB are merged into the chunks loaded with them (rollup keeps what runs when
    // any entry loads the same). Home drew from 86 files, the login page from 21; each one a
    // round trip on a slow phone's connection, of six at a time over HTTP/1.1, and a link that
    // Vite's loader adds to the page. Now 46 and 14: Lighthouse's LCP on home about 6.6 → 5.7 s.
    output: {
      experimentalMinChunkSize: 10_000,
      // The session shell's chunk also holds what its pages share with it (signed-in-routes.tsx),
      // and rollup may name it (or the signed-out shell's, which a small module may join) after
      // any of those; each keeps its shell's name, so that the network panel and
      // bench/web-budget.mjs find it. So does the task detail's, which its small editors' chunks
      // may join.
      chunkFileNames: (chunk: { moduleIds: readonly string[] }) => {
        const shell = [SESSION_SHELL, SIGNED_OUT_SHELL, TASK_DETAIL].find((module) =>
          chunk.moduleIds.some((id) => id.endsWith(module)),
        );
        return shell ? `assets/${basename(shell, '.tsx')}-[hash].js` : 'assets/[name]-[hash].js';
      },
      // The idle download of every screen's files (app/offline/save-screens-when-idle.ts) stays a
      // chunk of its own: under 10 KB and without side effects, it would be merged into the entry,
      // which the first download's budget has no room for.
      manualChunks: (id: string) =>
        id.endsWith('/src/app/offline/save-screens-offline.ts') ? 'save-screens-offline' : undefined,
    },
  },
};

/**
 * `vite build --ssr src/prerender/login-screen.tsx`: the login screen the server draws, in
 * dist/ssr (not served as a file).
 */
const loginScreenBuild = {
  outDir: 'dist/ssr',
  copyPublicDir: false,
  emptyOutDir: true,
  rollupOptions: { output: { entryFileNames: 'login-screen.js' } },
};

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { '@ordo/core': resolve(import.meta.dirname, '../core/src/index.ts') } },
  plugins: [
    react(),
    // The login screen the server draws (src/prerender) is built on its own, without the app's page.
    ...(isSsrBuild ? [] : [entryStylesAfterFirstPaint(), pageFilesInIndexHtml(), offlineFilesList(), pwa()]),
  ],
  // One file the server imports, with its packages inside: a built server has no web packages.
  ssr: { noExternal: true },
  build: isSsrBuild ? loginScreenBuild : appBuild,
  server: { proxy: { '/api': 'http://127.0.0.1:3456' } },
}));
