/**
 * The generic CSV import in Vikunja's three steps: `detect` answers a file's columns, delimiter,
 * quote character, date layout, a suggested mapping and its first rows; `preview` answers the first
 * tasks a configuration would make (and every bad cell of the file); `migrate` starts the import
 * by that configuration, run as a background job by the migration service like every file import.
 * Importing into an existing project needs the right to write to it, and to each of its child
 * projects the file's project column names (to-plan.ts).
 */
import { CSV_DATE_FIELDS, isValidTimeZone, Right, suggestCsvDateLayout, suggestCsvMapping } from '@ordo/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { fail } from '../../../http/api-error.js';
import type { UserPrincipal } from '../../../http/principal.js';
import type { ProjectsService } from '../../projects/service.js';
import type { RightsService } from '../../rights/service.js';
import type { MigrationService, SerializedMigrationStatus } from '../service.js';
import { type CsvConfig, columnTargets, parseCsvConfig, parseCsvReading } from './config.js';
import { csvImporter } from './importer.js';
import { type CsvTable, readCsvTable } from './read-csv.js';
import { knownTarget } from './target-repo.js';
import { type BadCell, type CsvImportOptions, type CsvValues, readCsvRow } from './to-plan.js';

/** Rows `detect` shows and tasks `preview` shows, as in Vikunja. */
const FIRST_ROWS = 5;
/** Rows whose dates the layout suggestion looks at. */
const DATE_SAMPLE_ROWS = 500;
/** Bad cells `preview` lists. */
const ERRORS_LISTED = 20;

interface ColumnMapping {
  column_index: number;
  column_name: string;
  attribute: string;
}

export interface CsvDetection {
  columns: string[];
  delimiter: string;
  quote_char: string;
  date_format: string;
  suggested_mapping: ColumnMapping[];
  preview_rows: string[][];
  /** Ordo's: the data rows, and whether the dates fit other layouts too (03/01/2024). */
  total_rows: number;
  date_format_ambiguous: boolean;
}

interface PreviewTask {
  title: string;
  description: string;
  due_date?: string;
  start_date?: string;
  end_date?: string;
  done: boolean;
  priority: number;
  labels?: string[];
  project?: string;
  reminder?: string;
  done_at?: string;
  percent_done?: number;
  bucket?: string;
}

export interface CsvPreview {
  tasks: PreviewTask[];
  total_rows: number;
  error_count: number;
  errors: string[];
  /** Ordo's: the bad cells with their line and column. */
  bad_cells: BadCell[];
}

const badCellText = (cell: BadCell) => `Line ${cell.line}, column "${cell.column}": ${cell.message}.`;

function previewTask(values: CsvValues): PreviewTask {
  const task: PreviewTask = {
    title: values.title as string,
    description: (values.description as string | undefined) ?? '',
    done: (values.done as boolean | undefined) ?? false,
    priority: (values.priority as number | undefined) ?? 0,
  };
  for (const key of ['due_date', 'start_date', 'end_date', 'reminder', 'done_at'] as const) {
    const date = values[key] as string | null | undefined;
    if (date) task[key] = date;
  }
  const labels = values.labels as string[] | undefined;
  if (labels && labels.length > 0) task.labels = labels;
  if (values.project) task.project = values.project as string;
  if (values.bucket) task.bucket = values.bucket as string;
  if (values.percent_done !== undefined) task.percent_done = values.percent_done as number;
  return task;
}

export class CsvImportService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly projects: ProjectsService,
    private readonly rights: RightsService,
    private readonly migration: MigrationService,
  ) {}

  detect(bytes: Buffer, configField: string | undefined): CsvDetection {
    const reading = parseCsvReading(configField);
    if (bytes.length === 0) throw fail('importFileIsEmpty');
    const table = readCsvTable(bytes, reading);
    const suggested = suggestCsvMapping(table.header);
    const dateCells = table.rows
      .slice(0, DATE_SAMPLE_ROWS)
      .flatMap((row) =>
        suggested.flatMap((field, i) =>
          CSV_DATE_FIELDS.includes(field as never) ? [row.cells[i] ?? ''] : [],
        ),
      );
    const { layout, ambiguous } = suggestCsvDateLayout(dateCells);
    return {
      columns: table.header,
      delimiter: table.delimiter,
      quote_char: table.quoteChar,
      date_format: layout,
      suggested_mapping: table.header.map((name, i) => ({
        column_index: i,
        column_name: name,
        attribute: suggested[i] ?? 'ignore',
      })),
      preview_rows: table.rows
        .slice(0, FIRST_ROWS)
        .map((row) => table.header.map((_, i) => row.cells[i] ?? '')),
      total_rows: table.rows.length,
      date_format_ambiguous: ambiguous,
    };
  }

  /**
   * The first tasks the configuration makes, and the bad cells of the whole file (Vikunja looks
   * only at the first five rows, so a file it previews cleanly can still fail on line 6).
   */
  preview(user: UserPrincipal, bytes: Buffer, configField: string | undefined): CsvPreview {
    const config = parseCsvConfig(configField);
    if (bytes.length === 0) throw fail('importFileIsEmpty');
    const { table, options } = this.read(user, bytes, config);
    const tasks: PreviewTask[] = [];
    const bad: BadCell[] = [];
    let errorCount = 0;
    for (const [i, row] of table.rows.entries()) {
      const values = readCsvRow(row, table, options);
      if ('message' in values) {
        errorCount += 1;
        if (bad.length < ERRORS_LISTED) bad.push(values as BadCell);
      } else if (i < FIRST_ROWS) {
        tasks.push(previewTask(values));
      }
    }
    return {
      tasks,
      total_rows: table.rows.length,
      error_count: errorCount,
      errors: bad.map(badCellText),
      bad_cells: bad,
    };
  }

  async start(
    user: UserPrincipal,
    bytes: Buffer,
    configField: string | undefined,
  ): Promise<SerializedMigrationStatus> {
    const config = parseCsvConfig(configField);
    if (bytes.length === 0) throw fail('importFileIsEmpty');
    const { options } = this.read(user, bytes, config);
    if (config.projectId > 0) {
      const { project, right } = await this.projects.read(user.userId, config.projectId);
      if (right < Right.write) throw fail('forbidden');
      if (project.is_archived) throw fail('projectIsArchived');
      options.known = await knownTarget(this.db, config.projectId, (ids) =>
        this.rights.projectRights(user.userId, ids),
      );
    }
    return this.migration.start(user.userId, csvImporter(options, config.read), bytes);
  }

  private read(
    user: UserPrincipal,
    bytes: Buffer,
    config: CsvConfig,
  ): { table: CsvTable; options: CsvImportOptions } {
    const table = readCsvTable(bytes, config.read);
    const timeZone = isValidTimeZone(user.user.timezone) ? user.user.timezone : 'UTC';
    const options: CsvImportOptions = {
      columns: columnTargets(config, table.header.length),
      dateLayout: config.dateLayout,
      timeZone,
      projectId: config.projectId,
      projectTitle: config.projectTitle,
    };
    return { table, options };
  }
}
