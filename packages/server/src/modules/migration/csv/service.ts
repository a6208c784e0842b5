/**
 * The generic CSV import: a preview of an uploaded file (its header row, the first rows, a
 * suggested mapping and date format), then the import by the mapping the user chose, run as a
 * background job by the migration service like every file import. Importing into an existing
 * project needs the right to write to it.
 */
import {
  CSV_DATE_FIELDS,
  CSV_DATE_FORMATS,
  type CsvColumnTarget,
  type CsvDateFormat,
  type CsvDelimiter,
  csvMappingProblem,
  isValidTimeZone,
  Right,
  suggestCsvDateFormat,
  suggestCsvMapping,
} from '@ordo/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { fail } from '../../../http/api-error.js';
import type { UserPrincipal } from '../../../http/principal.js';
import type { ProjectsService } from '../../projects/service.js';
import type { MigrationService, SerializedMigrationStatus } from '../service.js';
import { csvImporter } from './importer.js';
import { readCsvTable } from './read-csv.js';
import { knownTarget } from './target-repo.js';

/** Rows the preview shows. */
const SAMPLE_ROWS = 5;
/** Rows whose dates the date-format suggestion looks at. */
const DATE_SAMPLE_ROWS = 500;

export interface CsvPreview {
  delimiter: CsvDelimiter;
  /** One per column of the header row. */
  columns: { header: string; suggested: CsvColumnTarget }[];
  sample: string[][];
  row_count: number;
  date_format: { suggested: CsvDateFormat; ambiguous: boolean };
}

/** What the client sends as the multipart field `options` (JSON). */
export interface CsvImportRequest {
  columns?: unknown;
  date_format?: unknown;
  project_id?: unknown;
  project_title?: unknown;
}

export class CsvImportService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly projects: ProjectsService,
    private readonly migration: MigrationService,
  ) {}

  preview(bytes: Buffer): CsvPreview {
    if (bytes.length === 0) throw fail('importFileIsEmpty');
    const table = readCsvTable(bytes);
    const suggested = suggestCsvMapping(table.header);
    const dateCells = table.rows
      .slice(0, DATE_SAMPLE_ROWS)
      .flatMap((row) =>
        suggested.flatMap((field, i) =>
          CSV_DATE_FIELDS.includes(field as never) ? [row.cells[i] ?? ''] : [],
        ),
      );
    const { format, ambiguous } = suggestCsvDateFormat(dateCells);
    return {
      delimiter: table.delimiter,
      columns: table.header.map((header, i) => ({ header, suggested: suggested[i] ?? 'ignore' })),
      sample: table.rows.slice(0, SAMPLE_ROWS).map((row) => table.header.map((_, i) => row.cells[i] ?? '')),
      row_count: table.rows.length,
      date_format: { suggested: format, ambiguous },
    };
  }

  async start(
    user: UserPrincipal,
    bytes: Buffer,
    request: CsvImportRequest,
  ): Promise<SerializedMigrationStatus> {
    const columns = request.columns;
    if (!Array.isArray(columns) || !columns.every((c) => typeof c === 'string')) {
      throw fail('importCsvBadMapping', ['"columns" must list a task field or "ignore" for each column']);
    }
    const problem = csvMappingProblem(columns);
    if (problem) throw fail('importCsvBadMapping', [problem]);
    const dateFormat = request.date_format ?? 'iso';
    if (!CSV_DATE_FORMATS.includes(dateFormat as CsvDateFormat)) {
      throw fail('importCsvBadMapping', [`"date_format" must be one of ${CSV_DATE_FORMATS.join(', ')}`]);
    }
    const projectId = request.project_id ?? 0;
    if (typeof projectId !== 'number' || !Number.isSafeInteger(projectId) || projectId < 0) {
      throw fail('importCsvBadMapping', ['"project_id" must be a project id, or 0 for a new project']);
    }
    const projectTitle = typeof request.project_title === 'string' ? request.project_title.trim() : '';
    if (projectId === 0 && projectTitle === '') {
      throw fail('importCsvBadMapping', ['a new project needs a title ("project_title")']);
    }
    if (projectId > 0) {
      const { project, right } = await this.projects.read(user.userId, projectId);
      if (right < Right.write) throw fail('forbidden');
      if (project.is_archived) throw fail('projectIsArchived');
    }
    const timeZone = isValidTimeZone(user.user.timezone) ? user.user.timezone : 'UTC';
    const importer = csvImporter({
      columns: columns as CsvColumnTarget[],
      dateFormat: dateFormat as CsvDateFormat,
      timeZone,
      projectId,
      projectTitle,
      ...(projectId > 0 ? { known: await knownTarget(this.db, projectId) } : {}),
    });
    return this.migration.start(user.userId, importer, bytes);
  }
}
