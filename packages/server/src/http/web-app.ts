/**
 * Serves the built web app from its dist folder: hashed assets with long caching, and
 * index.html for every other non-API path so client-side routes survive reloads.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<boolean> {
  if (!existsSync(join(distDir, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    setHeaders(res, path) {
      if (path.includes(`${join(distDir, 'assets')}`))
        res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      else res.setHeader('cache-control', 'no-cache');
    },
  });
  return true;
}

export function isApiPath(url: string): boolean {
  return (
    url.startsWith('/api/') || url === '/api' || url.startsWith('/dav') || url.startsWith('/.well-known/')
  );
}
