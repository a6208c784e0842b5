/** Every method the API and its clients use, so an allowed front end can also change and delete. */
export const CORS_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** The request headers clients send: the token, bodies, conditional and idempotent requests. */
export const CORS_ALLOWED_HEADERS = [
  'Authorization',
  'Content-Type',
  'Accept',
  'Accept-Language',
  'Cache-Control',
  'Idempotency-Key',
  'If-Match',
  'If-None-Match',
  'If-Modified-Since',
  'Range',
  'X-Requested-With',
  // The web app's tab, for the live echo of its own changes (core live/changes.ts).
  'X-Ordo-Tab',
];

/** CORS origin matching as Vikunja does it: exact, `*`, or a pattern ending `:*` for any port. */
export function corsOriginAllowed(origin: string, patterns: string[]): boolean {
  return patterns.some((pattern) => {
    if (pattern === '*' || pattern === origin) return true;
    if (pattern.endsWith(':*')) {
      const base = pattern.slice(0, -2);
      return (
        origin === base || (origin.startsWith(`${base}:`) && /^\d+$/.test(origin.slice(base.length + 1)))
      );
    }
    return false;
  });
}
