/** Ordinal day of month (behaviour.md §1.5 c): `14th`, `1st`, `5.`, optionally with a month name. */
import { daysInMonth } from './calendar.js';
import { MONTH_NAME_GROUP, monthIndexOf } from './month-names.js';
import type { DateWordsMatch } from './relative-keywords.js';

const MONTH_WORD = `(?:${MONTH_NAME_GROUP})(?![\\p{L}\\p{N}])`;

// A day from 1 to 31 (the suffix is not checked against the number), counted only when followed by
// the end of the text, ` at `, ` @ ` or a month name; so `2nd Floor` is not a date.
const ORDINAL_PATTERN = new RegExp(
  `(?<=^| )([12]\\d|3[01]|0?[1-9])(?:st|nd|rd|th|\\.)(?=$| at | @ | ${MONTH_WORD})`,
  'iu',
);
const MONTH_PATTERN = new RegExp(`(?<=^| )${MONTH_WORD}`, 'iu');

/**
 * Starting from now (keeping its time of day), set the day; while that is before now, move one
 * month on; if the day overflowed its month, set it again on the month reached. A month name
 * anywhere in the text then replaces the month, without touching the year. A day the named month
 * does not have (`31st feb`) is no date.
 */
export function findOrdinal(text: string, now: Date): DateWordsMatch | null {
  const match = ORDINAL_PATTERN.exec(text);
  if (!match) return null;
  const day = Number(match[1]);
  const date = new Date(now.getTime());
  date.setDate(day);
  while (date < now) date.setMonth(date.getMonth() + 1);
  if (date.getDate() !== day) date.setDate(day);

  const month = MONTH_PATTERN.exec(text);
  if (!month) return { date, words: [match[0]] };
  const monthIndex = monthIndexOf(month[0]) as number;
  if (day > daysInMonth(date.getFullYear(), monthIndex)) return null;
  date.setMonth(monthIndex, day);
  return { date, words: [match[0], month[0]] };
}
