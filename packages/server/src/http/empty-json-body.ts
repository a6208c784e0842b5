/**
 * Vikunja's clients send `Content-Type: application/json` on every request, also a DELETE, GET or
 * POST without a body (the mobile app always does). Fastify's own JSON parser refuses an empty
 * body (400); this one reads it as no body and parses anything else with Fastify's parser, which
 * keeps its guard against `__proto__` and `constructor` keys.
 */
import type { FastifyInstance } from 'fastify';

export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return parseJson(request, text, done);
  });
}
