/**
 * Reading the cells of a generic CSV file as task values. Each reader answers the value or throws
 * a CsvValueError saying what the cell should have held, so an import can name the line and
 * column of a bad cell and write nothing.
 *
 * Dates: by the Go time layout the user chose (date-layout.ts); ISO 8601 is always understood
 * too (`2024-03-01`, `2024-03-01 09:30`, `2024-03-01T09:30:00Z`), so a project's own export reads
 * back whatever layout is chosen. A time without an offset is the user's wall-clock time; a date
 * without a time is midnight there.
 */
import { instantOfWallTime } from '../../date-math/zoned-time.js';
import { type LayoutDate, layoutForPeople, parseByLayoutFamily } from './date-layout.js';

export class CsvValueError extends Error {}

const ISO =
  /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?)?$/i;

function offsetMinutes(offset: string): number {
  if (offset.toUpperCase() === 'Z') return 0;
  const sign = offset[0] === '-' ? -1 : 1;
  const digits = offset.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)));
}

function readIso(text: string): LayoutDate | null {
  const iso = ISO.exec(text);
  if (!iso) return null;
  const [year, month, day, hour, minute, second] = [1, 2, 3, 4, 5, 6].map((i) => Number(iso[i] ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate())
    return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  return { year, month, day, hour, minute, second, ...(iso[7] ? { offset: offsetMinutes(iso[7]) } : {}) };
}

/** A date cell as an instant in `YYYY-MM-DDTHH:mm:ssZ`, or null when empty. */
export function readCsvDate(cell: string, layout: string, timeZone: string): string | null {
  const text = cell.trim();
  if (text === '') return null;
  const date = parseByLayoutFamily(text, layout) ?? readIso(text);
  if (!date) throw new CsvValueError(`"${text}" is not a date of the form ${layoutForPeople(layout)}`);
  const wall = { ...date, millisecond: 0 };
  const instant =
    date.offset === undefined
      ? instantOfWallTime(wall, timeZone)
      : Date.UTC(date.year, date.month - 1, date.day, date.hour, date.minute, date.second) -
        date.offset * 60_000;
  return new Date(instant).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

const PRIORITY_WORDS: Record<string, number> = {
  none: 0,
  keine: 0,
  low: 1,
  niedrig: 1,
  medium: 2,
  mittel: 2,
  normal: 2,
  high: 3,
  hoch: 3,
  urgent: 4,
  dringend: 4,
  'do now': 5,
  'sofort erledigen': 5,
  sofort: 5,
};

/** Ordo's priority 0 (none) … 5 (do now), as a number or a word. */
export function readCsvPriority(cell: string): number {
  const text = cell.trim().toLowerCase();
  if (text === '') return 0;
  const word = PRIORITY_WORDS[text];
  if (word !== undefined) return word;
  if (/^[0-5]$/.test(text)) return Number(text);
  throw new CsvValueError(
    `"${cell.trim()}" is not a priority (0 to 5, or low, medium, high, urgent, do now)`,
  );
}

const TRUE = new Set([
  '1',
  'true',
  'yes',
  'y',
  'x',
  'ja',
  'j',
  'wahr',
  'done',
  'erledigt',
  'completed',
  '✓',
  '✔',
]);
const FALSE = new Set(['0', 'false', 'no', 'n', 'nein', 'falsch', 'open', 'offen', 'todo', '']);

export function readCsvDone(cell: string): boolean {
  const text = cell.trim().toLowerCase();
  if (TRUE.has(text)) return true;
  if (FALSE.has(text)) return false;
  throw new CsvValueError(`"${cell.trim()}" is neither yes nor no`);
}

/** Percent done, 0–100 with an optional `%`, as Ordo's 0–1. */
export function readCsvPercent(cell: string): number {
  const text = cell.trim().replace(/\s*%$/, '').replace(',', '.');
  if (text === '') return 0;
  const value = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text) || value > 100) {
    throw new CsvValueError(`"${cell.trim()}" is not a percentage from 0 to 100`);
  }
  return Math.round(value) / 100;
}

/** Label titles: separated by commas (or semicolons), each once. */
export function readCsvLabels(cell: string): string[] {
  return [
    ...new Set(
      cell
        .split(/[,;]/)
        .map((t) => t.trim())
        .filter((t) => t !== ''),
    ),
  ];
}

/**
 * A cell as a spreadsheet may show it: text starting with = + - @ (or a tab or carriage return)
 * gets a leading apostrophe, so it is not run as a formula (CSV injection).
 */
export function csvSafeCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** A text cell, with the apostrophe `csvSafeCell` puts before a formula character taken off. */
export function readCsvText(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}
