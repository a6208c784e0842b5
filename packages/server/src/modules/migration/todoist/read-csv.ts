/**
 * A Todoist project exported as CSV (the project's menu → Export as a template), in the layout
 * Todoist documents for its CSV import: a column row TYPE, CONTENT, DESCRIPTION, PRIORITY,
 * INDENT, AUTHOR, RESPONSIBLE, DATE, DATE_LANG, TIMEZONE (newer exports add DURATION,
 * DURATION_UNIT, DEADLINE and DEADLINE_LANG), then one row per task, section or note, blank rows between sections. Rows of
 * type `meta` carry the project's view settings and are passed over.
 *
 * The file is checked whole before anything is written: a missing column, a row of an unknown
 * type, a task without a name, a priority or indent that is no number of the documented range
 * each refuse the file with 30059 naming the line and the column.
 */
import { parse } from 'csv-parse/sync';
import { fail } from '../../../http/api-error.js';

export interface TodoistRow {
  /** The line of the file the row starts on, for errors. */
  line: number;
  type: 'task' | 'section' | 'note';
  content: string;
  description: string;
  /**
   * 1 (p1, the highest) to 4 (p4, no priority), as Todoist's app names them and its CSV writes
   * them (its API counts the other way round); an empty cell is p1, as Todoist's CSV import reads it.
   */
  priority: number;
  indent: number;
  responsible: string;
  date: string;
  dateLang: string;
  timezone: string;
  duration: string;
  durationUnit: string;
  deadline: string;
  deadlineLang: string;
}

const REQUIRED = ['TYPE', 'CONTENT', 'PRIORITY', 'INDENT'] as const;
const TYPES = new Set(['task', 'section', 'note']);

function invalid(line: number, reason: string) {
  return fail('importInvalidFile', [`line ${line}: ${reason}`], { line });
}

export function readTodoistCsv(bytes: Buffer): TodoistRow[] {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (text.trim() === '') throw fail('importFileIsEmpty');
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, { relax_column_count: true, skip_empty_lines: true, info: true }) as unknown as {
      record: string[];
      info: { lines: number };
    }[];
  } catch (error) {
    const quoteAt = openQuoteLine(text);
    if (quoteAt) throw invalid(quoteAt, 'the CSV is malformed: a quote opened here is never closed');
    const line = (error as { lines?: number }).lines;
    throw line ? invalid(line, 'the CSV is malformed') : fail('importNotACsvFile');
  }
  const header = (records[0]?.record ?? []).map((c) => c.trim().toUpperCase());
  if (!header.includes('TYPE') && !header.includes('CONTENT')) throw fail('importNotACsvFile');
  const missing = REQUIRED.filter((column) => !header.includes(column));
  if (missing.length > 0) throw invalid(1, `the column ${missing.join(', ')} is missing`);
  const at = (record: string[], column: string) => {
    const i = header.indexOf(column);
    return i < 0 ? '' : (record[i] ?? '').trim();
  };

  const rows: TodoistRow[] = [];
  for (const { record, info } of records.slice(1)) {
    if (record.every((cell) => cell.trim() === '')) continue;
    const line = info.lines;
    const type = at(record, 'TYPE');
    if (type === 'meta') continue;
    if (!TYPES.has(type)) throw invalid(line, `TYPE must be task, section or note, not "${type}"`);
    const content = at(record, 'CONTENT');
    if (content === '' && type !== 'note') throw invalid(line, `CONTENT is empty; a ${type} needs a name`);
    rows.push({
      line,
      type: type as TodoistRow['type'],
      content,
      description: at(record, 'DESCRIPTION'),
      priority: type === 'task' ? numberIn(at(record, 'PRIORITY'), 'PRIORITY', 4, line) : 4,
      indent: type === 'task' ? numberIn(at(record, 'INDENT'), 'INDENT', 99, line) : 1,
      responsible: at(record, 'RESPONSIBLE'),
      date: at(record, 'DATE'),
      dateLang: at(record, 'DATE_LANG'),
      timezone: at(record, 'TIMEZONE'),
      duration: at(record, 'DURATION'),
      durationUnit: at(record, 'DURATION_UNIT'),
      deadline: at(record, 'DEADLINE'),
      deadlineLang: at(record, 'DEADLINE_LANG'),
    });
  }
  if (!rows.some((row) => row.type === 'task')) throw fail('importFileIsEmpty');
  return rows;
}

/** A whole number from 1 to `max`; empty means 1 (p1, as Todoist's CSV import reads it; not indented). */
function numberIn(value: string, column: string, max: number, line: number): number {
  if (value === '') return 1;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max) {
    throw invalid(line, `${column} must be a whole number from 1 to ${max}, not "${value}"`);
  }
  return n;
}

/**
 * The line where a quoted cell starts that never ends (csv-parse reports the end of the file,
 * which does not help the user find it), or 0 when every quote is closed.
 */
function openQuoteLine(text: string): number {
  let line = 1;
  let openedAt = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') line++;
    else if (c === '"') {
      if (openedAt && text[i + 1] === '"') i++;
      else openedAt = openedAt ? 0 : line;
    }
  }
  return openedAt;
}
