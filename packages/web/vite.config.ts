import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
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
        chunk.moduleIds.some((id) => id.endsWith('/src/app/shell/link-share-shell.tsx'))
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
    ...(isSsrBuild ? [] : [entryStylesAfterFirstPaint(), pwa()]),
  ],
  // One file the server imports, with its packages inside: a built server has no web packages.
  ssr: { noExternal: true },
  build: isSsrBuild ? loginScreenBuild : appBuild,
  server: { proxy: { '/api': 'http://127.0.0.1:3456' } },
}));
