/** The time suffix (behaviour.md §1.5 g): ` at <time>` or ` @ <time>`, with optional am/pm. */

export interface TimeMatch {
  hours: number;
  minutes: number;
  /** Span of the suffix including its leading space, so cutting it leaves no gap behind. */
  start: number;
  end: number;
}

// H, HH, H:MM or HH:MM, then am/pm with or without a space; nothing word-like may follow, so
// `at 1234` and `at 5:3` are not times.
const TIME_PATTERN = / (?:at|@) (\d{1,2})(?::(\d{2}))?(?: ?([ap]m))?(?![\p{L}\p{N}:])/giu;

function toTwentyFourHours(hour: number, meridiem: string | undefined): number | null {
  if (meridiem === undefined) return hour <= 23 ? hour : null;
  if (hour < 1 || hour > 12) return null;
  const pm = meridiem.toLowerCase() === 'pm';
  if (hour === 12) return pm ? 12 : 0;
  return pm ? hour + 12 : hour;
}

/** The first valid time suffix in the text, or null. Impossible times (`at 25`, `at 13pm`) are skipped. */
export function findTime(text: string): TimeMatch | null {
  TIME_PATTERN.lastIndex = 0;
  for (let match = TIME_PATTERN.exec(text); match !== null; match = TIME_PATTERN.exec(text)) {
    const hours = toTwentyFourHours(Number(match[1]), match[3]);
    const minutes = match[2] === undefined ? 0 : Number(match[2]);
    if (hours === null || minutes > 59) continue;
    return { hours, minutes, start: match.index, end: match.index + match[0].length };
  }
  return null;
}

/** A copy of `date` at the given wall-clock time, seconds and milliseconds cleared. */
export function atTime(date: Date, hours: number, minutes: number): Date {
  const result = new Date(date.getTime());
  result.setHours(hours, minutes, 0, 0);
  return result;
}
