/** The date step of the pipeline (behaviour.md §1.5): recognisers (a) to (f), then the time suffix. */
import { isValidDate } from './calendar.js';
import { findOrdinal } from './ordinals.js';
import type { Extracted } from './prefixes.js';
import { findInAmount } from './relative-amounts.js';
import { type DateWordsMatch, findRelativeKeyword } from './relative-keywords.js';
import { removeWholeWords } from './text-match.js';
import { atTime, findTime } from './times.js';
import { findWeekday } from './weekdays.js';
import { findMonthNameDate, findNumericDate } from './written-dates.js';

type Recogniser = (text: string, now: Date) => DateWordsMatch | null;

/** The first recogniser that finds something wins, wherever its words sit in the text. */
const RECOGNISERS: readonly Recogniser[] = [
  findRelativeKeyword,
  findWeekday,
  findOrdinal,
  findInAmount,
  findNumericDate,
  findMonthNameDate,
];

function findDateWords(text: string, now: Date): DateWordsMatch | null {
  for (const recognise of RECOGNISERS) {
    const found = recognise(text, now);
    if (found) return found;
  }
  return null;
}

function withoutTime(text: string, start: number, end: number): string {
  return text.slice(0, start) + text.slice(end);
}

/**
 * Pulls the date (plus an optional time) out of the text. Matched date words are removed where they
 * stand as whole words (Ordo: never from inside a longer word), then the time suffix is looked for
 * in what is left. A time alone means today at that time, unless that is exactly now.
 */
export function extractDate(text: string, now: Date): Extracted<Date | null> {
  if (!isValidDate(now)) return { value: null, text };
  const found = findDateWords(text, now);
  if (found && isValidDate(found.date)) {
    let rest = text;
    for (const words of found.words) rest = removeWholeWords(rest, words);
    const time = findTime(rest);
    if (!time) return { value: found.date, text: rest };
    const date = atTime(found.date, time.hours, time.minutes);
    return { value: date, text: withoutTime(rest, time.start, time.end) };
  }
  const time = findTime(text);
  if (!time) return { value: null, text };
  const date = atTime(now, time.hours, time.minutes);
  if (date.getTime() === now.getTime()) return { value: null, text };
  return { value: date, text: withoutTime(text, time.start, time.end) };
}
