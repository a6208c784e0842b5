/** Task routes (reference §2.6): single tasks and the task lists. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { BulkDeleteBody, BulkTaskBody, TaskBody } from '@ordo/core';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { requirePrincipal } from '../../http/authenticate.js';
import { setPaginationHeaders } from '../../http/pagination.js';
import { LimitedText, Message } from '../../http/schemas.js';
import { userRowRead } from '../../http/session-check-with-reads.js';
import { ProjectParams, sendMaxRight } from '../projects/routes.js';
import type { BulkTaskService } from './bulk.js';
import type { TaskDuplicateService } from './duplicate.js';
import type { TaskListResult, TaskListService } from './list.js';
import { readExpand, readTaskListParams, type TaskListParams } from './list-params.js';
import type { TasksService } from './service.js';
import { readIfMatch } from './version.js';

/** What these routes use, given by the composition root (context.ts). */
export interface TaskRoutesDeps {
  config: Config;
  taskBulk: BulkTaskService;
  taskDuplicates: TaskDuplicateService;
  taskLists: TaskListService;
  tasks: TasksService;
}

const TaskParams = Type.Object({ id: Type.Integer() });
/** The project by id or identifier (`:id` as the other project routes name it), the task's index. */
const IndexParams = Type.Object({ id: LimitedText('short'), index: Type.Integer() });
const ViewParams = Type.Object({ id: Type.Integer(), view: Type.Integer() });

/**
 * The list's query; `filter_timezone` defaults to the caller's own time zone, read from the user
 * row the session check loaded (a link share has none: UTC), which saves the service a query.
 */
function listParams(ctx: TaskRoutesDeps, request: FastifyRequest): TaskListParams {
  const params = readTaskListParams(request.query as Record<string, unknown>, ctx.config.maxItemsPerPage);
  if (params.filterTimezone) return params;
  const principal = requirePrincipal(request);
  if (principal.kind !== 'user') return { ...params, filterTimezone: 'UTC' };
  // With the session check still on its way (session-check-with-reads.ts) the row is not here:
  // the service reads the time zone itself, if a filter of the list has dates.
  if (!userRowRead(principal)) return params;
  return { ...params, filterTimezone: principal.user.timezone || 'UTC' };
}

function sendList(reply: FastifyReply, params: TaskListParams, result: TaskListResult) {
  if (result.kind === 'buckets') {
    setPaginationHeaders(reply, params.page, result.buckets.length, result.buckets.length);
    return result.buckets;
  }
  setPaginationHeaders(reply, params.page, result.tasks.length, result.total);
  return result.tasks;
}

/**
 * Task lists and a task's read write nothing, and read the user's row only once the session check
 * answered (listParams): on PostgreSQL the check goes with their first reads.
 */
const readsWithSessionCheck = { sessionCheckWithReads: true };

export function taskRoutes(app: FastifyInstance, ctx: TaskRoutesDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['tasks'];

  for (const url of ['/tasks/all', '/tasks']) {
    r.get(
      url,
      { schema: { tags, summary: 'Every task the caller can see' }, config: readsWithSessionCheck },
      async (request, reply) => {
        const params = listParams(ctx, request);
        return sendList(reply, params, await ctx.taskLists.all(requirePrincipal(request).userId, params));
      },
    );
  }

  r.get(
    '/projects/:id/tasks',
    { schema: { tags, summary: "A project's tasks", params: ProjectParams }, config: readsWithSessionCheck },
    async (request, reply) => {
      const params = listParams(ctx, request);
      return sendList(
        reply,
        params,
        await ctx.taskLists.ofProject(requirePrincipal(request).userId, request.params.id, params),
      );
    },
  );

  r.get(
    '/projects/:id/views/:view/tasks',
    {
      schema: { tags, summary: 'Tasks through a view (buckets for kanban views)', params: ViewParams },
      config: readsWithSessionCheck,
    },
    async (request, reply) => {
      const params = listParams(ctx, request);
      const { id, view } = request.params;
      return sendList(
        reply,
        params,
        await ctx.taskLists.ofView(requirePrincipal(request).userId, id, view, params),
      );
    },
  );

  // Vikunja creates with PUT; the spec's client may also POST.
  for (const method of ['PUT', 'POST'] as const) {
    r.route({
      method,
      url: '/projects/:id/tasks',
      schema: { tags, summary: 'Create a task', params: ProjectParams, body: TaskBody },
      handler: async (request, reply) =>
        reply
          .status(201)
          .send(
            await ctx.tasks.create(requirePrincipal(request).userId, request.params.id, request.body ?? {}),
          ),
    });
  }

  r.get(
    '/tasks/:id',
    { schema: { tags, summary: 'One task', params: TaskParams }, config: readsWithSessionCheck },
    async (request, reply) => {
      const expand = readExpand(request.query as Record<string, unknown>);
      const { task, right, version } = await ctx.tasks.read(
        requirePrincipal(request).userId,
        request.params.id,
        expand,
      );
      sendMaxRight(reply, right);
      reply.header('etag', version);
      return task;
    },
  );

  r.get(
    '/projects/:id/tasks/by-index/:index',
    {
      schema: {
        tags,
        summary: 'One task by its index in a project (the project by id or identifier)',
        params: IndexParams,
      },
    },
    async (request, reply) => {
      const expand = readExpand(request.query as Record<string, unknown>);
      const { task, right, version } = await ctx.tasks.readByIndex(
        requirePrincipal(request).userId,
        request.params.id,
        request.params.index,
        expand,
      );
      sendMaxRight(reply, right);
      reply.header('etag', version);
      return task;
    },
  );

  r.post(
    '/tasks/:id',
    {
      schema: {
        tags,
        summary:
          'Update a task (full replace); with If-Match only while the task is at that version (else 412, 30070)',
        params: TaskParams,
        body: TaskBody,
      },
    },
    async (request, reply) => {
      const { task, version } = await ctx.tasks.update(
        requirePrincipal(request).userId,
        request.params.id,
        request.body ?? {},
        readIfMatch(request.headers['if-match']),
      );
      reply.header('etag', version);
      return task;
    },
  );

  r.post(
    '/tasks/bulk',
    {
      schema: { tags, summary: 'Update many tasks of one project with the same values', body: BulkTaskBody },
    },
    async (request) => ctx.taskBulk.update(requirePrincipal(request).userId, request.body),
  );

  // Ordo only. A static path: the router prefers it to the `/tasks/:id/…` routes.
  r.post(
    '/tasks/bulk/delete',
    {
      schema: {
        tags,
        summary: 'Delete many tasks of one project in one transaction (Ordo only)',
        body: BulkDeleteBody,
        response: { 200: Message },
      },
    },
    async (request) => {
      await ctx.taskBulk.delete(requirePrincipal(request).userId, request.body.task_ids);
      return { message: 'Successfully deleted.' };
    },
  );

  r.put(
    '/tasks/:id/duplicate',
    { schema: { tags, summary: 'Duplicate a task', params: TaskParams } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await ctx.taskDuplicates.duplicate(requirePrincipal(request).userId, request.params.id)),
  );

  r.delete(
    '/tasks/:id',
    { schema: { tags, summary: 'Delete a task', params: TaskParams, response: { 200: Message } } },
    async (request) => {
      await ctx.tasks.delete(requirePrincipal(request).userId, request.params.id);
      return { message: 'Successfully deleted.' };
    },
  );
}
