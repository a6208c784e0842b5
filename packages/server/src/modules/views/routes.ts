/** /projects/:id/views routes (reference §2.5). */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ViewBody } from '@ordo/core';
import { type Static, Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { requirePrincipal } from '../../http/authenticate.js';
import { Message } from '../../http/schemas.js';
import { ProjectParams, sendMaxRight } from '../projects/routes.js';
import type { ViewsService } from './service.js';

/** What these routes use, given by the composition root (context.ts). */
export interface ViewRoutesDeps {
  views: ViewsService;
}

const ViewParams = Type.Object({ id: Type.Integer(), view: Type.Integer() });

/**
 * Vikunja's mobile app writes a view it holds no filter or bucket configuration for as the text
 * "null" (project_view_dto.dart); no filter is ever called that, so it reads as none.
 */
function unlessTextNull(value: unknown): unknown {
  return value === 'null' ? null : value;
}

function viewInput(body: Static<typeof ViewBody> | undefined) {
  const b = body ?? {};
  return {
    ...b,
    filter: unlessTextNull(b.filter),
    bucket_configuration: unlessTextNull(b.bucket_configuration),
    title: b.title ?? undefined,
    view_kind: b.view_kind ?? undefined,
    bucket_configuration_mode: b.bucket_configuration_mode ?? undefined,
  };
}

export function viewRoutes(app: FastifyInstance, ctx: ViewRoutesDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['views'];

  r.get(
    '/projects/:id/views',
    { schema: { tags, summary: 'Views of a project', params: ProjectParams } },
    async (request) => ctx.views.list(requirePrincipal(request).userId, request.params.id),
  );

  r.get(
    '/projects/:id/views/:view',
    { schema: { tags, summary: 'One view', params: ViewParams } },
    async (request, reply) => {
      const { view, right } = await ctx.views.get(
        requirePrincipal(request).userId,
        request.params.id,
        request.params.view,
      );
      sendMaxRight(reply, right);
      return view;
    },
  );

  r.put(
    '/projects/:id/views',
    { schema: { tags, summary: 'Create a view (project admins)', params: ProjectParams, body: ViewBody } },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await ctx.views.create(
            requirePrincipal(request).userId,
            request.params.id,
            viewInput(request.body),
          ),
        ),
  );

  r.post(
    '/projects/:id/views/:view',
    { schema: { tags, summary: 'Update a view (full replace)', params: ViewParams, body: ViewBody } },
    async (request) =>
      ctx.views.update(
        requirePrincipal(request).userId,
        request.params.id,
        request.params.view,
        viewInput(request.body),
      ),
  );

  r.delete(
    '/projects/:id/views/:view',
    { schema: { tags, summary: 'Delete a view', params: ViewParams, response: { 200: Message } } },
    async (request) => {
      await ctx.views.delete(requirePrincipal(request).userId, request.params.id, request.params.view);
      return { message: 'Successfully deleted.' };
    },
  );
}
