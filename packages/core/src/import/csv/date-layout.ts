/**
 * Dates in a generic CSV file by a Go time layout, the form Vikunja's CSV import uses on the wire
 * (`date_format`: "2006-01-02", "02/01/2006", "Jan 2, 2006", …). A layout is the reference time
 * Mon Jan 2 15:04:05 MST 2006 written the way the file writes its dates; each part of it stands
 * for that part of a date.
 */

/** A date read by a layout: wall-clock parts, and the offset from UTC in minutes when it names one. */
export interface LayoutDate {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  offset?: number;
}

/**
 * The layouts Vikunja's import knows, in its order (the order decides between day-first and
 * month-first when a file's dates fit both; the detection then says it is ambiguous).
 */
export const CSV_DATE_LAYOUTS: readonly string[] = [
  '2006-01-02',
  '2006-01-02T15:04:05',
  '2006-01-02T15:04:05Z07:00',
  '2006-01-02T15:04:05-0700',
  '02/01/2006',
  '01/02/2006',
  '02-01-2006',
  '01-02-2006',
  'Jan 2, 2006',
  '2 Jan 2006',
  '02/01/2006 15:04',
  '01/02/2006 15:04',
  '2006-01-02 15:04:05',
  '2006/01/02',
  '02.01.2006',
  '02.01.2006 15:04',
  'Mon, 02 Jan 2006 15:04:05 MST',
  'Mon, 02 Jan 2006 15:04:05 -0700',
  '02 Jan 06 15:04 MST',
  '02 Jan 06 15:04 -0700',
  'Monday, 02-Jan-06 15:04:05 MST',
  'Mon Jan _2 15:04:05 2006',
  'Mon Jan _2 15:04:05 MST 2006',
];

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

interface Parts extends LayoutDate {
  pm?: boolean;
  twelveHour?: boolean;
}

interface Token {
  text: string;
  pattern: string;
  set: (parts: Parts, value: string) => void;
}

function zoneOffset(value: string): number | undefined {
  if (/^(z|utc|gmt)$/i.test(value)) return 0;
  const m = /^([+-])(\d{2}):?(\d{2})?$/.exec(value);
  if (!m) return undefined;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0));
}

const monthOf = (value: string) =>
  MONTHS.findIndex((name) => name.startsWith(value.toLowerCase()) && value.length >= 3) + 1;

/** Layout parts, longest first where one starts another (Go's own precedence). */
const TOKENS: readonly Token[] = [
  { text: 'January', pattern: '[A-Za-z]{3,9}', set: (p, v) => (p.month = monthOf(v)) },
  { text: 'Jan', pattern: '[A-Za-z]{3}', set: (p, v) => (p.month = monthOf(v)) },
  { text: 'Monday', pattern: '[A-Za-z]{6,9}', set: () => {} },
  { text: 'Mon', pattern: '[A-Za-z]{3}', set: () => {} },
  { text: 'MST', pattern: '[A-Za-z]{3,5}', set: (p, v) => (p.offset = zoneOffset(v)) },
  { text: '2006', pattern: '\\d{4}', set: (p, v) => (p.year = Number(v)) },
  { text: 'Z07:00', pattern: 'Z|[+-]\\d{2}:\\d{2}', set: (p, v) => (p.offset = zoneOffset(v)) },
  { text: 'Z0700', pattern: 'Z|[+-]\\d{4}', set: (p, v) => (p.offset = zoneOffset(v)) },
  { text: 'Z07', pattern: 'Z|[+-]\\d{2}', set: (p, v) => (p.offset = zoneOffset(v)) },
  { text: '-07:00', pattern: '[+-]\\d{2}:\\d{2}', set: (p, v) => (p.offset = zoneOffset(v)) },
  { text: '-0700', pattern: '[+-]\\d{4}', set: (p, v) => (p.offset = zoneOffset(v)) },
  { text: '-07', pattern: '[+-]\\d{2}', set: (p, v) => (p.offset = zoneOffset(v)) },
  { text: '15', pattern: '\\d{1,2}', set: (p, v) => (p.hour = Number(v)) },
  { text: '01', pattern: '\\d{2}', set: (p, v) => (p.month = Number(v)) },
  { text: '02', pattern: '\\d{2}', set: (p, v) => (p.day = Number(v)) },
  { text: '_2', pattern: ' ?\\d{1,2}', set: (p, v) => (p.day = Number(v.trim())) },
  { text: '03', pattern: '\\d{2}', set: (p, v) => Object.assign(p, { hour: Number(v), twelveHour: true }) },
  { text: '04', pattern: '\\d{2}', set: (p, v) => (p.minute = Number(v)) },
  { text: '05', pattern: '\\d{2}', set: (p, v) => (p.second = Number(v)) },
  { text: '06', pattern: '\\d{2}', set: (p, v) => (p.year = 2000 + Number(v)) },
  { text: 'PM', pattern: '[AaPp][Mm]', set: (p, v) => (p.pm = /p/i.test(v)) },
  { text: 'pm', pattern: '[AaPp][Mm]', set: (p, v) => (p.pm = /p/i.test(v)) },
  { text: '1', pattern: '\\d{1,2}', set: (p, v) => (p.month = Number(v)) },
  { text: '2', pattern: '\\d{1,2}', set: (p, v) => (p.day = Number(v)) },
  { text: '3', pattern: '\\d{1,2}', set: (p, v) => Object.assign(p, { hour: Number(v), twelveHour: true }) },
  { text: '4', pattern: '\\d{1,2}', set: (p, v) => (p.minute = Number(v)) },
  { text: '5', pattern: '\\d{1,2}', set: (p, v) => (p.second = Number(v)) },
];

interface Compiled {
  regex: RegExp;
  setters: Token['set'][];
}

const compiled = new Map<string, Compiled>();

function compile(layout: string): Compiled {
  const known = compiled.get(layout);
  if (known) return known;
  let pattern = '';
  const setters: Token['set'][] = [];
  for (let i = 0; i < layout.length; ) {
    const token = TOKENS.find((t) => layout.startsWith(t.text, i));
    if (token) {
      pattern += `(${token.pattern})`;
      setters.push(token.set);
      i += token.text.length;
      // Go reads a fraction of a second after the seconds even when the layout has none.
      if (token.text === '05' || token.text === '5') pattern += '(?:[.,]\\d+)?';
    } else {
      const ch = layout[i] as string;
      pattern += /\s/.test(ch) ? '\\s+' : ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      i += 1;
    }
  }
  const result = { regex: new RegExp(`^${pattern}$`), setters };
  compiled.set(layout, result);
  return result;
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A cell read by a layout, or null when it does not fit it (or names no real date). */
export function parseByLayout(text: string, layout: string): LayoutDate | null {
  const { regex, setters } = compile(layout);
  const match = regex.exec(text.trim());
  if (!match) return null;
  const parts: Parts = { year: 0, month: 1, day: 1, hour: 0, minute: 0, second: 0 };
  for (const [i, set] of setters.entries()) set(parts, match[i + 1] as string);
  if (parts.twelveHour) {
    if (parts.hour < 1 || parts.hour > 12) return null;
    parts.hour = (parts.hour % 12) + (parts.pm ? 12 : 0);
  }
  const { year, month, day, hour, minute, second, offset } = parts;
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  return { year, month, day, hour, minute, second, ...(offset === undefined ? {} : { offset }) };
}

/**
 * A cell read by a layout or its kin: the layout with a time of day added (`02.01.2006` also reads
 * `24.12.2024 18:00`) or taken off (`02.01.2006 15:04` also reads `24.12.2024`), as one column
 * often holds both. Day and month keep their order, so nothing becomes ambiguous.
 */
export function parseByLayoutFamily(text: string, layout: string): LayoutDate | null {
  const dateOnly = layout.replace(/[ T]15:04(:05)?.*$/, '');
  const kin = dateOnly === layout ? [`${layout} 15:04`, `${layout} 15:04:05`] : [dateOnly];
  for (const candidate of [layout, ...kin]) {
    const date = parseByLayout(text, candidate);
    if (date) return date;
  }
  return null;
}

/** A layout as people read it: "02/01/2006" → "DD/MM/YYYY". */
export function layoutForPeople(layout: string): string {
  let out = '';
  for (let i = 0; i < layout.length; ) {
    const token = TOKENS.find((t) => layout.startsWith(t.text, i));
    const names: Record<string, string> = {
      '2006': 'YYYY',
      '06': 'YY',
      '01': 'MM',
      '1': 'M',
      '02': 'DD',
      _2: 'D',
      '2': 'D',
      '15': 'hh',
      '03': 'hh',
      '3': 'h',
      '04': 'mm',
      '4': 'm',
      '05': 'ss',
      '5': 's',
    };
    out += token ? (names[token.text] ?? token.text) : layout[i];
    i += token ? token.text.length : 1;
  }
  return out;
}

const sameDate = (a: LayoutDate, b: LayoutDate) =>
  a.year === b.year && a.month === b.month && a.day === b.day && a.hour === b.hour && a.minute === b.minute;

/**
 * The layout the cells suggest: the first known layout every non-empty cell fits (Vikunja takes
 * the first one half of them fit, which reads 01/02/2024 and 02/25/2024 as day-first and then
 * drops the second date; all must fit here). Ambiguous when another layout fits them all too and
 * reads some cell as another date, as with 03/01/2024, so the user is asked. ISO when no cell
 * holds a date.
 */
export function suggestCsvDateLayout(cells: readonly string[]): { layout: string; ambiguous: boolean } {
  const dates = cells.map((c) => c.trim()).filter((c) => c !== '');
  const fitting = CSV_DATE_LAYOUTS.filter(
    (layout) => dates.length > 0 && dates.every((cell) => parseByLayoutFamily(cell, layout) !== null),
  );
  const [layout] = fitting;
  if (layout === undefined) return { layout: CSV_DATE_LAYOUTS[0] as string, ambiguous: false };
  const ambiguous = fitting.some((other) =>
    dates.some(
      (cell) =>
        !sameDate(
          parseByLayoutFamily(cell, layout) as LayoutDate,
          parseByLayoutFamily(cell, other) as LayoutDate,
        ),
    ),
  );
  return { layout, ambiguous };
}

/** The reference date's parts as the example shows them: 31 March 2026, 14:05:09, UTC+2. */
const EXAMPLE: Record<string, string> = {
  January: 'March',
  Jan: 'Mar',
  Monday: 'Tuesday',
  Mon: 'Tue',
  MST: 'CEST',
  '2006': '2026',
  'Z07:00': '+02:00',
  Z0700: '+0200',
  Z07: '+02',
  '-07:00': '+02:00',
  '-0700': '+0200',
  '-07': '+02',
  '15': '14',
  '01': '03',
  '02': '31',
  _2: '31',
  '03': '02',
  '04': '05',
  '05': '09',
  '06': '26',
  PM: 'PM',
  pm: 'pm',
  '1': '3',
  '2': '31',
  '3': '2',
  '4': '5',
  '5': '9',
};

/** A date written in a layout, for a list to choose from: "02.01.2006" → "31.03.2026". */
export function exampleOfLayout(layout: string): string {
  let out = '';
  for (let i = 0; i < layout.length; ) {
    const token = TOKENS.find((t) => layout.startsWith(t.text, i));
    out += token ? (EXAMPLE[token.text] ?? token.text) : layout[i];
    i += token ? token.text.length : 1;
  }
  return out;
}
