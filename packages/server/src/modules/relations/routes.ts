/** /tasks/:id/relations routes (reference §2.7). */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { requirePrincipal } from '../../http/authenticate.js';
import { LimitedText, Message } from '../../http/schemas.js';
import type { RelationsService } from './service.js';

/** What these routes use, given by the composition root (context.ts). */
export interface RelationRoutesDeps {
  relations: RelationsService;
}

const TaskParams = Type.Object({ id: Type.Integer() });
const RelationParams = Type.Object({ id: Type.Integer(), kind: Type.String(), other: Type.Integer() });
const RelationBody = Type.Object({ other_task_id: Type.Integer(), relation_kind: LimitedText('short') });

export function relationRoutes(app: FastifyInstance, ctx: RelationRoutesDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['relations'];

  r.put(
    '/tasks/:id/relations',
    {
      schema: {
        tags,
        summary: 'Relate two tasks (the inverse is added too)',
        params: TaskParams,
        body: RelationBody,
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await ctx.relations.create(
            requirePrincipal(request).userId,
            request.params.id,
            request.body.other_task_id,
            request.body.relation_kind,
          ),
        ),
  );

  r.delete(
    '/tasks/:id/relations/:kind/:other',
    {
      schema: {
        tags,
        summary: 'Remove a relation and its inverse',
        params: RelationParams,
        response: { 200: Message },
      },
    },
    async (request) => {
      const { id, kind, other } = request.params;
      await ctx.relations.delete(requirePrincipal(request).userId, id, kind, other);
      return { message: 'Successfully deleted.' };
    },
  );
}
