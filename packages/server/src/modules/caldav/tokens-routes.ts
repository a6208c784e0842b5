/** `/user/settings/token/caldav` (reference §2.3, §3.16): HTTP only, the rules live in the service. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../http/authenticate.js';
import { Message } from '../../http/schemas.js';
import type { CaldavTokensService } from './tokens-service.js';

/** What these routes use, given by the composition root (context.ts). */
export interface CaldavTokenRoutesDeps {
  caldavTokens: CaldavTokensService;
}

const tags = ['caldav'];
const CreatedToken = Type.Object({ id: Type.Integer(), token: Type.String(), created: Type.String() });
const ListedToken = Type.Object({ id: Type.Integer(), created: Type.String() });

export function caldavTokenRoutes(app: FastifyInstance, ctx: CaldavTokenRoutesDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.put(
    '/user/settings/token/caldav',
    {
      schema: {
        tags,
        summary: 'Create a CalDAV token; the answer carries the cleartext `token`, shown this once',
        description:
          'Calendar apps sign in to /dav with HTTP Basic: your username and this token as the password.',
        response: { 201: CreatedToken },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await ctx.caldavTokens.create(requireUser(request).userId)),
  );

  r.get(
    '/user/settings/token/caldav',
    {
      schema: {
        tags,
        summary: 'Your CalDAV tokens, oldest first; never the secret',
        response: { 200: Type.Array(ListedToken) },
      },
    },
    async (request) => ctx.caldavTokens.list(requireUser(request).userId),
  );

  r.delete(
    '/user/settings/token/caldav/:id',
    {
      schema: {
        tags,
        summary: 'Delete one of your CalDAV tokens; apps using it stop syncing at once',
        description: 'Another user’s token, like a missing one, answers 404.',
        params: Type.Object({ id: Type.Integer() }),
        response: { 200: Message },
      },
    },
    async (request) => {
      await ctx.caldavTokens.delete(requireUser(request).userId, request.params.id);
      return { message: 'The token was deleted successfully.' };
    },
  );
}
