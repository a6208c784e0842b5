/** /notifications routes (reference §2.12). Link shares have no notifications: 403. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { requireUser } from '../../http/authenticate.js';
import { parsePage, setPaginationHeaders } from '../../http/pagination.js';
import { Message } from '../../http/schemas.js';
import type { NotificationsService } from './service.js';

/** What these routes use, given by the composition root (context.ts). */
export interface NotificationRoutesDeps {
  config: Config;
  notifications: NotificationsService;
}

const Params = Type.Object({ id: Type.Integer() });
const MarkBody = Type.Object({ read: Type.Optional(Type.Boolean()) });

export function notificationRoutes(app: FastifyInstance, ctx: NotificationRoutesDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['notifications'];

  r.get(
    '/notifications',
    { schema: { tags, summary: 'Own notifications, newest first' } },
    async (request, reply) => {
      const page = parsePage(request.query as Record<string, unknown>, ctx.config.maxItemsPerPage);
      const { notifications, total } = await ctx.notifications.list(
        requireUser(request, 'forbidden').userId,
        page,
      );
      setPaginationHeaders(reply, page, notifications.length, total);
      return notifications;
    },
  );

  r.post(
    '/notifications',
    { schema: { tags, summary: 'Mark all notifications read', response: { 200: Message } } },
    async (request) => {
      await ctx.notifications.markAllRead(requireUser(request, 'forbidden').userId);
      return { message: 'success' };
    },
  );

  r.post(
    '/notifications/:id',
    { schema: { tags, summary: 'Mark one notification read or unread', params: Params, body: MarkBody } },
    async (request) =>
      ctx.notifications.mark(
        requireUser(request, 'forbidden').userId,
        request.params.id,
        request.body?.read === true,
      ),
  );
}
