/**
 * The generic CSV import (an Ordo addition beside reference §2.16's importers):
 * `POST /migration/csv/preview` takes the file (multipart field `import`) and answers its columns
 * with a suggested mapping; `PUT /migration/csv/migrate` takes the file again with the chosen
 * mapping (multipart field `options`, JSON) and starts the import; `GET /migration/csv/status`
 * and `POST /migration/csv/cancel` as for every importer. Users only (link shares get 1023).
 * Registered inside the migration routes' scope, which parses multipart.
 */
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context.js';
import { fail, httpError } from '../../../http/api-error.js';
import { requireUser } from '../../../http/authenticate.js';
import { CSV_IMPORTER_NAME } from './importer.js';
import { type CsvImportRequest, CsvImportService } from './service.js';

const STARTED = 'Migration was started successfully.';

export function csvImportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = new CsvImportService(ctx.db.kysely, ctx.projects, ctx.migration);
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
      bytes = await readFile(part, maxSize);
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

  app.post(
    `${base}/preview`,
    {
      schema: { tags, summary: 'Columns, first rows and a suggested mapping of a CSV file (field "import")' },
    },
    async (request) => {
      requireUser(request);
      const { bytes } = await readUpload(request);
      return service.preview(bytes);
    },
  );

  app.put(
    `${base}/migrate`,
    {
      schema: {
        tags,
        summary: 'Import a CSV file (field "import") by a column mapping (field "options", JSON)',
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { bytes, fields } = await readUpload(request);
      let options: CsvImportRequest;
      try {
        options = JSON.parse(fields.get('options') ?? 'null') as CsvImportRequest;
      } catch {
        throw fail('importCsvBadMapping', ['the field "options" is not JSON']);
      }
      if (options === null || typeof options !== 'object' || Array.isArray(options)) {
        throw fail('importCsvBadMapping', ['send the mapping as JSON in the field "options"']);
      }
      const status = await service.start(user, bytes, options);
      return { message: STARTED, ...status };
    },
  );
}

async function readFile(part: MultipartFile, maxSize: number): Promise<Buffer> {
  const bytes = await part.toBuffer().catch((error: { code?: string }) => {
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw fail('fileTooLarge');
    throw error;
  });
  if (part.file.truncated || bytes.length > maxSize) throw fail('fileTooLarge');
  return bytes;
}

function notMultipart() {
  return httpError(400, 'Please send the file as multipart/form-data in the field "import".');
}
