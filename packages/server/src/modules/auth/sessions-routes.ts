/** `/user/sessions` (reference §2.3, §3.14): HTTP only, the rules live in the service. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { requireUser } from '../../http/authenticate.js';
import { parsePage, setPaginationHeaders } from '../../http/pagination.js';
import { LimitedText, Message } from '../../http/schemas.js';
import type { SessionsService } from './sessions-service.js';

/** What these routes use, given by the composition root (context.ts). */
export interface SessionRoutesDeps {
  config: Config;
  userSessions: SessionsService;
}

const tags = ['user'];
const Session = Type.Object({
  id: Type.String(),
  device_info: Type.String(),
  ip_address: Type.String(),
  last_active: Type.String(),
  created: Type.String(),
});

export function sessionRoutes(app: FastifyInstance, ctx: SessionRoutesDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get(
    '/user/sessions',
    {
      schema: {
        tags,
        summary: 'Where you are signed in: your sessions, the most recently active first',
        description:
          'One session per login, with the browser or app that logged in (`device_info`) and its address. ' +
          '`last_active` is when the session last renewed its token. The token in use names its session in the claim `sid`.',
        response: { 200: Type.Array(Session) },
      },
    },
    async (request, reply) => {
      const page = parsePage(request.query as Record<string, unknown>, ctx.config.maxItemsPerPage);
      const { sessions, total } = await ctx.userSessions.list(requireUser(request).userId, page);
      setPaginationHeaders(reply, page, sessions.length, total);
      return sessions;
    },
  );

  r.delete(
    '/user/sessions/:session',
    {
      schema: {
        tags,
        summary: 'End one of your sessions: that login is signed out on its next request',
        description: 'Another user’s session answers 403; one that does not exist, 16001.',
        params: Type.Object({ session: LimitedText('short') }),
        response: { 200: Message },
      },
    },
    async (request) => {
      await ctx.userSessions.revoke(requireUser(request).userId, request.params.session);
      return { message: 'Successfully deleted.' };
    },
  );
}
