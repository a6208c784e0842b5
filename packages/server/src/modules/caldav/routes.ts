/**
 * CalDAV under /dav (reference §2.18), outside /api/v1 and signed in with HTTP Basic
 * (basic-auth.ts). The scope reads every body as text (XML or iCalendar) and answers errors as
 * plain text with their status, as DAV clients expect, instead of the API's JSON.
 */

import { errorCatalogue } from '@ordo/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../http/api-error.js';
import { basicCredentials, type CaldavAuthenticator } from './basic-auth.js';
import { type CalendarRoutesDeps, calendarRoutes } from './calendar-routes.js';
import type { CaldavCollections } from './collections.js';
import { InvalidXmlError } from './dav-xml.js';
import { type ObjectRoutesDeps, objectRoutes } from './object-routes.js';
import { type PrincipalRoutesDeps, principalRoutes } from './principal-routes.js';
import { DAV_ROOT } from './properties.js';

/** What these routes use, given by the composition root (context.ts). */
export interface CaldavRoutesDeps extends PrincipalRoutesDeps, CalendarRoutesDeps, ObjectRoutesDeps {
  caldavCollections: CaldavCollections;
  caldavAuth: CaldavAuthenticator;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** @fastify/cors reads this; false leaves a route's OPTIONS to the route. */
    cors?: false;
  }
}

const WELL_KNOWN = ['/.well-known/caldav', '/.well-known/caldav/'];
const DAV_METHODS = ['PROPFIND', 'PROPPATCH', 'REPORT', 'MKCALENDAR'] as const;
/** What /dav answers; other methods (MOVE, COPY, LOCK) get 405 with this list (app.ts). */
export const DAV_ALLOW = 'OPTIONS, GET, HEAD, PUT, DELETE, PROPFIND, PROPPATCH, REPORT, MKCALENDAR';

/**
 * In DAV, 412 means a failed If-Match or If-None-Match, which makes a client refetch and retry.
 * The API's other 412s must not read so: a write into an archived project is forbidden, and a
 * value the task rules refuse is a bad request.
 */
function davStatus(error: ApiError): number {
  if (error.status !== 412 || error.code === undefined) return error.status;
  return error.code === errorCatalogue.projectIsArchived.code ? 403 : 400;
}

/** The methods WebDAV adds to HTTP; Fastify routes only methods it was told about. */
export function addDavMethods(app: FastifyInstance): void {
  for (const method of DAV_METHODS) {
    if (!app.supportedMethods.includes(method)) app.addHttpMethod(method, { hasBody: true });
  }
}

export async function caldavRoutes(app: FastifyInstance, ctx: CaldavRoutesDeps): Promise<void> {
  // The API documentation is /api/v1's; DAV is described by its RFCs and the README.
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
  });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.decorateRequest('davUser', null);
  app.addHook('onRequest', async (request) => {
    if (request.method === 'OPTIONS' || request.url.startsWith('/.well-known/')) return;
    const credentials = basicCredentials(request.headers.authorization);
    // Apps ask without credentials first and sign in when challenged; only a wrong password counts.
    if (!credentials) throw new ApiError(401, undefined, 'Unauthorized');
    request.davUser = await ctx.caldavAuth.user(credentials, request.ip);
    if (!request.davUser) throw new ApiError(401, undefined, 'Unauthorized');
  });
  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status =
      error instanceof ApiError
        ? davStatus(error)
        : error instanceof InvalidXmlError
          ? 400
          : (error.statusCode ?? 500);
    if (status >= 500) request.log.error(error);
    // A 429 says when to try again (Retry-After).
    if (error instanceof ApiError)
      for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
    if (status === 401) reply.header('www-authenticate', 'Basic realm="Ordo CalDAV", charset="UTF-8"');
    return reply
      .status(status)
      .type('text/plain; charset=utf-8')
      .send(status >= 500 ? 'Internal Server Error' : error.message);
  });

  // A calendar a client made with MKCALENDAR is addressed by the name it chose: that name stands
  // for the project's id from here on, so every route reads a project id.
  app.addHook('preHandler', async (request) => {
    const params = request.params as { project?: string } | undefined;
    if (!request.davUser || params?.project === undefined || /^\d+$/.test(params.project)) return;
    const projectId = await ctx.caldavCollections.projectIdOf(request.davUser.id, params.project);
    if (projectId !== undefined) params.project = String(projectId);
  });

  const options = (_request: FastifyRequest, reply: FastifyReply) =>
    reply.header('dav', '1, 3, calendar-access').header('allow', DAV_ALLOW).status(200).send();
  // DAV's OPTIONS is not a CORS preflight: clients ask it which DAV classes the server has.
  for (const path of ['/', '/dav', '/dav/', '/dav/*', ...WELL_KNOWN])
    app.options(path, { config: { cors: false } }, options);

  // Discovery (RFC 6764 §5): the well-known address leads to the entry point; 307 and 308 keep
  // a PROPFIND a PROPFIND with its body, where 301 lets a client turn it into a GET.
  for (const path of WELL_KNOWN) {
    app.route({ method: 'GET', url: path, handler: (_q, reply) => reply.redirect(DAV_ROOT, 301) });
    app.route({ method: 'PROPFIND', url: path, handler: (_q, reply) => reply.redirect(DAV_ROOT, 307) });
  }

  principalRoutes(app, ctx);
  calendarRoutes(app, ctx);
  objectRoutes(app, ctx);
}
