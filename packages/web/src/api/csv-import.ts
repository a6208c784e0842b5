/**
 * The generic CSV import's calls, on Vikunja's wire: `detect` (a file's structure and a suggested
 * mapping), `preview` (the first tasks a configuration makes) and `migrate` (the import by it).
 * The configuration travels as JSON in the multipart field `config`. Status and cancel are those
 * of every importer (migration.ts).
 */
import type { CsvColumnTarget } from '@ordo/core';
import { apiFetch } from './client';

export const CSV_SERVICE = 'csv';

export interface CsvColumnMapping {
  column_index: number;
  column_name: string;
  attribute: CsvColumnTarget;
}

/** What `detect` answers (Vikunja's DetectionResult, with Ordo's two additions). */
export interface CsvDetection {
  columns: string[];
  delimiter: string;
  quote_char: string;
  date_format: string;
  suggested_mapping: CsvColumnMapping[];
  preview_rows: string[][];
  total_rows: number;
  date_format_ambiguous: boolean;
}

/** How to read the file: what `detect` may be told again when the user corrects it. */
export interface CsvReading {
  delimiter: string;
  quote_char: string;
  skip_rows: number;
}

/** The `config` field of preview and migrate; the project keys are Ordo's. */
export interface CsvImportConfig extends CsvReading {
  date_format: string;
  mapping: CsvColumnMapping[];
  /** An existing project, or 0 for a new one called `project_title`. */
  project_id: number;
  project_title: string;
}

export interface CsvPreviewTask {
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
  bucket?: string;
  percent_done?: number;
}

export interface CsvPreview {
  tasks: CsvPreviewTask[];
  total_rows: number;
  error_count: number;
  errors: string[];
}

function upload(file: File, config?: object): FormData {
  const form = new FormData();
  form.append('import', file);
  if (config) form.append('config', JSON.stringify(config));
  return form;
}

/**
 * The file's structure. Told how to read it (after the user chose another delimiter, quote or
 * rows to skip), Ordo reads it so; Vikunja's own detect takes the file alone.
 */
export async function detectCsv(file: File, reading?: CsvReading): Promise<CsvDetection> {
  const response = await apiFetch(`/migration/${CSV_SERVICE}/detect`, {
    method: 'PUT',
    body: upload(file, reading),
  });
  return (await response.json()) as CsvDetection;
}

export async function previewCsv(file: File, config: CsvImportConfig): Promise<CsvPreview> {
  const response = await apiFetch(`/migration/${CSV_SERVICE}/preview`, {
    method: 'PUT',
    body: upload(file, config),
  });
  return (await response.json()) as CsvPreview;
}

export async function startCsvImport(file: File, config: CsvImportConfig): Promise<{ id: number }> {
  const response = await apiFetch(`/migration/${CSV_SERVICE}/migrate`, {
    method: 'PUT',
    body: upload(file, config),
  });
  const body = (await response.json()) as { id?: number };
  return { id: body.id ?? 0 };
}
