/**
 * /subscriptions/:entity/:entityId (reference §2.7). The reference subscribes with PUT, the spec's
 * client with POST; both are served. Link shares cannot subscribe (403).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../http/authenticate.js';
import { Message } from '../../http/schemas.js';
import type { SubscriptionsService } from './service.js';

/** What these routes use, given by the composition root (context.ts). */
export interface SubscriptionRoutesDeps {
  subscriptions: SubscriptionsService;
}

const Params = Type.Object({ entity: Type.String(), entityId: Type.Integer() });

export function subscriptionRoutes(app: FastifyInstance, ctx: SubscriptionRoutesDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['subscriptions'];

  for (const method of ['put', 'post'] as const) {
    r[method](
      '/subscriptions/:entity/:entityId',
      { schema: { tags, summary: 'Subscribe to a project or task', params: Params } },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await ctx.subscriptions.subscribe(
              requireUser(request, 'forbidden').userId,
              request.params.entity,
              request.params.entityId,
            ),
          ),
    );
  }

  r.delete(
    '/subscriptions/:entity/:entityId',
    { schema: { tags, summary: 'Unsubscribe', params: Params, response: { 200: Message } } },
    async (request) => {
      await ctx.subscriptions.unsubscribe(
        requireUser(request, 'forbidden').userId,
        request.params.entity,
        request.params.entityId,
      );
      return { message: 'Successfully deleted.' };
    },
  );
}
