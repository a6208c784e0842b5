/**
 * Security headers on every response (API, web app, files, API docs, CalDAV, errors, 404s):
 * a strict Content-Security-Policy and the headers that keep the app out of frames, stop MIME
 * sniffing, trim the Referer and switch off device features, made by helmet; HSTS only when the
 * public address is https.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

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

/**
 * The headers every response carries, worked out once: helmet's, with the CSP above, framing
 * denied, the Referer trimmed, and HSTS when the public address is https.
 */
export function securityHeaders(publicUrl: string): Record<string, string> {
  const https = new URL(publicUrl).protocol === 'https:';
  const middleware = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(publicUrl) },
    frameguard: { action: 'deny' },
    // Not no-referrer: under it a browser sends `Origin: null` on the app's own POST and PUT
    // requests, and the origin is what tells them apart from other sites' requests.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Browsers ignore HSTS over http; sent only when the public address is https, for a year,
    // without includeSubDomains, which would bind other sites under the same name.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
  });
  // Nothing in these options depends on the request, so helmet's answer is the same for all.
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => {},
  };
  middleware({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  return headers;
}

/**
 * Puts the headers on every response, as the request comes in, on the raw response as helmet
 * does, so that error answers keep them and a route may still set a stricter CSP of its own.
 * Synchronous on purpose: it runs on every request.
 */
export function registerSecurityHeaders(app: FastifyInstance, headers: Record<string, string>): void {
  const entries = Object.entries(headers);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of entries) reply.raw.setHeader(name, value);
    done();
  });
}
