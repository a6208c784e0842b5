/**
 * PROPFIND on the server root, the entry point, the principal and the calendar home (RFC 4918,
 * RFC 4791 §6, RFC 5397, RFC 6764 §6: a client given only the server's address asks `/` for the
 * current user's principal).
 */
import type { FastifyInstance } from 'fastify';
import type { CaldavCollections } from './collections.js';
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
import type { CaldavService } from './service.js';
import type { CaldavSync } from './sync.js';

/** What these routes use, given by the composition root (context.ts). */
export interface PrincipalRoutesDeps {
  caldav: CaldavService;
  caldavCollections: CaldavCollections;
  caldavSync: CaldavSync;
}

export function principalRoutes(app: FastifyInstance, ctx: PrincipalRoutesDeps): void {
  const service = ctx.caldav;
  const sync = ctx.caldavSync;
  // The server root and the entry point: who is signed in.
  for (const [path, self] of [
    ['/', '/'],
    ['/dav', DAV_ROOT],
    ['/dav/', DAV_ROOT],
  ] as const) {
    app.route({
      method: 'PROPFIND',
      url: path,
      handler: async (request, reply) => {
        const me = user(request);
        const wanted = readPropfind(bodyText(request));
        const responses: DavResponse[] = [{ href: self, propstats: propstats(rootProperties(me), wanted) }];
        // The server root's other resources are the web app's, not DAV's: it lists nothing.
        if (depth(request) === 1 && self === DAV_ROOT) {
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

  // The calendar home: itself, then one calendar per project at depth 1.
  for (const path of ['/dav/projects', '/dav/projects/']) {
    app.route({
      method: 'PROPFIND',
      url: path,
      handler: async (request, reply) => {
        const me = user(request);
        const wanted = readPropfind(bodyText(request));
        const calendars = await service.calendars(me.id);
        const ids = calendars.map((c) => c.project.id);
        const homeTag = wantsTags(wanted) ? await sync.homeTag(ids) : undefined;
        const responses: DavResponse[] = [
          { href: HOME, propstats: propstats(homeProperties(me, homeTag), wanted) },
        ];
        if (depth(request) === 1) {
          const tokens = await sync.tokens(ids);
          const names = await ctx.caldavCollections.namesOf(me.id);
          const hrefOf = (projectId: number) => {
            const name = names.get(projectId);
            return name === undefined ? calendarHref(projectId) : `${HOME}${encodeURIComponent(name)}/`;
          };
          responses.push(
            ...calendars.map((c) => ({
              href: hrefOf(c.project.id),
              propstats: propstats(calendarProperties(me, c, tokens.get(c.project.id) as string), wanted),
            })),
          );
        }
        return sendMultistatus(reply, responses);
      },
    });
  }
}
