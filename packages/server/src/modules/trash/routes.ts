/** GET /trash, POST /trash/:id/restore, DELETE /trash/:id: the deleted items a user may bring back. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { IdList, ProjectSchema, TaskSchema, TrashEntrySchema } from '@ordo/core';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { requirePrincipal } from '../../http/authenticate.js';
import { Message } from '../../http/schemas.js';
import type { TrashService } from './service.js';

/** What these routes use, given by the composition root (context.ts). */
export interface TrashRoutesDeps {
  trash: TrashService;
}

const Params = Type.Object({ id: Type.Integer() });

export function trashRoutes(app: FastifyInstance, ctx: TrashRoutesDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['trash'];

  r.get(
    '/trash',
    {
      schema: {
        tags,
        summary: 'Deleted tasks, comments and projects the caller may restore, newest first',
        response: { 200: Type.Array(TrashEntrySchema) },
      },
    },
    async (request) => ctx.trash.list(requirePrincipal(request).userId),
  );

  r.post(
    '/trash/:id/restore',
    {
      schema: {
        tags,
        summary: 'Restore a deleted task, comment or project',
        description:
          'Answers the restored task (for a comment, its task) or the restored project, with its sub-projects back too.',
        params: Params,
        response: { 200: Type.Union([TaskSchema, ProjectSchema]) },
      },
    },
    async (request, reply) => {
      const restored = await ctx.trash.restore(requirePrincipal(request).userId, request.params.id);
      // Serialised by the one schema it has: for the union, the serialiser would first compile a
      // validator of both whole schemas to choose (half a second of CPU on a process's first restore).
      const schema = 'parent_project_id' in restored ? ProjectSchema : TaskSchema;
      return reply.serializer(reply.compileSerializationSchema(schema, '200')).send(restored);
    },
  );

  r.post(
    '/trash/restore',
    {
      schema: {
        tags,
        summary: 'Restore several deleted tasks at once, in one transaction',
        // `trash_ids`, like every id list, is held to the ids' 32-bit range (http/id-range.ts).
        body: Type.Object({ trash_ids: IdList(Type.Integer()) }),
        response: { 200: Message },
      },
    },
    async (request) => {
      await ctx.trash.restoreTasks(requirePrincipal(request).userId, request.body.trash_ids);
      return { message: 'Successfully restored.' };
    },
  );

  r.delete(
    '/trash/:id',
    {
      schema: { tags, summary: 'Delete a trashed item for good', params: Params, response: { 200: Message } },
    },
    async (request) => {
      await ctx.trash.purge(requirePrincipal(request).userId, request.params.id);
      return { message: 'Successfully deleted.' };
    },
  );
}
