/**
 * `GET /projects/{id}/export?format=ics|csv` (an Ordo addition): the project's tasks as a file to
 * download. Users and link shares with read access.
 */
import { Readable } from 'node:stream';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { requirePrincipal } from '../../http/authenticate.js';
import { CustomFieldsRepo } from '../custom-fields/repo.js';
import type { ProjectsService } from '../projects/service.js';
import type { TaskDetails } from '../tasks/details.js';
import { ProjectExportRepo } from './repo.js';
import { EXPORT_FORMATS, type ExportFormat, ProjectExportService } from './service.js';

/** What these routes use, given by the composition root (context.ts). */
export interface ProjectExportRoutesDeps {
  db: Db;
  projects: ProjectsService;
  taskDetails: TaskDetails;
}

export function projectExportRoutes(app: FastifyInstance, ctx: ProjectExportRoutesDeps): void {
  const service = new ProjectExportService(
    new ProjectExportRepo(ctx.db.kysely),
    ctx.projects,
    ctx.taskDetails,
    async (projectId) =>
      (await new CustomFieldsRepo(ctx.db.kysely).ofProject(projectId)).map(({ id, title }) => ({
        id,
        title,
      })),
  );
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/projects/:id/export',
    {
      schema: {
        tags: ['project'],
        summary: "Download the project's tasks as iCalendar (VTODO) or CSV",
        params: Type.Object({ id: Type.Integer() }),
        querystring: Type.Object({
          format: Type.Unsafe<ExportFormat>({ type: 'string', enum: [...EXPORT_FORMATS], default: 'ics' }),
        }),
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const file = await service.open(principal.userId, request.params.id, request.query.format);
      return reply
        .type(file.contentType)
        .header('content-disposition', attachment(file.fileName))
        .header('cache-control', 'no-store')
        .send(Readable.from(file.chunks));
    },
  );
}

/** The file name as ASCII (for old clients) and in full (RFC 6266 filename*). */
function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
