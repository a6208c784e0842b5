/**
 * CalDAV under /dav (reference §2.18), outside /api/v1 and signed in with HTTP Basic
 * (basic-auth.ts). The scope reads every body as text (XML or iCalendar) and answers errors as
 * plain text with their status, as DAV clients expect, instead of the API's JSON.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import { DatabaseRateLimitCounter } from '../../http/rate-limit-store.js';
import { basicCredentials } from './basic-auth.js';
import { type DavResponse, element, InvalidXmlError, multistatus } from './dav-xml.js';
import { FailedSignIns } from './failed-sign-ins.js';
import {
  calendarHref,
  calendarProperties,
  DAV_ROOT,
  HOME,
  homeProperties,
  objectHref,
  objectProperties,
  principalHref,
  principalProperties,
  propstats,
  rootProperties,
  wantsTags,
} from './properties.js';
import { readPropertyUpdate, readPropfind, readReport } from './requests.js';
import { type CalendarObject, collectionTag } from './service.js';
import { joinCalendars } from './vtodo-output.js';

declare module 'fastify' {
  interface FastifyRequest {
    davUser: UserRow | null;
  }
  interface FastifyContextConfig {
    /** @fastify/cors reads this; false leaves a route's OPTIONS to the route. */
    cors?: false;
  }
}

const DAV_METHODS = ['PROPFIND', 'PROPPATCH', 'REPORT', 'MKCALENDAR'] as const;
const ALLOW = 'OPTIONS, GET, HEAD, PUT, DELETE, PROPFIND, PROPPATCH, REPORT';
const XML = 'application/xml; charset=utf-8';

/** The methods WebDAV adds to HTTP; Fastify routes only methods it was told about. */
export function addDavMethods(app: FastifyInstance): void {
  for (const method of DAV_METHODS) {
    if (!app.supportedMethods.includes(method)) app.addHttpMethod(method, { hasBody: true });
  }
}

function user(request: FastifyRequest): UserRow {
  if (!request.davUser) throw new ApiError(401, undefined, 'Unauthorized');
  return request.davUser;
}

function depth(request: FastifyRequest): 0 | 1 {
  return request.headers.depth === '0' ? 0 : 1;
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

const projectIdOf = (param: string) => (/^\d+$/.test(param) ? Number(param) : -1);
const uidOf = (param: string) => param.replace(/\.ics$/i, '');

function sendMultistatus(reply: FastifyReply, responses: DavResponse[]) {
  return reply.status(207).type(XML).send(multistatus(responses));
}

function bodyText(request: FastifyRequest): string {
  return typeof request.body === 'string' ? request.body : '';
}

export async function caldavRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const service = ctx.caldav;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.decorateRequest('davUser', null);
  const failures = new FailedSignIns(new DatabaseRateLimitCounter(ctx.db.kysely), ctx.config.rateLimit);
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'OPTIONS' || request.url.startsWith('/.well-known/')) return;
    const credentials = basicCredentials(request.headers.authorization);
    // Apps ask without credentials first and sign in when challenged; only a wrong password counts.
    if (!credentials) throw new ApiError(401, undefined, 'Unauthorized');
    let wait = failures.waitSeconds(request.ip);
    if (wait === 0) {
      request.davUser = await ctx.caldavAuth.user(credentials);
      if (request.davUser) return;
      wait = await failures.failed(request.ip);
      if (wait === 0) throw new ApiError(401, undefined, 'Unauthorized');
    }
    reply.header('retry-after', String(wait));
    throw new ApiError(
      429,
      undefined,
      `Too many failed sign-ins. Please wait ${wait} seconds and try again.`,
    );
  });
  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status =
      error instanceof ApiError
        ? error.status
        : error instanceof InvalidXmlError
          ? 400
          : (error.statusCode ?? 500);
    if (status >= 500) request.log.error(error);
    if (status === 401) reply.header('www-authenticate', 'Basic realm="Ordo CalDAV", charset="UTF-8"');
    return reply
      .status(status)
      .type('text/plain; charset=utf-8')
      .send(status >= 500 ? 'Internal Server Error' : error.message);
  });

  // Discovery (RFC 6764): the well-known address leads to the entry point.
  for (const path of ['/.well-known/caldav', '/.well-known/caldav/']) {
    app.route({
      method: ['GET', 'PROPFIND', 'OPTIONS'],
      url: path,
      handler: (_q, reply) => reply.redirect(DAV_ROOT, 301),
    });
  }

  const options = (_request: FastifyRequest, reply: FastifyReply) =>
    reply.header('dav', '1, 3, calendar-access').header('allow', ALLOW).status(200).send();
  // DAV's OPTIONS is not a CORS preflight: clients ask it which DAV classes the server has.
  for (const path of ['/dav', '/dav/', '/dav/*']) app.options(path, { config: { cors: false } }, options);

  // The entry point: who is signed in.
  for (const path of ['/dav', '/dav/']) {
    app.route({
      method: 'PROPFIND',
      url: path,
      handler: async (request, reply) => {
        const me = user(request);
        const wanted = readPropfind(bodyText(request));
        const responses: DavResponse[] = [
          { href: DAV_ROOT, propstats: propstats(rootProperties(me), wanted) },
        ];
        if (depth(request) === 1) {
          responses.push({
            href: principalHref(me.username),
            propstats: propstats(principalProperties(me), wanted),
          });
          responses.push({ href: HOME, propstats: propstats(homeProperties(me, undefined), wanted) });
        }
        return sendMultistatus(reply, responses);
      },
    });
  }

  // The principal: only one's own; another user's, or an unknown name, is not found.
  for (const path of ['/dav/principals/:username', '/dav/principals/:username/']) {
    app.route({
      method: 'PROPFIND',
      url: path,
      handler: async (request, reply) => {
        const me = user(request);
        if ((request.params as { username: string }).username !== me.username)
          return reply.status(404).type('text/plain').send('Not Found');
        const wanted = readPropfind(bodyText(request));
        return sendMultistatus(reply, [
          { href: principalHref(me.username), propstats: propstats(principalProperties(me), wanted) },
        ]);
      },
    });
  }

  // The calendar home: one calendar per project.
  for (const path of ['/dav/projects', '/dav/projects/']) {
    app.route({
      method: 'PROPFIND',
      url: path,
      handler: async (request, reply) => {
        const me = user(request);
        const wanted = readPropfind(bodyText(request));
        const calendars = await service.calendars(me.id);
        const objects = wantsTags(wanted)
          ? await service.objectsOf(
              me.id,
              calendars.map((c) => c.project.id),
            )
          : null;
        const ctagOf = (projectId: number) => {
          const list = objects?.get(projectId);
          return list ? collectionTag(`project ${projectId}`, list) : undefined;
        };
        const homeTag = objects ? collectionTag(`home ${me.id}`, [...objects.values()].flat()) : undefined;
        if (depth(request) === 0) {
          return sendMultistatus(reply, [
            { href: HOME, propstats: propstats(homeProperties(me, homeTag), wanted) },
          ]);
        }
        return sendMultistatus(
          reply,
          calendars.map((c) => ({
            href: calendarHref(c.project.id),
            propstats: propstats(calendarProperties(me, c, ctagOf(c.project.id)), wanted),
          })),
        );
      },
    });
  }

  // A project as a calendar.
  const calendarPaths = ['/dav/projects/:project', '/dav/projects/:project/'];
  for (const path of calendarPaths) {
    app.route({
      method: 'PROPFIND',
      url: path,
      handler: async (request, reply) => {
        const me = user(request);
        const projectId = projectIdOf((request.params as { project: string }).project);
        const calendar = await service.calendar(me.id, projectId);
        const wanted = readPropfind(bodyText(request));
        const deep = depth(request) === 1;
        const objects =
          deep || wantsTags(wanted)
            ? ((await service.objectsOf(me.id, [projectId])).get(projectId) ?? [])
            : [];
        const ctag = collectionTag(`project ${projectId}`, objects);
        const responses: DavResponse[] = [
          {
            href: calendarHref(projectId),
            propstats: propstats(calendarProperties(me, calendar, ctag), wanted),
          },
        ];
        if (deep) {
          for (const object of objects)
            responses.push({
              href: objectHref(projectId, object.uid),
              propstats: propstats(objectProperties(object), wanted),
            });
        }
        return sendMultistatus(reply, responses);
      },
    });

    app.route({
      method: 'REPORT',
      url: path,
      handler: async (request, reply) => {
        const me = user(request);
        const projectId = projectIdOf((request.params as { project: string }).project);
        await service.calendar(me.id, projectId);
        const report = readReport(bodyText(request));
        if (report.kind === 'unsupported') {
          return reply
            .status(403)
            .type(XML)
            .send(
              '<?xml version="1.0" encoding="UTF-8"?><d:error xmlns:d="DAV:"><d:supported-report/></d:error>',
            );
        }
        let objects: CalendarObject[];
        let missing: string[] = [];
        if (report.kind === 'multiget') {
          const prefix = calendarHref(projectId);
          const uids = report.hrefs.flatMap((h) => {
            const path = h.replace(/^https?:\/\/[^/]+/i, '');
            return path.startsWith(prefix) ? [decodeURIComponent(uidOf(path.slice(prefix.length)))] : [];
          });
          objects = await service.objectsByUid(me.id, projectId, uids);
          const found = new Set(objects.map((o) => objectHref(projectId, o.uid)));
          missing = report.hrefs.filter((h) => !found.has(h.replace(/^https?:\/\/[^/]+/i, '')));
        } else {
          objects = report.todos ? ((await service.objectsOf(me.id, [projectId])).get(projectId) ?? []) : [];
        }
        return sendMultistatus(reply, [
          ...objects.map((o) => ({
            href: objectHref(projectId, o.uid),
            propstats: propstats(objectProperties(o), report.props),
          })),
          ...missing.map((h) => ({ href: h, status: 404 })),
        ]);
      },
    });

    // Calendar properties belong to the project; change them in Ordo (207 with 403 each).
    app.route({
      method: 'PROPPATCH',
      url: path,
      handler: async (request, reply) => {
        const me = user(request);
        const projectId = projectIdOf((request.params as { project: string }).project);
        await service.calendar(me.id, projectId);
        const names = readPropertyUpdate(bodyText(request));
        return sendMultistatus(reply, [
          {
            href: calendarHref(projectId),
            propstats: names.length > 0 ? [{ status: 403, props: names.map((q) => element(q)) }] : [],
          },
        ]);
      },
    });

    app.get(path, async (request, reply) => {
      const me = user(request);
      const projectId = projectIdOf((request.params as { project: string }).project);
      await service.calendar(me.id, projectId);
      const objects = (await service.objectsOf(me.id, [projectId])).get(projectId) ?? [];
      return reply
        .type('text/calendar; charset=utf-8')
        .header('etag', collectionTag(`project ${projectId}`, objects))
        .send(joinCalendars(objects.map((o) => o.ics)));
    });
  }

  // One task as a calendar object.
  const objectPath = '/dav/projects/:project/:object';
  const objectParams = (request: FastifyRequest) => {
    const { project, object } = request.params as { project: string; object: string };
    return { projectId: projectIdOf(project), uid: uidOf(object) };
  };

  app.get(objectPath, async (request, reply) => {
    const { projectId, uid } = objectParams(request);
    const object = await service.object(user(request).id, projectId, uid);
    return reply.type('text/calendar; charset=utf-8').header('etag', object.etag).send(object.ics);
  });

  app.route({
    method: 'PROPFIND',
    url: objectPath,
    handler: async (request, reply) => {
      const { projectId, uid } = objectParams(request);
      const object = await service.object(user(request).id, projectId, uid);
      return sendMultistatus(reply, [
        {
          href: objectHref(projectId, uid),
          propstats: propstats(objectProperties(object), readPropfind(bodyText(request))),
        },
      ]);
    },
  });

  app.put(objectPath, async (request, reply) => {
    const { projectId, uid } = objectParams(request);
    const { created, object } = await service.put(user(request).id, projectId, uid, bodyText(request), {
      ifMatch: header(request, 'if-match'),
      ifNoneMatch: header(request, 'if-none-match'),
    });
    return reply
      .status(created ? 201 : 204)
      .header('etag', object.etag)
      .send();
  });

  app.delete(objectPath, async (request, reply) => {
    const { projectId, uid } = objectParams(request);
    await service.delete(user(request).id, projectId, uid, header(request, 'if-match'));
    return reply.status(204).send();
  });
}
