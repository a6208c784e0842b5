/** PROPFIND on the entry point, the principal and the calendar home (RFC 4918, RFC 4791 §6). */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { bodyText, depth, sendMultistatus, user } from './dav-http.js';
import type { DavResponse } from './dav-xml.js';
import {
  calendarHref,
  calendarProperties,
  DAV_ROOT,
  HOME,
  homeProperties,
  principalHref,
  principalProperties,
  propstats,
  rootProperties,
  wantsTags,
} from './properties.js';
import { readPropfind } from './requests.js';
import { collectionTag } from './service.js';

export function principalRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = ctx.caldav;
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
}
