/**
 * Written calendar dates (behaviour.md §1.5 e, f; §1.7): numeric forms such as `27/07/2021`,
 * `2026-05-02` or `01.02`, and month names such as `jan 27` or `27 jan 2027`. Ordo builds the date
 * from the numbers itself, so the result never depends on a JavaScript engine's date parser.
 */
import { isCalendarDay, localMidnight } from './calendar.js';
import { MONTH_NAME_GROUP, monthIndexOf } from './month-names.js';
import type { DateWordsMatch } from './relative-keywords.js';

/** Numeric forms in the order they are tried; each must stand between spaces or the text's ends. */
const NUMERIC_PATTERNS: readonly RegExp[] = [
  /(?<=^| )(?<month>\d{1,2})\/(?<day>\d{1,2})(?:\/(?<year>\d{2}(?:\d{2})?))?(?= |$)/g,
  /(?<=^| )(?<year>\d{3,4})\/(?<month>\d{1,2})\/(?<day>\d{2})(?= |$)/g,
  /(?<=^| )(?<year>\d{3,4})-(?<month>\d{1,2})-(?<day>\d{2})(?= |$)/g,
  /(?<=^| )(?<day>\d{1,2})\.(?<month>\d{1,2})(?:\.(?<year>\d{2}(?:\d{2})?))?(?= |$)/g,
];

const FOLLOWED_BY_TIME = /^ (?:at|@) /i;

/**
 * A numeric date counts only at the start or the end of the text (ignoring spaces left behind by
 * removed tokens), or when directly followed by a time (`meeting 9/11 at 10:00`). So
 * `The 9/11 Report` is not a date.
 */
function isAtBoundary(text: string, start: number, end: number): boolean {
  return (
    text.slice(0, start).trim() === '' ||
    text.slice(end).trim() === '' ||
    FOLLOWED_BY_TIME.test(text.slice(end))
  );
}

function readYear(written: string): number {
  return written.length === 2 ? 2000 + Number(written) : Number(written);
}

/**
 * A date without a written year that falls before now moves on by a year (to the next 29 February,
 * for that day); a written year is never moved.
 */
function resolveDay(year: number | null, monthIndex: number, day: number, now: Date): Date {
  if (year !== null) return localMidnight(year, monthIndex, day);
  let candidateYear = now.getFullYear();
  const date = localMidnight(candidateYear, monthIndex, day);
  if (date >= now) return date;
  do candidateYear++;
  while (!isCalendarDay(candidateYear, monthIndex + 1, day));
  return localMidnight(candidateYear, monthIndex, day);
}

export function findNumericDate(text: string, now: Date): DateWordsMatch | null {
  for (const pattern of NUMERIC_PATTERNS) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
      if (!isAtBoundary(text, match.index, match.index + match[0].length)) continue;
      const groups = match.groups as { month: string; day: string; year?: string };
      const year = groups.year === undefined ? null : readYear(groups.year);
      const checkYear = year ?? now.getFullYear();
      let month = Number(groups.month);
      let day = Number(groups.day);
      // Month-first; if impossible, day-first (`27/07`, `12.13`); if both are impossible, no date.
      if (!isCalendarDay(checkYear, month, day)) {
        [month, day] = [day, month];
        if (!isCalendarDay(checkYear, month, day)) continue;
      }
      return { date: resolveDay(year, month - 1, day, now), words: [match[0]] };
    }
  }
  return null;
}

const MONTH_WORD = `(${MONTH_NAME_GROUP})(?![\\p{L}\\p{N}])`;

// `<month> <day>` or `<day> <month>`, then an optional four-digit year (an Ordo addition). The day
// must end a word, so `jan 271` is not a date.
const MONTH_NAME_PATTERN = new RegExp(
  `(?<=^| )(?:${MONTH_WORD} (\\d{1,2})|(\\d{1,2}) ${MONTH_WORD})(?: (\\d{4}))?(?![\\p{L}\\p{N}])`,
  'giu',
);

export function findMonthNameDate(text: string, now: Date): DateWordsMatch | null {
  MONTH_NAME_PATTERN.lastIndex = 0;
  for (let match = MONTH_NAME_PATTERN.exec(text); match !== null; match = MONTH_NAME_PATTERN.exec(text)) {
    const monthIndex = monthIndexOf(match[1] ?? match[4]) as number;
    const day = Number(match[2] ?? match[3]);
    const year = match[5] === undefined ? null : Number(match[5]);
    if (!isCalendarDay(year ?? now.getFullYear(), monthIndex + 1, day)) continue;
    return { date: resolveDay(year, monthIndex, day, now), words: [match[0]] };
  }
  return null;
}
