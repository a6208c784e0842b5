/** Relative date keywords (behaviour.md §1.5 a), tried in this fixed order. */
import { type DayIntervalName, dayInterval } from '../date-math/date-helpers.js';
import { addDays, atDefaultHour } from './calendar.js';

interface RelativeKeyword {
  pattern: RegExp;
  resolve(now: Date): Date;
}

/** The day `interval` days on from now (by weekday, behaviour.md §2) at the default hour. */
function onInterval(name: DayIntervalName): (now: Date) => Date {
  return (now) => atDefaultHour(addDays(now, dayInterval(name, now.getDay())));
}

function keyword(phrase: string, resolve: (now: Date) => Date): RelativeKeyword {
  // The start of the text or a space before; Ordo also wants no letter or digit after (`todayish`).
  const pattern = new RegExp(`(?<=^| )${phrase}(?![\\p{L}\\p{N}])`, 'iu');
  return { pattern, resolve };
}

const KEYWORDS: readonly RelativeKeyword[] = [
  keyword('today', (now) => atDefaultHour(now)),
  keyword('tonight', (now) => {
    const date = new Date(now.getTime());
    date.setHours(21, 0, 0, 0);
    return date;
  }),
  keyword('tomorrow', onInterval('tomorrow')),
  // Today on a Monday.
  keyword('next monday', onInterval('nextMonday')),
  // The coming Saturday, or today on Saturday and Sunday.
  keyword('this weekend', onInterval('thisWeekend')),
  keyword('later this week', onInterval('laterThisWeek')),
  keyword('later next week', onInterval('laterNextWeek')),
  keyword('next week', onInterval('nextWeek')),
  keyword('next month', (now) => {
    // The 1st of next month, keeping now's time of day so the default hour follows the clock.
    const date = new Date(now.getTime());
    date.setDate(1);
    date.setMonth(date.getMonth() + 1);
    return atDefaultHour(date);
  }),
  keyword('end of month', (now) => {
    // Built from a midnight date in Vikunja, so the default hour is always 9.
    const date = new Date(now.getTime());
    date.setMonth(date.getMonth() + 1, 0);
    date.setHours(9, 0, 0, 0);
    return date;
  }),
];

export interface DateWordsMatch {
  date: Date;
  /** The matched words to remove from the text (as whole words). */
  words: string[];
}

export function findRelativeKeyword(text: string, now: Date): DateWordsMatch | null {
  for (const entry of KEYWORDS) {
    const match = entry.pattern.exec(text);
    if (match) return { date: entry.resolve(now), words: [match[0]] };
  }
  return null;
}
