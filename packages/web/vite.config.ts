import { resolve } from 'node:path';
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

/**
 * Each signed-in page's files, listed in index.html (`#ordo-page-files`, JSON: the page's path
 * under src/ → the names in assets/ of its chunk, the chunks that one imports and their style
 * sheets), so the app can ask for the page it opens at beside the session shell
 * (app/page-files.ts). Pages are imported from the shell's chunk (signed-in-routes.tsx), so
 * without this list a page could only be asked for once the shell had loaded: one round trip more
 * before the first screen. Fails the build when a page's chunk is not found, so a change in
 * rollup's output cannot quietly bring that round trip back.
 */
function pageFilesInIndexHtml(): Plugin {
  // The page modules signed-in-pages.ts imports, as the bundler resolved them.
  let pageModules: readonly string[] = [];
  return {
    name: 'ordo-page-files-in-index-html',
    apply: 'build',
    moduleParsed(info) {
      if (info.id.endsWith(SIGNED_IN_PAGES)) pageModules = info.dynamicallyImportedIds;
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
        for (const id of pageModules) {
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
        if (pageModules.length === 0 || unlisted.length > 0)
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
          options: { cacheName: 'ordo-assets', expiration: { maxEntries: 300 } },
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
      // and rollup may name it after any of those; it keeps its module's name, so that the
      // network panel and bench/web-budget.mjs find it.
      chunkFileNames: (chunk: { moduleIds: readonly string[] }) =>
        chunk.moduleIds.some((id) => id.endsWith(SESSION_SHELL))
          ? 'assets/link-share-shell-[hash].js'
          : 'assets/[name]-[hash].js',
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
    ...(isSsrBuild ? [] : [entryStylesAfterFirstPaint(), pageFilesInIndexHtml(), pwa()]),
  ],
  // One file the server imports, with its packages inside: a built server has no web packages.
  ssr: { noExternal: true },
  build: isSsrBuild ? loginScreenBuild : appBuild,
  server: { proxy: { '/api': 'http://127.0.0.1:3456' } },
}));
