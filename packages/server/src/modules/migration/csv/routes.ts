/**
 * The generic CSV import, on Vikunja's wire (reference §2.16): `PUT /migration/csv/detect` takes
 * the file (multipart field `import`) and answers its structure with a suggested mapping;
 * `PUT /migration/csv/preview` and `PUT /migration/csv/migrate` take the file again with the
 * configuration (multipart field `config`, a JSON string; 14004 without it). Ordo's detect also
 * takes a `config` with the delimiter, quote character and rows to skip, to read the file again
 * as the user corrected it. `GET
 * /migration/csv/status` as for every importer, and Ordo's `POST /migration/csv/cancel`. Users only
 * (link shares get 1023). Registered inside the migration routes' scope, which parses multipart.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/database.js';
import { httpError } from '../../../http/api-error.js';
import { requireUser } from '../../../http/authenticate.js';
import { readFilePart } from '../../../http/uploaded-file.js';
import type { ProjectsService } from '../../projects/service.js';
import type { RightsService } from '../../rights/service.js';
import type { MigrationService } from '../service.js';
import { CSV_IMPORTER_NAME } from './importer.js';
import { CsvImportService } from './service.js';

/** What these routes use, given by the composition root (context.ts). */
export interface CsvImportRoutesDeps {
  db: Db;
  projects: ProjectsService;
  rights: RightsService;
  migration: MigrationService;
}

const STARTED = 'Migration was started successfully.';

export function csvImportRoutes(app: FastifyInstance, ctx: CsvImportRoutesDeps): void {
  const service = new CsvImportService(ctx.db.kysely, ctx.projects, ctx.rights, ctx.migration);
  const maxSize = ctx.migration.maxUploadSize;
  const tags = ['migration'];
  const base = `/migration/${CSV_IMPORTER_NAME}`;

  /** The file in `import` and the text fields sent with it, in whichever order. */
  async function readUpload(
    request: FastifyRequest,
  ): Promise<{ bytes: Buffer; fields: Map<string, string> }> {
    if (!request.isMultipart()) throw notMultipart();
    let bytes: Buffer | undefined;
    const fields = new Map<string, string>();
    for await (const part of request.parts()) {
      if (part.type !== 'file') {
        if (typeof part.value === 'string') fields.set(part.fieldname, part.value);
        continue;
      }
      if (part.fieldname !== 'import' || bytes) {
        part.file.resume();
        continue;
      }
      bytes = await readFilePart(part, maxSize);
    }
    if (!bytes) throw notMultipart();
    return { bytes, fields };
  }

  app.get(`${base}/status`, { schema: { tags, summary: 'The last CSV import' } }, async (request) =>
    ctx.migration.status(requireUser(request).userId, CSV_IMPORTER_NAME),
  );

  app.post(
    `${base}/cancel`,
    { schema: { tags, summary: 'Cancel the running CSV import; it rolls back' } },
    async (request) => ctx.migration.cancel(requireUser(request).userId, CSV_IMPORTER_NAME),
  );

  app.put(
    `${base}/detect`,
    {
      schema: {
        tags,
        summary: 'Columns, delimiter, date layout, suggested mapping and first rows of a CSV file',
      },
    },
    async (request) => {
      requireUser(request);
      const { bytes, fields } = await readUpload(request);
      return service.detect(bytes, fields.get('config'));
    },
  );

  app.put(
    `${base}/preview`,
    {
      schema: {
        tags,
        summary:
          'The first 5 tasks a CSV file (field "import") makes by a configuration (field "config", JSON)',
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { bytes, fields } = await readUpload(request);
      return service.preview(user, bytes, fields.get('config'));
    },
  );

  app.put(
    `${base}/migrate`,
    {
      schema: {
        tags,
        summary: 'Import a CSV file (field "import") by a configuration (field "config", JSON)',
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { bytes, fields } = await readUpload(request);
      const status = await service.start(user, bytes, fields.get('config'));
      return { message: STARTED, ...status };
    },
  );
}

function notMultipart() {
  return httpError(400, 'Please send the file as multipart/form-data in the field "import".');
}
