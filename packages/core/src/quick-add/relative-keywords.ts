/** Relative date keywords (behaviour.md §1.5 a), tried in this fixed order. */
import { addDays, atDefaultHour } from './calendar.js';

interface RelativeKeyword {
  phrase: string;
  pattern: RegExp;
  resolve(now: Date): Date;
}

/** Days from now for the weekday-dependent keywords (Sunday = 0 ... Saturday = 6). */
function laterThisWeekOffset(weekday: number): number {
  return weekday >= 1 && weekday <= 4 ? 2 : 0;
}

function keyword(phrase: string, resolve: (now: Date) => Date): RelativeKeyword {
  // The start of the text or a space before; Ordo also wants no letter or digit after (`todayish`).
  const pattern = new RegExp(`(?<=^| )${phrase}(?![\\p{L}\\p{N}])`, 'iu');
  return { phrase, pattern, resolve };
}

const KEYWORDS: readonly RelativeKeyword[] = [
  keyword('today', (now) => atDefaultHour(now)),
  keyword('tonight', (now) => {
    const date = new Date(now.getTime());
    date.setHours(21, 0, 0, 0);
    return date;
  }),
  keyword('tomorrow', (now) => atDefaultHour(addDays(now, 1))),
  // (8 − weekday) mod 7: today on a Monday.
  keyword('next monday', (now) => atDefaultHour(addDays(now, (8 - now.getDay()) % 7))),
  // (6 − weekday) mod 6: the coming Saturday, or today on Saturday and Sunday.
  keyword('this weekend', (now) => atDefaultHour(addDays(now, (6 - now.getDay()) % 6))),
  keyword('later this week', (now) => atDefaultHour(addDays(now, laterThisWeekOffset(now.getDay())))),
  keyword('later next week', (now) => atDefaultHour(addDays(now, laterThisWeekOffset(now.getDay()) + 7))),
  keyword('next week', (now) => atDefaultHour(addDays(now, 7))),
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
