/** `POST /tasks/:id/read` (reference §2.6): the caller has read the task's comments. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { requirePrincipal } from '../../http/authenticate.js';
import type { UnreadService } from './service.js';

/** What these routes use, given by the composition root (context.ts). */
export interface UnreadRoutesDeps {
  unread: UnreadService;
}

const TaskParams = Type.Object({ id: Type.Integer() });

/** Vikunja's answer as it is: capitalised keys, and `UserID` always 0. */
const TaskReadAnswer = Type.Object({ TaskID: Type.Integer(), UserID: Type.Integer() });

export function unreadRoutes(app: FastifyInstance, ctx: UnreadRoutesDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.post(
    '/tasks/:id/read',
    {
      schema: {
        tags: ['tasks'],
        summary:
          'Mark the task read for the caller: it no longer shows as unread (`expand=is_unread`). Link shares get 403.',
        params: TaskParams,
        response: { 200: TaskReadAnswer },
      },
    },
    async (request) => ctx.unread.markRead(requirePrincipal(request).userId, request.params.id),
  );
}
