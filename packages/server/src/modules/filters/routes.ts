/** /filters routes (reference §2.9): HTTP only, the rules live in the service. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Right, SavedFilterBody } from '@ordo/core';
import { type Static, Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../../http/authenticate.js';
import { Message } from '../../http/schemas.js';
import { sendMaxRight } from '../projects/routes.js';
import type { SavedFiltersService } from './service.js';

/** What these routes use, given by the composition root (context.ts). */
export interface SavedFilterRoutesDeps {
  savedFilters: SavedFiltersService;
}

const FilterParams = Type.Object({ id: Type.Integer() });

function filterInput(body: Static<typeof SavedFilterBody> | undefined) {
  const b = body ?? {};
  return {
    title: b.title ?? undefined,
    description: b.description ?? undefined,
    filters: b.filters,
    is_favorite: b.is_favorite,
  };
}

/** Link shares answer 11002 on every saved-filter route. */
function owner(request: FastifyRequest): number {
  return requireUser(request, 'savedFilterNotForLinkShare').userId;
}

export function savedFilterRoutes(app: FastifyInstance, ctx: SavedFilterRoutesDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['filters'];

  // Vikunja creates with PUT; the spec's client posts. Both create.
  for (const method of ['PUT', 'POST'] as const) {
    r.route({
      method,
      url: '/filters',
      schema: { tags, summary: 'Create a saved filter', body: SavedFilterBody },
      handler: async (request, reply) => {
        const filter = await ctx.savedFilters.create(owner(request), filterInput(request.body));
        return reply.status(201).send(filter);
      },
    });
  }

  r.get(
    '/filters/:id',
    { schema: { tags, summary: 'One saved filter (owner only)', params: FilterParams } },
    async (request, reply) => {
      const filter = await ctx.savedFilters.read(owner(request), request.params.id);
      sendMaxRight(reply, Right.admin);
      return filter;
    },
  );

  r.post(
    '/filters/:id',
    {
      schema: { tags, summary: 'Update a saved filter', params: FilterParams, body: SavedFilterBody },
    },
    async (request) => ctx.savedFilters.update(owner(request), request.params.id, filterInput(request.body)),
  );

  r.delete(
    '/filters/:id',
    { schema: { tags, summary: 'Delete a saved filter', params: FilterParams, response: { 200: Message } } },
    async (request) => {
      await ctx.savedFilters.delete(owner(request), request.params.id);
      return { message: 'Successfully deleted.' };
    },
  );
}
