import { daysInMonth, instantOfWallTime, isValidTimeZone, type WallTime, wallTimeAt } from './zoned-time.js';

/**
 * Elasticsearch-style date math as the API evaluates it (behaviour.md §3): an anchor (`now`, an
 * absolute date, or a unix time in milliseconds) followed by adjustments applied left to right.
 */

/** Thrown for any expression that is not valid date math, or that lands outside the representable range. */
export class DateMathError extends Error {
  constructor(
    readonly expression: string,
    readonly reason: string,
  ) {
    super(`Invalid date math '${expression}': ${reason}`);
    this.name = 'DateMathError';
  }
}

/** `fy`/`fQ` are fiscal units; with no fiscal year start configured they equal `y`/`Q`. `h` stands for `h` and `H`. */
export type DateMathUnit = 'y' | 'fy' | 'Q' | 'fQ' | 'M' | 'w' | 'd' | 'b' | 'h' | 'm' | 's';

export type DateMathAnchor =
  | { kind: 'now' }
  /** `offset` is `Z` or `±HH:MM` when the text names one; otherwise the evaluation zone applies. */
  | { kind: 'absolute'; wall: WallTime; offset?: string }
  | { kind: 'epoch'; milliseconds: number };

export type DateMathAdjustment =
  | { kind: 'add'; amount: number; unit: DateMathUnit }
  | { kind: 'round'; unit: DateMathUnit };

export interface DateMathExpression {
  anchor: DateMathAnchor;
  adjustments: DateMathAdjustment[];
}

export interface DateMathOptions {
  /** The one injected clock. */
  now: Date;
  /** IANA zone (or `±HH:MM`) in which `now` is read, calendar steps and rounding happen. */
  timeZone: string;
}

const absoluteAnchorPattern =
  /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2})(?::(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?(Z|[+-]\d{2}:\d{2})?)?)?)?$/;
const epochAnchorPattern = /^\d{5,}$/;
const adjustmentPattern = /^(?:([+-])(\d*)|\/)(fy|fQ|[yQMwdbhHms])/;
/** Past ±8.64e15 ms a JavaScript Date is invalid; amounts are capped well before arithmetic loses precision. */
const maxInstant = 8.64e15;
const maxAmount = 1e9;

/** Is `text` an absolute date anchor (`2024`, `2024-01-31T10:00Z`, `1700000000000`, …)? Ranges are not checked. */
export function isDateMathAnchor(text: string): boolean {
  return absoluteAnchorPattern.test(text) || epochAnchorPattern.test(text);
}

/** Parse date math into its parts; throws `DateMathError`. */
export function parseDateMath(expression: string): DateMathExpression {
  const fail = (reason: string): never => {
    throw new DateMathError(expression, reason);
  };
  let rest: string;
  let anchor: DateMathAnchor;
  if (expression.startsWith('now')) {
    anchor = { kind: 'now' };
    rest = expression.slice(3);
  } else {
    const pipes = expression.indexOf('||');
    const anchorText = pipes === -1 ? expression : expression.slice(0, pipes);
    rest = pipes === -1 ? '' : expression.slice(pipes + 2);
    if (anchorText === '') fail('missing anchor date');
    anchor = parseAbsoluteAnchor(anchorText, fail);
  }
  const adjustments: DateMathAdjustment[] = [];
  while (rest.length > 0) {
    const match = adjustmentPattern.exec(rest);
    if (!match) return fail(`unexpected '${rest}'`);
    const unit = (match[3] === 'H' ? 'h' : match[3]) as DateMathUnit;
    if (match[1] === undefined) {
      if (unit === 'b') fail('cannot round to business days');
      adjustments.push({ kind: 'round', unit });
    } else {
      const amount = match[2] === '' ? 1 : Number(match[2]);
      if (amount > maxAmount) fail(`amount ${match[2]} is too large`);
      adjustments.push({ kind: 'add', amount: match[1] === '-' ? -amount : amount, unit });
    }
    rest = rest.slice(match[0].length);
  }
  return { anchor, adjustments };
}

function parseAbsoluteAnchor(text: string, fail: (reason: string) => never): DateMathAnchor {
  if (epochAnchorPattern.test(text)) {
    const milliseconds = Number(text);
    if (milliseconds > maxInstant) fail('unix time out of range');
    return { kind: 'epoch', milliseconds };
  }
  const match = absoluteAnchorPattern.exec(text);
  if (!match) return fail(`'${text}' is not a date`);
  const [, year, month = '01', day = '01', hour = '00', minute = '00', second = '00', fraction = '', offset] =
    match;
  const wall: WallTime = {
    year: Number(year),
    month: Number(month),
    day: Number(day),
    hour: Number(hour),
    minute: Number(minute),
    second: Number(second),
    millisecond: Math.floor(Number(`0.${fraction || '0'}`) * 1000),
  };
  if (wall.month < 1 || wall.month > 12) fail(`month ${month} out of range`);
  if (wall.day < 1 || wall.day > daysInMonth(wall.year, wall.month)) fail(`day ${day} out of range`);
  if (wall.hour > 23 || wall.minute > 59 || wall.second > 59) fail('time out of range');
  if (offset && offset !== 'Z' && (Number(offset.slice(1, 3)) > 23 || Number(offset.slice(4, 6)) > 59)) {
    fail(`offset ${offset} out of range`);
  }
  return offset ? { kind: 'absolute', wall, offset } : { kind: 'absolute', wall };
}

/** Evaluate date math; throws `DateMathError` on invalid input, an unknown zone or an out-of-range result. */
export function resolveDateMath(expression: string, options: DateMathOptions): Date {
  return evaluateDateMath(parseDateMath(expression), options, expression);
}

/** Evaluate an already parsed expression. */
export function evaluateDateMath(parsed: DateMathExpression, options: DateMathOptions, source = ''): Date {
  if (!isValidTimeZone(options.timeZone))
    throw new DateMathError(source, `unknown time zone '${options.timeZone}'`);
  const { anchor } = parsed;
  // An explicit offset in the anchor becomes the zone for the rest of the evaluation, as in Go.
  const zone =
    anchor.kind === 'absolute' && anchor.offset
      ? anchor.offset === 'Z'
        ? 'UTC'
        : anchor.offset
      : options.timeZone;
  let instant =
    anchor.kind === 'now'
      ? options.now.getTime()
      : anchor.kind === 'epoch'
        ? anchor.milliseconds
        : instantOfWallTime(anchor.wall, zone);
  for (const adjustment of parsed.adjustments) {
    instant =
      adjustment.kind === 'add'
        ? add(instant, adjustment.amount, adjustment.unit, zone)
        : round(instant, adjustment.unit, zone);
    if (!(Math.abs(instant) <= maxInstant)) throw new DateMathError(source, 'the result is out of range');
  }
  if (!(Math.abs(instant) <= maxInstant)) throw new DateMathError(source, 'the result is out of range');
  return new Date(instant);
}

const hour = 3_600_000;

function add(instant: number, amount: number, unit: DateMathUnit, zone: string): number {
  switch (unit) {
    case 'h':
      return instant + amount * hour;
    case 'm':
      return instant + amount * 60_000;
    case 's':
      return instant + amount * 1000;
    case 'b':
      return addBusinessDays(instant, amount, zone);
    default: {
      // Calendar steps keep the wall-clock time; day overflow normalises forward (Jan 31 + 1M = Mar 2).
      const wall = wallTimeAt(instant, zone);
      if (unit === 'y' || unit === 'fy') wall.year += amount;
      else if (unit === 'Q' || unit === 'fQ') wall.month += 3 * amount;
      else if (unit === 'M') wall.month += amount;
      else if (unit === 'w') wall.day += 7 * amount;
      else wall.day += amount;
      return instantOfWallTime(wall, zone);
    }
  }
}

/**
 * Each business day steps one calendar day, then on past Saturday and Sunday. From a weekday, five
 * steps are exactly one week, which keeps large amounts cheap.
 */
function addBusinessDays(instant: number, amount: number, zone: string): number {
  if (amount === 0) return instant;
  const direction = Math.sign(amount);
  const wall = wallTimeAt(instant, zone);
  let weekday = wall.weekday;
  const step = () => {
    do {
      wall.day += direction;
      weekday = (weekday + direction + 7) % 7;
    } while (weekday === 0 || weekday === 6);
  };
  step();
  const remaining = Math.abs(amount) - 1;
  wall.day += direction * 7 * Math.floor(remaining / 5);
  for (let i = 0; i < remaining % 5; i++) step();
  return instantOfWallTime(wall, zone);
}

function round(instant: number, unit: DateMathUnit, zone: string): number {
  const wall = wallTimeAt(instant, zone);
  // Below a day, cut the smaller parts off the instant itself so an ambiguous DST hour stays put.
  if (unit === 's') return instant - wall.millisecond;
  if (unit === 'm') return instant - wall.second * 1000 - wall.millisecond;
  if (unit === 'h') return instant - wall.minute * 60_000 - wall.second * 1000 - wall.millisecond;
  const midnight = { ...wall, hour: 0, minute: 0, second: 0, millisecond: 0 };
  if (unit === 'w') midnight.day -= (wall.weekday + 6) % 7; // weeks start on Monday
  if (unit === 'M' || unit === 'Q' || unit === 'fQ' || unit === 'y' || unit === 'fy') midnight.day = 1;
  if (unit === 'Q' || unit === 'fQ') midnight.month = Math.floor((wall.month - 1) / 3) * 3 + 1;
  if (unit === 'y' || unit === 'fy') midnight.month = 1;
  return instantOfWallTime(midnight, zone);
}
