/**
 * A project as a calendar collection: PROPFIND, REPORT, PROPPATCH, GET, MKCALENDAR and DELETE
 * (RFC 4791 §5, §7, RFC 6578).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CalendarObject } from './calendar.js';
import { FilterError } from './calendar-filter-xml.js';
import { matching, mayMatchTodos, queryHints } from './calendar-query.js';
import type { CaldavCollections } from './collections.js';
import { bodyText, collectionPath, depth, projectIdOf, sendMultistatus, user, XML } from './dav-http.js';
import { type DavResponse, element, multistatus } from './dav-xml.js';
import {
  calendarHref,
  calendarProperties,
  goneObjectHref,
  objectProperties,
  type PropRequest,
  propstats,
} from './properties.js';
import { readMkcalendar, readPropertyUpdate, readPropfind, readReport } from './requests.js';
import { type CaldavService, collectionTag } from './service.js';
import { type CaldavSync, InvalidSyncTokenError } from './sync.js';
import { joinCalendars } from './vtodo-output.js';

/** What these routes use, given by the composition root (context.ts). */
export interface CalendarRoutesDeps {
  caldav: CaldavService;
  caldavCollections: CaldavCollections;
  caldavSync: CaldavSync;
}

/** An answer's XML error body naming the failed precondition (RFC 4918 §16). */
function preconditionFailed(reply: FastifyReply, status: number, ns: 'd' | 'cal', name: string, text = '') {
  const xmlns = ns === 'd' ? 'xmlns:d="DAV:"' : 'xmlns:d="DAV:" xmlns:cal="urn:ietf:params:xml:ns:caldav"';
  return reply
    .status(status)
    .type(XML)
    .send(
      `<?xml version="1.0" encoding="UTF-8"?><d:error ${xmlns}><${ns}:${name}/>${text ? `<d:responsedescription>${text}</d:responsedescription>` : ''}</d:error>`,
    );
}

/** Hrefs under the calendar's own address (`base`) rather than its project id's. */
function rebaser(projectId: number, base: string) {
  const canonical = calendarHref(projectId);
  return (href: string) => (href.startsWith(canonical) ? `${base}${href.slice(canonical.length)}` : href);
}

/** An object under its stored address (the name its client chose, or `<uid>.ics`), rebased. */
const objectResponse = (props: PropRequest, rebase: (href: string) => string) => (o: CalendarObject) => ({
  href: rebase(o.href),
  propstats: propstats(objectProperties(o), props),
});

/** A path with its %-escapes decoded; as it is when one is malformed. */
function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** The path of a multiget href, without scheme and host, %-escapes decoded. */
const hrefPath = (href: string) => safeDecode(href.replace(/^https?:\/\/[^/]+/i, ''));

export function calendarRoutes(app: FastifyInstance, ctx: CalendarRoutesDeps): void {
  const service = ctx.caldav;
  const sync = ctx.caldavSync;
  const projectOf = (request: FastifyRequest) => projectIdOf((request.params as { project: string }).project);

  const calendarPaths = ['/dav/projects/:project', '/dav/projects/:project/'];
  for (const path of calendarPaths) {
    app.route({
      method: 'PROPFIND',
      url: path,
      handler: async (request, reply) => {
        const me = user(request);
        const projectId = projectOf(request);
        const calendar = await service.calendar(me.id, projectId);
        const wanted = readPropfind(bodyText(request));
        const token = (await sync.tokens([projectId])).get(projectId) as string;
        const base = collectionPath(request, calendarHref(projectId));
        // Depth 1 lists the collection itself first, then its objects (RFC 4918 §9.1).
        const responses: DavResponse[] = [
          {
            href: base,
            propstats: propstats(calendarProperties(me, calendar, token), wanted),
          },
        ];
        if (depth(request) === 1) {
          const objects = await service.objectsInBatches(
            me.id,
            projectId,
            await service.taskIdsOf(projectId),
          );
          responses.push(...objects.map(objectResponse(wanted, rebaser(projectId, base))));
        }
        return sendMultistatus(reply, responses);
      },
    });

    app.route({
      method: 'REPORT',
      url: path,
      handler: async (request, reply) => {
        const me = user(request);
        const projectId = projectOf(request);
        await service.calendar(me.id, projectId);
        let report: ReturnType<typeof readReport>;
        try {
          report = readReport(bodyText(request));
        } catch (error) {
          if (error instanceof FilterError)
            return preconditionFailed(reply, error.status, 'cal', error.precondition, error.message);
          throw error;
        }
        if (report.kind === 'unsupported') return preconditionFailed(reply, 403, 'd', 'supported-report');
        const base = collectionPath(request, calendarHref(projectId));
        const rebase = rebaser(projectId, base);
        const toResponse = objectResponse(report.props, rebase);

        if (report.kind === 'sync') {
          try {
            const answer = await sync.changes(me.id, projectId, report.token);
            const responses: DavResponse[] = [
              ...answer.changed.map(toResponse),
              ...answer.deleted.map((name) => ({
                href: rebase(goneObjectHref(projectId, name)),
                status: 404,
              })),
            ];
            return reply
              .status(207)
              .type(XML)
              .send(multistatus(responses, { 'd:sync-token': answer.token }));
          } catch (error) {
            if (error instanceof InvalidSyncTokenError)
              return preconditionFailed(reply, 403, 'd', 'valid-sync-token', error.message);
            throw error;
          }
        }

        if (report.kind === 'multiget') {
          // Each href answered as the client wrote it: under the project id or the calendar's name.
          const prefixes = [calendarHref(projectId), safeDecode(base)];
          const asked = report.hrefs.map((href) => {
            const path = hrefPath(href);
            const prefix = prefixes.find((p) => path.startsWith(p));
            return { href, name: prefix ? path.slice(prefix.length) : undefined };
          });
          const names = asked.flatMap((a) => (a.name === undefined ? [] : [a.name]));
          const objects = new Map(
            (await service.objectsByName(me.id, projectId, names)).map((o) => [hrefPath(o.href), o]),
          );
          const canonical = calendarHref(projectId);
          return sendMultistatus(
            reply,
            asked.map(({ href, name }) => {
              const object = name === undefined ? undefined : objects.get(`${canonical}${name}`);
              return object
                ? { href, propstats: propstats(objectProperties(object), report.props) }
                : { href, status: 404 };
            }),
          );
        }

        const { filter } = report;
        const candidates = mayMatchTodos(filter)
          ? await service.objectsInBatches(
              me.id,
              projectId,
              await service.taskIdsForQuery(projectId, queryHints(filter)),
            )
          : [];
        return sendMultistatus(reply, matching(candidates, filter).map(toResponse));
      },
    });

    // Calendar properties belong to the project; change them in Ordo (207 with 403 each).
    app.route({
      method: 'PROPPATCH',
      url: path,
      handler: async (request, reply) => {
        const me = user(request);
        const projectId = projectOf(request);
        await service.calendar(me.id, projectId);
        const names = readPropertyUpdate(bodyText(request));
        return sendMultistatus(reply, [
          {
            href: collectionPath(request, calendarHref(projectId)),
            propstats: names.length > 0 ? [{ status: 403, props: names.map((q) => element(q)) }] : [],
          },
        ]);
      },
    });

    app.get(path, async (request, reply) => {
      const me = user(request);
      const projectId = projectOf(request);
      await service.calendar(me.id, projectId);
      const objects = (await service.objectsOf(me.id, [projectId])).get(projectId) ?? [];
      return reply
        .type('text/calendar; charset=utf-8')
        .header('etag', collectionTag(`project ${projectId}`, objects))
        .send(joinCalendars(objects.map((o) => o.ics)));
    });

    // A new calendar is a new project (RFC 4791 §5.3.1); its address is the name the client chose.
    app.route({
      method: 'MKCALENDAR',
      url: path,
      handler: async (request, reply) => {
        const me = user(request);
        // A name a calendar already has was turned into its project's id (routes.ts).
        const name = (request.params as { project: string }).project;
        if (projectIdOf(name) > 0) return preconditionFailed(reply, 405, 'd', 'resource-must-be-null');
        await ctx.caldavCollections.create(me.id, name, readMkcalendar(bodyText(request)));
        return reply.status(201).header('cache-control', 'no-cache').send();
      },
    });

    // Deleting a calendar deletes its project and every task in it: the admin right only.
    app.delete(path, async (request, reply) => {
      const me = user(request);
      const projectId = projectOf(request);
      await service.calendar(me.id, projectId);
      await ctx.caldavCollections.delete(me.id, projectId);
      return reply.status(204).send();
    });
  }
}
