/** /projects/:id/views/:view/buckets routes (reference §2.5): bucket CRUD and moving a task. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { BucketBody } from '@ordo/core';
import { type Static, Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { requirePrincipal } from '../../http/authenticate.js';
import { Message } from '../../http/schemas.js';
import type { BucketsService } from './service.js';
import type { TaskMovesService } from './task-moves.js';

/** What these routes use, given by the composition root (context.ts). */
export interface BucketRoutesDeps {
  buckets: BucketsService;
  taskMoves: TaskMovesService;
}

const MoveBody = Type.Object({ task_id: Type.Optional(Type.Integer()) });

const ViewParams = Type.Object({ id: Type.Integer(), view: Type.Integer() });
const BucketParams = Type.Object({ id: Type.Integer(), view: Type.Integer(), bucket: Type.Integer() });

function bucketInput(body: Static<typeof BucketBody> | undefined) {
  return body ?? {};
}

export function bucketRoutes(app: FastifyInstance, ctx: BucketRoutesDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['buckets'];

  r.get(
    '/projects/:id/views/:view/buckets',
    { schema: { tags, summary: "A kanban view's buckets (without tasks)", params: ViewParams } },
    async (request) =>
      ctx.buckets.list(requirePrincipal(request).userId, request.params.id, request.params.view),
  );

  r.put(
    '/projects/:id/views/:view/buckets',
    { schema: { tags, summary: 'Create a bucket', params: ViewParams, body: BucketBody } },
    async (request, reply) => {
      const { id, view } = request.params;
      const created = await ctx.buckets.create(
        requirePrincipal(request).userId,
        id,
        view,
        bucketInput(request.body),
      );
      return reply.status(201).send(created);
    },
  );

  r.post(
    '/projects/:id/views/:view/buckets/:bucket',
    {
      schema: {
        tags,
        summary: 'Update a bucket (title, limit, position)',
        params: BucketParams,
        body: BucketBody,
      },
    },
    async (request) => {
      const { id, view, bucket } = request.params;
      return ctx.buckets.update(
        requirePrincipal(request).userId,
        id,
        view,
        bucket,
        bucketInput(request.body),
      );
    },
  );

  r.delete(
    '/projects/:id/views/:view/buckets/:bucket',
    {
      schema: {
        tags,
        summary: 'Delete a bucket; its tasks move to the default bucket',
        params: BucketParams,
        response: { 200: Message },
      },
    },
    async (request) => {
      const { id, view, bucket } = request.params;
      await ctx.buckets.delete(requirePrincipal(request).userId, id, view, bucket);
      return { message: 'Successfully deleted.' };
    },
  );

  r.post(
    '/projects/:id/views/:view/buckets/:bucket/tasks',
    { schema: { tags, summary: 'Move a task into a bucket', params: BucketParams, body: MoveBody } },
    async (request) => {
      const { id, view, bucket } = request.params;
      // A missing task id looks up task 0, which does not exist (4002).
      const taskId = request.body?.task_id ?? 0;
      return ctx.taskMoves.move(requirePrincipal(request).userId, id, view, bucket, taskId);
    },
  );
}
