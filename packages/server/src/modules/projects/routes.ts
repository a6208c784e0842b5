/** /projects routes (reference §2.4): HTTP only, the rules live in the services. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ProjectBody } from '@ordo/core';
import { type Static, Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../../config.js';
import { requirePrincipal, requireUser } from '../../http/authenticate.js';
import { parsePage, setPaginationHeaders } from '../../http/pagination.js';
import { Message } from '../../http/schemas.js';
import type { ProjectDuplicateService } from './duplicate.js';
import type { ProjectsService } from './service.js';

/** What these routes use, given by the composition root (context.ts). */
export interface ProjectRoutesDeps {
  config: Config;
  projects: ProjectsService;
  projectDuplicates: ProjectDuplicateService;
}

const DuplicateBody = Type.Object({ parent_project_id: Type.Optional(Type.Integer()) });

export const ProjectParams = Type.Object({ id: Type.Integer() });

/** Nulls from clients mean "empty", as Go's binder reads them. */
function projectInput(body: Static<typeof ProjectBody> | undefined) {
  const b = body ?? {};
  return {
    title: b.title ?? undefined,
    description: b.description ?? undefined,
    identifier: b.identifier ?? undefined,
    hex_color: b.hex_color ?? undefined,
    parent_project_id: b.parent_project_id,
    is_archived: b.is_archived,
    is_favorite: b.is_favorite,
    position: b.position,
  };
}

/** Single reads tell the client its right in both header spellings. */
export function sendMaxRight(reply: FastifyReply, right: number): void {
  reply.header('x-max-right', String(right));
  reply.header('x-max-permission', String(right));
}

function queryList(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  return (Array.isArray(value) ? value : [value]).flatMap((v) => String(v).split(','));
}

export function projectRoutes(app: FastifyInstance, ctx: ProjectRoutesDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['projects'];

  r.get(
    '/projects',
    {
      schema: { tags, summary: 'All projects the caller can see, page by page' },
      // Reads only, by the user's id: on PostgreSQL the session check goes with its first reads.
      config: { sessionCheckWithReads: true },
    },
    async (request, reply) => {
      // Link shares list too: the rights resolver shows them their one project.
      const user = requirePrincipal(request);
      const query = request.query as Record<string, unknown>;
      const page = parsePage(query, ctx.config.maxItemsPerPage);
      const expand = queryList(query.expand);
      const { projects, total } = await ctx.projects.list(user.userId, {
        page,
        s: typeof query.s === 'string' ? query.s : undefined,
        isArchived: query.is_archived === 'true' || query.is_archived === '1',
        expandRights: expand.includes('rights') || expand.includes('permissions'),
      });
      setPaginationHeaders(reply, page, projects.length, total);
      return projects;
    },
  );

  r.put(
    '/projects',
    { schema: { tags, summary: 'Create a project', body: ProjectBody } },
    async (request, reply) => {
      const project = await ctx.projects.create(requireUser(request).userId, projectInput(request.body));
      return reply.status(201).send(project);
    },
  );

  r.get(
    '/projects/:id',
    {
      schema: { tags, summary: 'One project', params: ProjectParams },
      config: { sessionCheckWithReads: true },
    },
    async (request, reply) => {
      const { project, right } = await ctx.projects.read(requirePrincipal(request).userId, request.params.id);
      sendMaxRight(reply, right);
      return project;
    },
  );

  r.post(
    '/projects/:id',
    {
      schema: { tags, summary: 'Update a project (full replace)', params: ProjectParams, body: ProjectBody },
    },
    async (request) =>
      ctx.projects.update(requirePrincipal(request).userId, request.params.id, projectInput(request.body)),
  );

  r.delete(
    '/projects/:id',
    {
      schema: {
        tags,
        summary: 'Delete a project, its tasks and all child projects',
        params: ProjectParams,
        response: { 200: Message },
      },
    },
    async (request) => {
      await ctx.projects.delete(requirePrincipal(request).userId, request.params.id);
      return { message: 'Successfully deleted.' };
    },
  );

  // The spec's client posts here; Vikunja's route is PUT. Both duplicate.
  for (const method of ['PUT', 'POST'] as const) {
    r.route({
      method,
      url: '/projects/:id/duplicate',
      schema: {
        tags,
        summary: 'Duplicate a project with its views, buckets, tasks and labels',
        params: ProjectParams,
        body: Type.Optional(DuplicateBody),
      },
      handler: async (request, reply) => {
        const parentId = request.body?.parent_project_id;
        const duplicated = await ctx.projectDuplicates.duplicate(
          requireUser(request).userId,
          request.params.id,
          parentId,
        );
        return reply.status(201).send({
          project_id: request.params.id,
          ...(parentId !== undefined ? { parent_project_id: parentId } : {}),
          duplicated_project: duplicated,
        });
      },
    });
  }
}
