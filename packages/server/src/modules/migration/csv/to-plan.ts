/**
 * A generic CSV file's rows as tasks, by the user's column mapping. Every cell is read before
 * anything is written; a cell that does not hold what its column is mapped to refuses the whole
 * file (30090, naming the line and column, the first few in `errors`).
 *
 * The tasks go into the target project (a new one, or an existing one the user may write to). A
 * column mapped to the project puts each row into a child project of that name under the target;
 * one mapped to the bucket puts it into the kanban bucket of that title. Importing into an existing
 * project, a child project of that name already there is used, and rows whose task is there
 * already (same title and due date) are left out, so importing the same file again adds nothing.
 * A row naming a child the user may only read refuses the whole file (403, naming the project and
 * the line), as writing a task there would be refused: nothing of the file is written.
 */
import {
  type CsvColumnTarget,
  type CsvTaskField,
  CsvValueError,
  errorCatalogue,
  readCsvDate,
  readCsvDone,
  readCsvLabels,
  readCsvPercent,
  readCsvPriority,
  readCsvText,
} from '@ordo/core';
import { ApiError, fail } from '../../../http/api-error.js';
import { textToHtml } from '../../caldav/description-text.js';
import { emptyProject, emptyTask, type PlanProject, type PlanTask } from '../plan.js';
import type { CsvRow, CsvTable } from './read-csv.js';
import { type KnownTarget, taskKey } from './target-repo.js';

export interface CsvImportOptions {
  /** One target per column of the header row. */
  columns: CsvColumnTarget[];
  /** The Go time layout of the file's dates (ISO 8601 is always understood too). */
  dateLayout: string;
  /** The user's time zone, for dates without an offset. */
  timeZone: string;
  /** An existing project to import into, or 0 for a new one named `projectTitle`. */
  projectId: number;
  projectTitle: string;
  /** What the existing target holds already: its rows are not written again. */
  known?: KnownTarget;
}

/** Bad cells named in the error's `errors`; the first is its message. */
const ERRORS_LISTED = 20;

export interface BadCell {
  line: number;
  column: string;
  message: string;
}

/** Reads one cell as its field's value; throws CsvValueError saying what it should hold. */
function readCell(field: CsvTaskField, cell: string, options: CsvImportOptions): unknown {
  switch (field) {
    case 'title': {
      const title = readCsvText(cell).trim();
      if (title === '') throw new CsvValueError('the title is empty');
      return title;
    }
    case 'done':
      // An empty cell says nothing; a completion date may still make the task done (readCsvRow).
      return cell.trim() === '' ? undefined : readCsvDone(cell);
    case 'done_at':
    case 'due_date':
    case 'start_date':
    case 'end_date':
    case 'reminder':
      return readCsvDate(cell, options.dateLayout, options.timeZone);
    case 'priority':
      return readCsvPriority(cell);
    case 'percent_done':
      return readCsvPercent(cell);
    case 'labels':
      return readCsvLabels(readCsvText(cell));
    default:
      return readCsvText(cell).trim();
  }
}

export type CsvValues = Partial<Record<CsvTaskField, unknown>>;
type Values = CsvValues;

/**
 * A row's mapped cells read, or the first bad one. Labels of several columns are put together.
 * A completion date makes the task done unless its done cell says it is not: many tools' exports
 * mark a finished task only with the day it was finished (Asana's "Completed At").
 */
export function readCsvRow(row: CsvRow, table: CsvTable, options: CsvImportOptions): Values | BadCell {
  const values: Values = {};
  for (const [i, field] of options.columns.entries()) {
    if (field === 'ignore') continue;
    try {
      const value = readCell(field, row.cells[i] ?? '', options);
      values[field] =
        field === 'labels'
          ? [...new Set([...((values.labels as string[] | undefined) ?? []), ...(value as string[])])]
          : value;
    } catch (error) {
      if (!(error instanceof CsvValueError)) throw error;
      return { line: row.line, column: table.header[i] || `#${i + 1}`, message: error.message };
    }
  }
  if (values.title === undefined) {
    return {
      line: row.line,
      column: table.header[options.columns.indexOf('title')] ?? '',
      message: 'the title is empty',
    };
  }
  if (values.done === undefined && values.done_at) values.done = true;
  return values;
}

function taskOf(values: Values, key: string, description: string): PlanTask {
  const date = (field: CsvTaskField) => (values[field] as string | null | undefined) ?? null;
  const task = emptyTask(key, values.title as string);
  task.description = textToHtml(description);
  task.done = (values.done as boolean | undefined) ?? false;
  task.doneAt = task.done ? date('done_at') : null;
  task.dueDate = date('due_date');
  task.startDate = date('start_date');
  task.endDate = date('end_date');
  task.priority = (values.priority as number | undefined) ?? 0;
  task.percentDone = (values.percent_done as number | undefined) ?? 0;
  const reminder = date('reminder');
  if (reminder) task.reminders = [{ reminder, relativeTo: null, relativePeriod: 0 }];
  task.labels = ((values.labels as string[] | undefined) ?? []).map((title) => ({
    title,
    hexColor: '',
    description: '',
  }));
  return task;
}

/**
 * The answer to a row naming a child project the user may only read: the 403 of a write they may
 * not make (as for a target project they may not write to), its message naming the project.
 */
function readOnlyChild(line: number, child: { id: number; title: string }): ApiError {
  const { status, code } = errorCatalogue.forbidden;
  return new ApiError(
    status,
    code,
    `Line ${line} puts tasks into the project "${child.title}", which you may only read. Nothing was imported.`,
    { line, project_id: child.id, project_title: child.title },
  );
}

export function csvToPlan(table: CsvTable, options: CsvImportOptions): PlanProject {
  const target = emptyProject(options.projectTitle);
  if (options.projectId > 0) target.existingId = options.projectId;
  const children = new Map<string, PlanProject>();
  const bad: BadCell[] = [];
  for (const row of table.rows) {
    const values = readCsvRow(row, table, options);
    if ('message' in values) {
      bad.push(values as BadCell);
      if (bad.length >= ERRORS_LISTED) break;
      continue;
    }
    if (bad.length > 0) continue;
    const description = row.cells[options.columns.indexOf('description')] ?? '';
    const task = taskOf(values, `line-${row.line}`, readCsvText(description));
    const projectName = (values.project as string | undefined) ?? '';
    let project = target;
    if (projectName) {
      project = children.get(projectName.toLowerCase()) ?? emptyProject(projectName);
      if (!children.has(projectName.toLowerCase())) {
        const readOnly = options.known?.readOnly.get(projectName.toLowerCase());
        if (readOnly) throw readOnlyChild(row.line, readOnly);
        const existingId = options.known?.children.get(projectName.toLowerCase());
        if (existingId) project.existingId = existingId;
        children.set(projectName.toLowerCase(), project);
        target.children.push(project);
      }
    }
    // A task the existing project has already (this file imported before) is not made twice.
    const known = project.existingId ? options.known?.tasks.get(project.existingId) : undefined;
    if (known?.has(taskKey(task.title, task.dueDate))) continue;
    const bucketName = (values.bucket as string | undefined) ?? '';
    if (bucketName) {
      const key = bucketName.toLowerCase();
      if (!project.buckets.some((b) => b.key === key))
        project.buckets.push({ key, title: bucketName, limit: 0 });
      task.bucketKey = key;
    }
    project.tasks.push(task);
  }
  if (bad.length > 0) {
    const [first] = bad as [BadCell];
    throw fail('importCsvBadValue', [first.line, first.column, first.message], { errors: bad });
  }
  for (const project of [target, ...children.values()])
    project.defaultBucketKey = project.buckets[0]?.key ?? null;
  return target;
}
