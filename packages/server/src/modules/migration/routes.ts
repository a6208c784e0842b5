/**
 * /migration routes (reference §2.16), for each of FILE_IMPORTERS: `PUT /migration/{name}/migrate`
 * checks the multipart field `import` and starts writing it in the background (answering the job's status);
 * `GET /migration/{name}/status` tells the last run, with its progress; `POST
 * /migration/{name}/cancel` stops the one running. Users only (link shares get 1023). Multipart
 * parsing is registered in this plugin's scope only.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { httpError } from '../../http/api-error.js';
import { requireUser } from '../../http/authenticate.js';
import { firstFileIn } from '../../http/uploaded-file.js';
import { type CsvImportRoutesDeps, csvImportRoutes } from './csv/routes.js';
import { FILE_IMPORTERS } from './service.js';

/** What these routes use, given by the composition root (context.ts). */
export interface MigrationRoutesDeps extends CsvImportRoutesDeps {}

const STARTED = 'Migration was started successfully.';

export async function migrationRoutes(app: FastifyInstance, ctx: MigrationRoutesDeps): Promise<void> {
  const maxSize = ctx.migration.maxUploadSize;
  await app.register(multipart, { limits: { fileSize: maxSize + 1, files: 1, fields: 10 } });
  const tags = ['migration'];

  csvImportRoutes(app, ctx);
  for (const importer of FILE_IMPORTERS) {
    app.get(
      `/migration/${importer.name}/status`,
      { schema: { tags, summary: `The last ${importer.name} import` } },
      async (request) => ctx.migration.status(requireUser(request).userId, importer.name),
    );

    app.post(
      `/migration/${importer.name}/cancel`,
      { schema: { tags, summary: `Cancel the running ${importer.name} import; it rolls back` } },
      async (request) => ctx.migration.cancel(requireUser(request).userId, importer.name),
    );

    app.put(
      `/migration/${importer.name}/migrate`,
      { schema: { tags, summary: `Import a ${importer.name} file (multipart field "import")` } },
      async (request) => {
        const { userId } = requireUser(request);
        if (!request.isMultipart()) throw notMultipart();
        const file = await firstFileIn(request, 'import', maxSize);
        if (!file) throw notMultipart();
        const status = await ctx.migration.start(userId, importer, file.bytes, file.filename);
        return { message: STARTED, ...status };
      },
    );
  }
}

function notMultipart() {
  return httpError(400, 'Please send the file as multipart/form-data in the field "import".');
}
