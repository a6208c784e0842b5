/** /labels and /tasks/:id/labels routes (reference §2.7, §2.8). */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { LabelBody } from '@ordo/core';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { requirePrincipal, requireUser } from '../../http/authenticate.js';
import { parsePage, setPaginationHeaders } from '../../http/pagination.js';
import { IdList, Message } from '../../http/schemas.js';
import { sendMaxRight } from '../projects/routes.js';
import type { LabelsService } from './service.js';
import type { TaskLabelsService } from './task-labels.js';

/** What these routes use, given by the composition root (context.ts). */
export interface LabelRoutesDeps {
  config: Config;
  labels: LabelsService;
  taskLabels: TaskLabelsService;
}

const LabelParams = Type.Object({ id: Type.Integer() });
const TaskParams = Type.Object({ id: Type.Integer() });
const TaskLabelParams = Type.Object({ id: Type.Integer(), label: Type.Integer() });
const TaskLabelBody = Type.Object({ label_id: Type.Integer() });
const BulkBody = Type.Object({
  labels: Type.Union([IdList(Type.Object({ id: Type.Integer() })), Type.Null()]),
});

function searchOf(query: unknown): string {
  const s = (query as Record<string, unknown>).s;
  return typeof s === 'string' ? s.trim() : '';
}

/** Creating, editing and deleting labels is for users; link shares read and attach by their right. */
export function labelRoutes(app: FastifyInstance, ctx: LabelRoutesDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['labels'];

  r.get(
    '/labels',
    { schema: { tags, summary: 'Labels the caller may use, page by page' } },
    async (request, reply) => {
      const page = parsePage(request.query as Record<string, unknown>, ctx.config.maxItemsPerPage);
      const { labels, total } = await ctx.labels.list(
        requirePrincipal(request).userId,
        page,
        searchOf(request.query),
      );
      setPaginationHeaders(reply, page, labels.length, total);
      return labels;
    },
  );

  r.put('/labels', { schema: { tags, summary: 'Create a label', body: LabelBody } }, async (request, reply) =>
    reply.status(201).send(await ctx.labels.create(requireUser(request).userId, request.body ?? {})),
  );

  r.get(
    '/labels/:id',
    { schema: { tags, summary: 'One label', params: LabelParams } },
    async (request, reply) => {
      const { label, right } = await ctx.labels.get(requirePrincipal(request).userId, request.params.id);
      sendMaxRight(reply, right);
      return label;
    },
  );

  r.post(
    '/labels/:id',
    { schema: { tags, summary: 'Update a label (creator only)', params: LabelParams, body: LabelBody } },
    async (request) => ctx.labels.update(requireUser(request).userId, request.params.id, request.body ?? {}),
  );

  r.delete(
    '/labels/:id',
    {
      schema: {
        tags,
        summary: 'Delete a label (creator only)',
        params: LabelParams,
        response: { 200: Message },
      },
    },
    async (request) => {
      await ctx.labels.delete(requireUser(request).userId, request.params.id);
      return { message: 'Successfully deleted.' };
    },
  );

  r.get(
    '/tasks/:id/labels',
    { schema: { tags, summary: 'Labels on a task', params: TaskParams } },
    async (request, reply) => {
      const page = parsePage(request.query as Record<string, unknown>, ctx.config.maxItemsPerPage);
      const { labels, total } = await ctx.taskLabels.list(
        requirePrincipal(request).userId,
        request.params.id,
        page,
        searchOf(request.query),
      );
      setPaginationHeaders(reply, page, labels.length, total);
      return labels;
    },
  );

  // The spec's client posts to add a label; Vikunja's route is PUT. Both attach.
  for (const method of ['PUT', 'POST'] as const) {
    r.route({
      method,
      url: '/tasks/:id/labels',
      schema: { tags, summary: 'Attach a label to a task', params: TaskParams, body: TaskLabelBody },
      handler: async (request, reply) =>
        reply
          .status(201)
          .send(
            await ctx.taskLabels.add(
              requirePrincipal(request).userId,
              request.params.id,
              request.body.label_id,
            ),
          ),
    });
  }

  r.delete(
    '/tasks/:id/labels/:label',
    {
      schema: {
        tags,
        summary: 'Detach a label from a task',
        params: TaskLabelParams,
        response: { 200: Message },
      },
    },
    async (request) => {
      await ctx.taskLabels.remove(requirePrincipal(request).userId, request.params.id, request.params.label);
      return { message: 'Successfully deleted.' };
    },
  );

  r.post(
    '/tasks/:id/labels/bulk',
    { schema: { tags, summary: "Replace all of a task's labels", params: TaskParams, body: BulkBody } },
    async (request, reply) => {
      const ids = (request.body.labels ?? []).map((l) => l.id);
      return reply
        .status(201)
        .send(await ctx.taskLabels.replace(requirePrincipal(request).userId, request.params.id, ids));
    },
  );
}
