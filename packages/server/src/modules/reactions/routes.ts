/** /:kind/:id/reactions routes for tasks and comments (reference §2.7). */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ReactionBody } from '@ordo/core';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { requirePrincipal, requireUser } from '../../http/authenticate.js';
import { Message } from '../../http/schemas.js';
import type { ReactionsService } from './service.js';

/** What these routes use, given by the composition root (context.ts). */
export interface ReactionRoutesDeps {
  reactions: ReactionsService;
}

const Params = Type.Object({ kind: Type.String(), id: Type.Integer() });

export function reactionRoutes(app: FastifyInstance, ctx: ReactionRoutesDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['reactions'];

  r.get(
    '/:kind/:id/reactions',
    { schema: { tags, summary: 'Reactions on a task or comment', params: Params } },
    async (request) =>
      ctx.reactions.list(requirePrincipal(request).userId, request.params.kind, request.params.id),
  );

  r.put(
    '/:kind/:id/reactions',
    { schema: { tags, summary: 'React to a task or comment', params: Params, body: ReactionBody } },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await ctx.reactions.add(
            requireUser(request, 'forbidden').userId,
            request.params.kind,
            request.params.id,
            request.body.value,
          ),
        ),
  );

  r.post(
    '/:kind/:id/reactions/delete',
    {
      schema: {
        tags,
        summary: 'Remove your reaction',
        params: Params,
        body: ReactionBody,
        response: { 200: Message },
      },
    },
    async (request) => {
      await ctx.reactions.remove(
        requireUser(request, 'forbidden').userId,
        request.params.kind,
        request.params.id,
        request.body.value,
      );
      return { message: 'Successfully deleted.' };
    },
  );
}
