/**
 * Templates (Ordo's own): save a project or task as a template, list, rename and delete one's
 * templates, and create a project or task from one. Link shares are refused (1023): templates
 * belong to accounts.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ProjectSchema, TaskSchema, TemplateSchema } from '@ordo/core';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../http/authenticate.js';
import { Message } from '../../http/schemas.js';
import type { TemplatesService } from './service.js';

/** What these routes use, given by the composition root (context.ts). */
export interface TemplatesRoutesDeps {
  templates: TemplatesService;
}

const Params = Type.Object({ id: Type.Integer() });
const TitleBody = Type.Object({ title: Type.Optional(Type.String()) });

export function templatesRoutes(app: FastifyInstance, ctx: TemplatesRoutesDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['templates'];

  r.get(
    '/templates',
    {
      schema: {
        tags,
        summary: "The caller's templates, by title",
        response: { 200: Type.Array(TemplateSchema) },
      },
    },
    async (request) => ctx.templates.list(requireUser(request).userId),
  );

  r.get(
    '/templates/:id',
    {
      schema: {
        tags,
        summary: 'One of the caller’s templates',
        params: Params,
        response: { 200: TemplateSchema },
      },
    },
    async (request) => ctx.templates.get(requireUser(request).userId, request.params.id),
  );

  // Saving a project or a task: the same body and answer, a different source.
  for (const [source, summary] of [
    ['projects', 'Save a project (views, buckets, labels, tasks) as a template'],
    ['tasks', 'Save a task (fields, reminders, labels) as a template'],
  ] as const) {
    r.put(
      `/${source}/:id/template`,
      {
        schema: {
          tags,
          summary,
          description: 'Assignees and attachments are not kept. The title defaults to the source’s.',
          params: Params,
          body: Type.Optional(TitleBody),
          response: { 201: TemplateSchema },
        },
      },
      async (request, reply) => {
        const { userId } = requireUser(request);
        const { id } = request.params;
        const title = request.body?.title;
        const template =
          source === 'projects'
            ? await ctx.templates.saveProject(userId, id, title)
            : await ctx.templates.saveTask(userId, id, title);
        return reply.status(201).send(template);
      },
    );
  }

  r.post(
    '/templates/:id',
    {
      schema: {
        tags,
        summary: 'Rename a template',
        params: Params,
        body: TitleBody,
        response: { 200: TemplateSchema },
      },
    },
    async (request) =>
      ctx.templates.rename(requireUser(request).userId, request.params.id, request.body.title),
  );

  r.delete(
    '/templates/:id',
    { schema: { tags, summary: 'Delete a template', params: Params, response: { 200: Message } } },
    async (request) => {
      await ctx.templates.delete(requireUser(request).userId, request.params.id);
      return { message: 'Successfully deleted.' };
    },
  );

  r.put(
    '/templates/:id/project',
    {
      schema: {
        tags,
        summary: 'Create a project from a project template',
        description:
          'Dates move by the whole days since the template was saved. Labels the caller can no longer see are left off.',
        params: Params,
        body: Type.Optional(
          Type.Object({
            title: Type.Optional(Type.String()),
            parent_project_id: Type.Optional(Type.Integer()),
          }),
        ),
        response: { 201: ProjectSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await ctx.templates.createProject(
            requireUser(request).userId,
            request.params.id,
            request.body ?? {},
          ),
        ),
  );

  r.put(
    '/templates/:id/task',
    {
      schema: {
        tags,
        summary: 'Create a task from a task template in a project',
        description: 'Dates move by the whole days since the template was saved.',
        params: Params,
        body: Type.Object({ project_id: Type.Integer() }),
        response: { 201: TaskSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await ctx.templates.createTask(
            requireUser(request).userId,
            request.params.id,
            request.body.project_id,
          ),
        ),
  );
}
