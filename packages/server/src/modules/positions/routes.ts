/** `POST /tasks/:id/position` (reference §2.6): a task's position in one view. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { requirePrincipal } from '../../http/authenticate.js';
import type { TaskPositionsService } from './service.js';

/** What these routes use, given by the composition root (context.ts). */
export interface TaskPositionRoutesDeps {
  taskPositions: TaskPositionsService;
}

const PositionBody = Type.Object({
  project_view_id: Type.Optional(Type.Integer()),
  position: Type.Optional(Type.Number()),
});
const TaskParams = Type.Object({ id: Type.Integer() });

export function taskPositionRoutes(app: FastifyInstance, ctx: TaskPositionRoutesDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.post(
    '/tasks/:id/position',
    {
      schema: {
        tags: ['tasks'],
        summary: "Set a task's position in a view",
        params: TaskParams,
        body: PositionBody,
      },
    },
    async (request) =>
      ctx.taskPositions.update(requirePrincipal(request).userId, request.params.id, request.body ?? {}),
  );
}
