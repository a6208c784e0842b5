import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

export default defineConfig({
  resolve: { alias: { '@ordo/core': resolve(import.meta.dirname, '../core/src/index.ts') } },
  plugins: [
    react(),
    VitePWA({
      // 'prompt': a new version waits until the user accepts the update banner.
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg'],
      manifest: {
        name: 'Ordo',
        short_name: 'Ordo',
        description: 'Self-hosted tasks and projects',
        theme_color: '#1c7ed6',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/',
        icons: [{ src: 'favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,woff2}'],
        navigateFallback: '/index.html',
        // The API, CalDAV and API docs are never answered from the offline cache.
        navigateFallbackDenylist: [/^\/api\//, /^\/dav/, /^\/\.well-known\//, /^\/health$/],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 1500 },
  server: { proxy: { '/api': 'http://127.0.0.1:3456' } },
});
