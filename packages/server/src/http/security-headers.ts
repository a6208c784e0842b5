/**
 * Security headers on every response (API, web app, files, API docs, CalDAV, errors, 404s):
 * a strict Content-Security-Policy and the headers that keep the app out of frames, stop MIME
 * sniffing, trim the Referer and switch off device features, through @fastify/helmet; HSTS
 * only when the public address is https.
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Browser features the app never uses; a page of it (or an injected one) cannot ask for them. */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'bluetooth',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/** The CSP directives for a server whose public address is `publicUrl`. */
export function contentSecurityPolicy(publicUrl: string): Record<string, string[]> {
  const url = new URL(publicUrl);
  const https = url.protocol === 'https:';
  const socket = `${https ? 'wss' : 'ws'}://${url.host}`;
  return {
    'default-src': ["'self'"],
    // Only the built app's own files: no inline script, no eval. The built index.html has none.
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    // 'unsafe-inline' for styles only: Mantine writes its theme as <style> elements at run time
    // and sets style attributes on its components (as do the rich-text editor and drag and drop).
    // A nonce would need index.html rendered per request, which the service worker's offline copy
    // of it cannot follow, and no nonce or hash covers style attributes. Styles cannot run script.
    'style-src': ["'self'", "'unsafe-inline'"],
    // data: for the icons in the stylesheets and the blurred background placeholders; blob: for
    // images (avatars, attachments, covers) fetched with the session token and shown from memory.
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    // The API and the live WebSocket; the public address too, for pages reached by another name.
    'connect-src': ["'self'", url.origin, socket],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

export async function registerSecurityHeaders(app: FastifyInstance, publicUrl: string): Promise<void> {
  const https = new URL(publicUrl).protocol === 'https:';
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(publicUrl) },
    frameguard: { action: 'deny' },
    // Not no-referrer: under it a browser sends `Origin: null` on the app's own POST and PUT
    // requests, and the origin is what tells them apart from other sites' requests.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Browsers ignore HSTS over http; sent only when the public address is https, for a year,
    // without includeSubDomains, which would bind other sites under the same name.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
  });
  app.addHook('onRequest', (_request, reply, done) => {
    // On the raw response as helmet does, so error answers keep it too.
    reply.raw.setHeader('permissions-policy', PERMISSIONS_POLICY);
    done();
  });
}
