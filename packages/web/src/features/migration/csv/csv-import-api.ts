/**
 * The generic CSV import's calls: the preview of a file (its columns with a suggested mapping) and
 * the import by the chosen mapping. Status and cancel are those of every importer (migration-api).
 */
import type { CsvColumnTarget, CsvDateFormat } from '@ordo/core';
import { apiFetch } from '../../../api/client';

export const CSV_SERVICE = 'csv';

export interface CsvPreview {
  delimiter: string;
  columns: { header: string; suggested: CsvColumnTarget }[];
  sample: string[][];
  rowCount: number;
  dateFormat: { suggested: CsvDateFormat; ambiguous: boolean };
}

export interface CsvImportChoice {
  columns: CsvColumnTarget[];
  dateFormat: CsvDateFormat;
  /** An existing project, or 0 for a new one called `projectTitle`. */
  projectId: number;
  projectTitle: string;
}

export async function previewCsv(file: File): Promise<CsvPreview> {
  const form = new FormData();
  form.append('import', file);
  const response = await apiFetch(`/migration/${CSV_SERVICE}/preview`, { method: 'POST', body: form });
  const body = (await response.json()) as {
    delimiter: string;
    columns: CsvPreview['columns'];
    sample: string[][];
    row_count: number;
    date_format: CsvPreview['dateFormat'];
  };
  return {
    delimiter: body.delimiter,
    columns: body.columns,
    sample: body.sample,
    rowCount: body.row_count,
    dateFormat: body.date_format,
  };
}

export async function startCsvImport(file: File, choice: CsvImportChoice): Promise<{ id: number }> {
  const form = new FormData();
  form.append(
    'options',
    JSON.stringify({
      columns: choice.columns,
      date_format: choice.dateFormat,
      project_id: choice.projectId,
      project_title: choice.projectTitle,
    }),
  );
  form.append('import', file);
  const response = await apiFetch(`/migration/${CSV_SERVICE}/migrate`, { method: 'PUT', body: form });
  const body = (await response.json()) as { id?: number };
  return { id: body.id ?? 0 };
}
