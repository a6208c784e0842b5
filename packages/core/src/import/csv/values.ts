/**
 * Reading the cells of a generic CSV file as task values. Each reader answers the value or throws
 * a CsvValueError saying what the cell should have held, so an import can name the line and
 * column of a bad cell and write nothing.
 *
 * Dates: ISO 8601 is always understood (`2024-03-01`, `2024-03-01 09:30`, `2024-03-01T09:30:00Z`);
 * day-first (`01.03.2024`, `01/03/2024`) or month-first (`03/01/2024`) as the user chose, since
 * `03/01/2024` alone could be either. A time without an offset is the user's wall-clock time; a
 * date without a time is midnight there.
 */
import { instantOfWallTime } from '../../date-math/zoned-time.js';

export class CsvValueError extends Error {}

export type CsvDateFormat = 'iso' | 'dmy' | 'mdy';

export const CSV_DATE_FORMATS: readonly CsvDateFormat[] = ['iso', 'dmy', 'mdy'];

const ISO =
  /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?)?$/i;
const NUMERIC = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})(?:,?\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

const FORMAT_NAMES: Record<CsvDateFormat, string> = {
  iso: 'YYYY-MM-DD',
  dmy: 'DD.MM.YYYY',
  mdy: 'MM/DD/YYYY',
};

function wallTimeValid(y: number, mo: number, d: number, h: number, mi: number, s: number): boolean {
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59) return false;
  return d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}

function offsetMinutes(offset: string): number {
  if (offset.toUpperCase() === 'Z') return 0;
  const sign = offset[0] === '-' ? -1 : 1;
  const digits = offset.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)));
}

/** A date cell as an instant in `YYYY-MM-DDTHH:mm:ssZ`, or null when empty. */
export function readCsvDate(cell: string, format: CsvDateFormat, timeZone: string): string | null {
  const text = cell.trim();
  if (text === '') return null;
  let parts: number[] | undefined;
  let offset: string | undefined;
  const iso = ISO.exec(text);
  if (iso) {
    parts = [1, 2, 3, 4, 5, 6].map((i) => Number(iso[i] ?? 0));
    offset = iso[7];
  } else {
    const numeric = format === 'iso' ? null : NUMERIC.exec(text);
    if (numeric) {
      const [a, b] = [Number(numeric[1]), Number(numeric[2])];
      const [day, month] = format === 'dmy' ? [a, b] : [b, a];
      parts = [Number(numeric[3]), month, day, ...[4, 5, 6].map((i) => Number(numeric[i] ?? 0))];
    }
  }
  const [y, mo, d, h, mi, s] = parts ?? [];
  if (
    parts === undefined ||
    !wallTimeValid(y as number, mo as number, d as number, h as number, mi as number, s as number)
  ) {
    throw new CsvValueError(`"${text}" is not a date of the form ${FORMAT_NAMES[format]}`);
  }
  const wall = {
    year: y as number,
    month: mo as number,
    day: d as number,
    hour: h as number,
    minute: mi as number,
    second: s as number,
    millisecond: 0,
  };
  const instant =
    offset === undefined
      ? instantOfWallTime(wall, timeZone)
      : Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second) -
        offsetMinutes(offset) * 60_000;
  return new Date(instant).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * The date format the cells suggest: ISO when every date is ISO; day-first or month-first when a
 * number above 12 tells, or a dot (written day-first) does; else day-first, marked ambiguous so
 * the user is asked.
 */
export function suggestCsvDateFormat(cells: readonly string[]): {
  format: CsvDateFormat;
  ambiguous: boolean;
} {
  const numeric = cells.map((c) => NUMERIC.exec(c.trim())).filter((m): m is RegExpExecArray => m !== null);
  if (numeric.length === 0) return { format: 'iso', ambiguous: false };
  if (numeric.some((m) => Number(m[1]) > 12)) return { format: 'dmy', ambiguous: false };
  if (numeric.some((m) => Number(m[2]) > 12)) return { format: 'mdy', ambiguous: false };
  if (numeric.every((m) => m[0].includes('.'))) return { format: 'dmy', ambiguous: false };
  return { format: 'dmy', ambiguous: true };
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
