/**
 * A TickTick backup CSV: a few quoted header records (export date, version, a legend of the status
 * values, which spans lines), then the column row ("Folder Name","List Name","Title",…) and one
 * row per task. Answers each task row as a record by column name. Nothing recognisable → 14003;
 * the column row without tasks, or an empty file → 14002.
 */
import { parse } from 'csv-parse/sync';
import { fail } from '../../../http/api-error.js';

const REQUIRED = ['Folder Name', 'List Name', 'Title'];

export function readTickTickCsv(bytes: Buffer): Record<string, string>[] {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (text.trim() === '') throw fail('importFileIsEmpty');
  let records: string[][];
  try {
    records = parse(text, {
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
    });
  } catch {
    throw fail('importNotACsvFile');
  }
  const headerAt = records.findIndex((row) => REQUIRED.every((column) => row.includes(column)));
  if (headerAt < 0) throw fail('importNotACsvFile');
  const header = records[headerAt];
  const rows = records
    .slice(headerAt + 1)
    .filter((row) => row.some((cell) => cell !== ''))
    .map((row) => Object.fromEntries(header.map((column, i) => [column, row[i] ?? ''])));
  if (rows.length === 0) throw fail('importFileIsEmpty');
  return rows;
}
