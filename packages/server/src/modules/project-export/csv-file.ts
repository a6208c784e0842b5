/**
 * A project's tasks as CSV (RFC 4180: comma, CRLF, quoted where needed), with a UTF-8 byte
 * order mark so spreadsheet apps read the text right. The header names are those the generic CSV
 * import suggests a mapping for, so an export imports again as it was. Cells a spreadsheet would
 * run as a formula (= + - @) get a leading apostrophe, which the import takes off again.
 */
import { type CsvTaskField, csvHeaderOf, csvSafeCell, isUnsetDate } from '@ordo/core';
import type { SerializedTask } from '../tasks/serialize.js';

export const CSV_EXPORT_FIELDS: readonly CsvTaskField[] = [
  'title',
  'description',
  'done',
  'done_at',
  'due_date',
  'start_date',
  'end_date',
  'priority',
  'percent_done',
  'labels',
  'bucket',
];

function quoted(cell: string): string {
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

function line(cells: readonly string[]): string {
  return `${cells.map(quoted).join(',')}\r\n`;
}

/** A custom field's column: its title, and how its values read as text. */
export interface CsvCustomColumn {
  id: number;
  title: string;
}

/** The header: the task columns, then one column per custom field, titled by the field's title. */
export function csvHeaderLine(custom: readonly CsvCustomColumn[] = []): string {
  return `\uFEFF${line([...CSV_EXPORT_FIELDS.map(csvHeaderOf), ...custom.map((c) => csvSafeCell(c.title))])}`;
}

/** A custom field value as a cell: choices joined by ", ", a checkbox yes/no, a user by username. */
function customCell(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'object') return String((value as { username?: unknown }).username ?? '');
  return String(value);
}

const date = (value: string) => (isUnsetDate(value) ? '' : value);

/** One task's line; `description` is its text (the HTML's paragraphs as lines). */
export function csvTaskLine(
  task: SerializedTask,
  description: string,
  bucket: string,
  custom: readonly CsvCustomColumn[] = [],
): string {
  const labels = ((task.labels ?? []) as { title: string }[]).map((l) => l.title).join(', ');
  const values: Record<CsvTaskField, string> = {
    title: csvSafeCell(task.title),
    description: csvSafeCell(description),
    done: task.done ? 'yes' : 'no',
    done_at: task.done ? date(task.done_at) : '',
    due_date: date(task.due_date),
    start_date: date(task.start_date),
    end_date: date(task.end_date),
    priority: String(task.priority),
    percent_done: String(Math.round(task.percent_done * 100)),
    labels: csvSafeCell(labels),
    bucket: csvSafeCell(bucket),
    project: '',
    reminder: '',
  };
  return line([
    ...CSV_EXPORT_FIELDS.map((field) => values[field]),
    ...custom.map((c) => csvSafeCell(customCell(task.custom_fields[String(c.id)]))),
  ]);
}
