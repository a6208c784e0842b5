/**
 * Serves the built web app from its dist folder: hashed assets cached for a year as immutable,
 * everything else (index.html, the service worker, the manifest) revalidated on each use, and
 * index.html for every other non-API path without a file extension, so client-side routes survive
 * reloads while a missing file (`/nope.js`, `/foo.png`) is a 404 rather than the app's HTML. The
 * build writes brotli and gzip copies beside each file; the one the client accepts is sent as is.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<boolean> {
  if (!existsSync(join(distDir, 'index.html'))) return false;
  // One route per built file (wildcard: false): each answer depends on Accept-Encoding.
  app.addHook('onRoute', (route) => {
    const config = route.config as { file?: unknown; rootPath?: unknown } | undefined;
    if (typeof config?.file !== 'string' || config.rootPath === undefined) return; // not a built file
    const own = route.onSend ? [route.onSend].flat() : [];
    route.onSend = [...own, varyOnEncoding];
  });
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    // dist/ssr holds the login screen the server draws (login-screen.ts), not files for browsers.
    allowedPath: (path) => !path.startsWith('/ssr/'),
    // send's own Cache-Control would replace the one set below.
    cacheControl: false,
    setHeaders(res, path) {
      if (path.includes(`${join(distDir, 'assets')}`))
        res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      else res.setHeader('cache-control', 'no-cache');
    },
  });
  return true;
}

/** Caches keep the brotli, gzip and plain answers of one URL apart. */
export async function varyOnEncoding(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const vary = reply.getHeader('vary');
  if (!/accept-encoding/i.test(String(vary ?? '')))
    reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  return payload;
}

export function isApiPath(url: string): boolean {
  return (
    url.startsWith('/api/') || url === '/api' || url.startsWith('/dav') || url.startsWith('/.well-known/')
  );
}

/** A client-side route: its last path segment has no file extension (`/tasks/7`, not `/app.js`). */
export function isAppRoute(url: string): boolean {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  const last = path.slice(path.lastIndexOf('/') + 1);
  return !/\.[^.]+$/.test(last);
}
