/** GET /tasks/:id/activity and /projects/:id/activity: a task's or project's history, newest first. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ActivitySchema } from '@ordo/core';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { requirePrincipal } from '../../http/authenticate.js';
import { parsePage, setPaginationHeaders } from '../../http/pagination.js';
import type { ActivityService } from './service.js';

/** What these routes use, given by the composition root (context.ts). */
export interface ActivityRoutesDeps {
  activity: ActivityService;
  config: Config;
}

const Params = Type.Object({ id: Type.Integer() });

export function activityRoutes(app: FastifyInstance, ctx: ActivityRoutesDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['activity'];
  const response = { 200: Type.Array(ActivitySchema) };

  r.get(
    '/tasks/:id/activity',
    { schema: { tags, summary: "A task's changes, newest first", params: Params, response } },
    async (request, reply) => {
      const page = parsePage(request.query as Record<string, unknown>, ctx.config.maxItemsPerPage);
      const { entries, total } = await ctx.activity.ofTask(
        requirePrincipal(request).userId,
        request.params.id,
        page,
      );
      setPaginationHeaders(reply, page, entries.length, total);
      return entries;
    },
  );

  r.get(
    '/projects/:id/activity',
    {
      schema: {
        tags,
        summary: "Changes to a project's tasks, newest first",
        params: Params,
        response,
      },
    },
    async (request, reply) => {
      const page = parsePage(request.query as Record<string, unknown>, ctx.config.maxItemsPerPage);
      const { entries, total } = await ctx.activity.ofProject(
        requirePrincipal(request).userId,
        request.params.id,
        page,
      );
      setPaginationHeaders(reply, page, entries.length, total);
      return entries;
    },
  );
}
