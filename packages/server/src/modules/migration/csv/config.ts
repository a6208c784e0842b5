/**
 * The `config` form field of `PUT /migration/csv/preview` and `/migrate`, as Vikunja's clients
 * send it: `{"delimiter","quote_char","date_format","skip_rows","mapping":[{"column_index",
 * "column_name","attribute"}]}`, with Ordo's `project_id` / `project_title` beside them (an existing
 * project to import into, or the title of the new one). Missing → 14004; unusable → 30091 saying
 * which key is wrong (Vikunja skips a column_index beyond the file and keeps the last of two
 * mappings of one column; here both are refused, since either silently drops a column).
 */
import {
  CSV_DATE_LAYOUTS,
  CSV_DELIMITERS,
  CSV_QUOTE_CHARS,
  type CsvColumnTarget,
  type CsvDelimiter,
  type CsvQuoteChar,
  csvMappingProblem,
} from '@ordo/core';
import { fail } from '../../../http/api-error.js';
import type { CsvReadOptions } from './read-csv.js';

export interface CsvConfig {
  read: CsvReadOptions;
  dateLayout: string;
  mapping: { column_index: number; attribute: string }[];
  projectId: number;
  projectTitle: string;
}

/** The new project's title when the client names none, as Vikunja calls its import's project. */
export const DEFAULT_PROJECT_TITLE = 'Imported from CSV';

const bad = (why: string) => fail('importCsvBadMapping', [why]);

function jsonObject(field: string): Record<string, unknown> {
  let raw: unknown;
  try {
    raw = JSON.parse(field);
  } catch {
    throw bad('the field "config" is not JSON');
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw bad('send the configuration as a JSON object in the field "config"');
  }
  return raw as Record<string, unknown>;
}

/**
 * How to read the file, from a `config` sent to `detect` (Ordo's addition, for a user correcting
 * the delimiter, quote or rows to skip; Vikunja's detect takes the file alone): sniffed without.
 */
export function parseCsvReading(field: string | undefined): CsvReadOptions {
  return field === undefined || field.trim() === '' ? {} : readingOf(jsonObject(field));
}

function readingOf(config: Record<string, unknown>): CsvReadOptions {
  const read: CsvReadOptions = {};
  // An empty or missing delimiter or quote character is sniffed from the file.
  const delimiter = config.delimiter ?? '';
  if (delimiter !== '') {
    if (!CSV_DELIMITERS.includes(delimiter as CsvDelimiter)) {
      throw bad('"delimiter" must be one of "," ";" "|" or a tab');
    }
    read.delimiter = delimiter as CsvDelimiter;
  }
  const quote = config.quote_char ?? '';
  if (quote !== '') {
    if (!CSV_QUOTE_CHARS.includes(quote as CsvQuoteChar)) throw bad('"quote_char" must be " or \'');
    read.quoteChar = quote as CsvQuoteChar;
  }
  const skipRows = config.skip_rows ?? 0;
  if (typeof skipRows !== 'number' || !Number.isSafeInteger(skipRows) || skipRows < 0) {
    throw bad('"skip_rows" must be a whole number from 0');
  }
  read.skipRows = skipRows;
  return read;
}

export function parseCsvConfig(field: string | undefined): CsvConfig {
  if (field === undefined || field.trim() === '') throw fail('importCsvConfigRequired');
  const config = jsonObject(field);
  const read = readingOf(config);
  const layout = config.date_format ?? '';
  if (typeof layout !== 'string' || layout.length > 64) {
    throw bad('"date_format" must be a date layout such as "2006-01-02" or "02.01.2006"');
  }
  const mapping = config.mapping;
  if (
    !Array.isArray(mapping) ||
    !mapping.every(
      (m) =>
        m !== null &&
        typeof m === 'object' &&
        Number.isSafeInteger((m as { column_index?: unknown }).column_index) &&
        ((m as { column_index: number }).column_index ?? -1) >= 0 &&
        typeof (m as { attribute?: unknown }).attribute === 'string',
    )
  ) {
    throw bad('"mapping" must list {"column_index", "attribute"} for the columns');
  }
  const projectId = config.project_id ?? 0;
  if (typeof projectId !== 'number' || !Number.isSafeInteger(projectId) || projectId < 0) {
    throw bad('"project_id" must be a project id, or 0 for a new project');
  }
  const title = typeof config.project_title === 'string' ? config.project_title.trim() : '';
  return {
    read,
    dateLayout: layout === '' ? (CSV_DATE_LAYOUTS[0] as string) : layout,
    mapping: mapping as CsvConfig['mapping'],
    projectId,
    projectTitle: title || DEFAULT_PROJECT_TITLE,
  };
}

/** One target per column of the file's header row, from the mapping. */
export function columnTargets(config: CsvConfig, columnCount: number): CsvColumnTarget[] {
  const columns: CsvColumnTarget[] = Array.from({ length: columnCount }, () => 'ignore');
  const seen = new Set<number>();
  for (const { column_index: index, attribute } of config.mapping) {
    if (index >= columnCount) {
      throw bad(`"column_index" ${index} is not a column of the file, which has ${columnCount}`);
    }
    if (seen.has(index)) throw bad(`column ${index} is mapped twice`);
    seen.add(index);
    columns[index] = attribute as CsvColumnTarget;
  }
  const problem = csvMappingProblem(columns);
  if (problem) throw bad(problem);
  return columns;
}
