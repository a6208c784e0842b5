/** A project as a calendar collection: PROPFIND, REPORT, PROPPATCH and GET (RFC 4791 §5, §7). */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { bodyText, depth, projectIdOf, sendMultistatus, user, XML } from './dav-http.js';
import { type DavResponse, element } from './dav-xml.js';
import { calendarHref, calendarProperties, objectProperties, propstats, wantsTags } from './properties.js';
import { readPropertyUpdate, readPropfind, readReport } from './requests.js';
import { type CalendarObject, collectionTag } from './service.js';
import { joinCalendars } from './vtodo-output.js';

/** A path with its %-escapes decoded; as it is when one is malformed. */
function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

export function calendarRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = ctx.caldav;
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
              href: object.href,
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
          const pathOf = (href: string) => safeDecode(href.replace(/^https?:\/\/[^/]+/i, ''));
          const names = report.hrefs.flatMap((h) => {
            const path = pathOf(h);
            return path.startsWith(prefix) ? [path.slice(prefix.length)] : [];
          });
          objects = await service.objectsByName(me.id, projectId, names);
          const found = new Set(objects.map((o) => pathOf(o.href)));
          missing = report.hrefs.filter((h) => !found.has(pathOf(h)));
        } else {
          objects = report.todos ? ((await service.objectsOf(me.id, [projectId])).get(projectId) ?? []) : [];
        }
        return sendMultistatus(reply, [
          ...objects.map((o) => ({
            href: o.href,
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
}
