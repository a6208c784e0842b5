/**
 * Vikunja's clients send `Content-Type: application/json` on every request, also a DELETE, GET or
 * POST without a body (the mobile app always does). Fastify's own JSON parser refuses an empty
 * body (400); this one reads it as no body and parses anything else with Fastify's parser, which
 * keeps its guard against `__proto__` and `constructor` keys.
 *
 * A number too large for a double (`1e309`) parses as Infinity, which would be stored and read
 * back as `null`; such a body is refused as malformed (400, 2004), as Vikunja's decoder does.
 */
import type { FastifyInstance } from 'fastify';

export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return parseJson(request, text, (error, value) => {
      if (error) return done(error, undefined);
      // Only a long exponent or a run of 309 digits can overflow: the walk is for those bodies.
      if (MAY_OVERFLOW.test(text) && holdsNonFinite(value)) {
        return done(new SyntaxError('a number in the body is too large'), undefined);
      }
      return done(null, value);
    });
  });
}

const MAY_OVERFLOW = /\d[eE]\+?\d{3}|\d{309}/;

function holdsNonFinite(value: unknown): boolean {
  if (typeof value === 'number') return !Number.isFinite(value);
  if (value === null || typeof value !== 'object') return false;
  return Object.values(value).some(holdsNonFinite);
}
