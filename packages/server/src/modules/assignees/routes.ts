/** /tasks/:id/assignees routes (reference §2.7). */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { requirePrincipal } from '../../http/authenticate.js';
import { parsePage, setPaginationHeaders } from '../../http/pagination.js';
import { IdList, Message } from '../../http/schemas.js';
import type { AssigneesService } from './service.js';

/** What these routes use, given by the composition root (context.ts). */
export interface AssigneeRoutesDeps {
  config: Config;
  assignees: AssigneesService;
}

const TaskParams = Type.Object({ id: Type.Integer() });
const AssigneeParams = Type.Object({ id: Type.Integer(), user: Type.Integer() });
const AssigneeBody = Type.Object({ user_id: Type.Integer() });
const BulkBody = Type.Object({
  assignees: Type.Union([IdList(Type.Object({ id: Type.Integer() })), Type.Null()]),
});

export function assigneeRoutes(app: FastifyInstance, ctx: AssigneeRoutesDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['assignees'];

  r.get(
    '/tasks/:id/assignees',
    { schema: { tags, summary: "A task's assignees", params: TaskParams } },
    async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const page = parsePage(query, ctx.config.maxItemsPerPage);
      const search = typeof query.s === 'string' ? query.s.trim() : '';
      const { users, total } = await ctx.assignees.list(
        requirePrincipal(request).userId,
        request.params.id,
        page,
        search,
      );
      setPaginationHeaders(reply, page, users.length, total);
      return users;
    },
  );

  // Vikunja assigns with PUT; the spec's client posts.
  for (const method of ['PUT', 'POST'] as const) {
    r.route({
      method,
      url: '/tasks/:id/assignees',
      schema: { tags, summary: 'Assign a user to a task', params: TaskParams, body: AssigneeBody },
      handler: async (request, reply) =>
        reply
          .status(201)
          .send(
            await ctx.assignees.add(
              requirePrincipal(request).userId,
              request.params.id,
              request.body.user_id,
            ),
          ),
    });
  }

  r.delete(
    '/tasks/:id/assignees/:user',
    {
      schema: { tags, summary: 'Unassign a user', params: AssigneeParams, response: { 200: Message } },
    },
    async (request) => {
      await ctx.assignees.remove(requirePrincipal(request).userId, request.params.id, request.params.user);
      return { message: 'Successfully deleted.' };
    },
  );

  r.post(
    '/tasks/:id/assignees/bulk',
    { schema: { tags, summary: "Replace all of a task's assignees", params: TaskParams, body: BulkBody } },
    async (request, reply) => {
      const ids = (request.body.assignees ?? []).map((a) => a.id);
      return reply
        .status(201)
        .send(await ctx.assignees.replace(requirePrincipal(request).userId, request.params.id, ids));
    },
  );
}
