/** Weekday names (behaviour.md §1.5 b): the next day with that weekday, counting today. */
import { addDays } from './calendar.js';
import type { DateWordsMatch } from './relative-keywords.js';

const WEEKDAYS: Readonly<Record<string, number>> = {
  sunday: 0,
  sun: 0,
  monday: 1,
  mon: 1,
  tuesday: 2,
  tue: 2,
  wednesday: 3,
  wed: 3,
  thursday: 4,
  thu: 4,
  friday: 5,
  fri: 5,
  saturday: 6,
  sat: 6,
};

const WEEKDAY_PATTERN = new RegExp(
  `(?<=^| )(?:next )?(${Object.keys(WEEKDAYS)
    .sort((a, b) => b.length - a.length)
    .join('|')})(?![\\p{L}\\p{N}])`,
  'iu',
);

/**
 * `fri`, `friday`, `next fri`: the same weekday means today, and `next` changes nothing. The time of
 * day is kept from now (no default hour).
 */
export function findWeekday(text: string, now: Date): DateWordsMatch | null {
  const match = WEEKDAY_PATTERN.exec(text);
  if (!match) return null;
  const target = WEEKDAYS[match[1].toLowerCase()];
  const distance = (target - now.getDay() + 7) % 7;
  return { date: addDays(now, distance), words: [match[0]] };
}
