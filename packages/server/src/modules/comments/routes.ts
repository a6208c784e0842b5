/**
 * /tasks/:id/comments routes (reference §2.7). Registered only when task comments are on
 * (`ORDO_TASK_COMMENTS`), so they answer 404 otherwise.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { CommentBody } from '@ordo/core';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { requirePrincipal } from '../../http/authenticate.js';
import { parsePage, setPaginationHeaders } from '../../http/pagination.js';
import { Message } from '../../http/schemas.js';
import type { CommentsService } from './service.js';

/** What these routes use, given by the composition root (context.ts). */
export interface CommentRoutesDeps {
  config: Config;
  comments: CommentsService;
}

const TaskParams = Type.Object({ id: Type.Integer() });
const CommentParams = Type.Object({ id: Type.Integer(), comment: Type.Integer() });

export function commentRoutes(app: FastifyInstance, ctx: CommentRoutesDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['comments'];

  r.get(
    '/tasks/:id/comments',
    { schema: { tags, summary: "A task's comments, oldest first", params: TaskParams } },
    async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const page = parsePage(query, ctx.config.maxItemsPerPage);
      const { comments, total } = await ctx.comments.list(
        requirePrincipal(request).userId,
        request.params.id,
        {
          page,
          search: typeof query.s === 'string' ? query.s.trim() : '',
          newestFirst: String(query.order_by ?? '').toLowerCase() === 'desc',
        },
      );
      setPaginationHeaders(reply, page, comments.length, total);
      return comments;
    },
  );

  r.put(
    '/tasks/:id/comments',
    { schema: { tags, summary: 'Add a comment', params: TaskParams, body: CommentBody } },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await ctx.comments.create(
            requirePrincipal(request).userId,
            request.params.id,
            request.body.comment,
          ),
        ),
  );

  r.get(
    '/tasks/:id/comments/:comment',
    { schema: { tags, summary: 'One comment', params: CommentParams } },
    async (request) =>
      ctx.comments.get(requirePrincipal(request).userId, request.params.id, request.params.comment),
  );

  r.post(
    '/tasks/:id/comments/:comment',
    { schema: { tags, summary: 'Edit a comment (author only)', params: CommentParams, body: CommentBody } },
    async (request) =>
      ctx.comments.update(
        requirePrincipal(request).userId,
        request.params.id,
        request.params.comment,
        request.body.comment,
      ),
  );

  r.delete(
    '/tasks/:id/comments/:comment',
    {
      schema: {
        tags,
        summary: 'Delete a comment (author only)',
        params: CommentParams,
        response: { 200: Message },
      },
    },
    async (request) => {
      await ctx.comments.delete(requirePrincipal(request).userId, request.params.id, request.params.comment);
      return { message: 'Successfully deleted.' };
    },
  );
}
