/**
 * Project background routes (reference §2.4). Registered only when backgrounds are on
 * (`ORDO_BACKGROUNDS`), so they answer 404 otherwise. Multipart parsing is registered in this
 * plugin's scope only.
 */
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { requirePrincipal } from '../../http/authenticate.js';
import { firstFileIn } from '../../http/uploaded-file.js';
import { notMultipart } from '../attachments/service.js';
import { ProjectParams, sendMaxRight } from '../projects/routes.js';
import type { ProjectsService } from '../projects/service.js';
import type { BackgroundsService } from './service.js';

/** What these routes use, given by the composition root (context.ts). */
export interface BackgroundRoutesDeps {
  config: Config;
  projects: ProjectsService;
  backgrounds: BackgroundsService;
}

export async function backgroundRoutes(app: FastifyInstance, ctx: BackgroundRoutesDeps): Promise<void> {
  // One byte over the limit is enough to know a file is too large (4013).
  await app.register(multipart, { limits: { fileSize: ctx.config.maxFileSize + 1, files: 1, fields: 10 } });
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['projects'];

  // Vikunja uploads with PUT; a client posting works the same.
  for (const method of ['PUT', 'POST'] as const) {
    r.route({
      method,
      url: '/projects/:id/backgrounds/upload',
      schema: {
        tags,
        summary: 'Upload a background image (multipart field "background")',
        params: ProjectParams,
      },
      handler: async (request, reply) => {
        const userId = requirePrincipal(request).userId;
        if (!request.isMultipart()) throw notMultipart();
        await ctx.backgrounds.demandWrite(userId, request.params.id);
        const file = await firstFileIn(request, 'background', ctx.config.maxFileSize);
        if (!file) throw notMultipart();
        await ctx.backgrounds.upload(userId, request.params.id, file.filename, file.bytes);
        const { project, right } = await ctx.projects.read(userId, request.params.id);
        sendMaxRight(reply, right);
        return project;
      },
    });
  }

  r.get(
    '/projects/:id/background',
    { schema: { tags, summary: "The project's background image", params: ProjectParams } },
    async (request, reply) => {
      const image = await ctx.backgrounds.image(requirePrincipal(request).userId, request.params.id);
      // The image only changes with a new upload (a new file, a new ETag); the browser may keep it
      // for itself, never in a shared cache, and asks again each time.
      reply
        .header('cache-control', 'private, no-cache')
        .header('etag', image.etag)
        .header('last-modified', new Date(image.file.created).toUTCString())
        .header('x-content-type-options', 'nosniff');
      const match = String(request.headers['if-none-match'] ?? '');
      if (match.split(',').some((tag) => tag.trim() === image.etag)) return reply.status(304).send();
      return reply
        .header('content-type', image.file.mime)
        .header('content-length', String(image.file.size))
        .send(await image.open());
    },
  );

  r.delete(
    '/projects/:id/background',
    { schema: { tags, summary: "Remove the project's background", params: ProjectParams } },
    async (request, reply) => {
      const userId = requirePrincipal(request).userId;
      await ctx.backgrounds.remove(userId, request.params.id);
      const { project, right } = await ctx.projects.read(userId, request.params.id);
      sendMaxRight(reply, right);
      return project;
    },
  );
}
