/** "in N unit" (behaviour.md §1.5 d): now plus an amount, keeping the time of day. */
import { isValidDate } from './calendar.js';
import type { DateWordsMatch } from './relative-keywords.js';

// Ordo reads the unit case-insensitively, so `in 1 Week` adds a week (behaviour.md §11).
const IN_PATTERN = /(?<=^| )in (\d+) (hour|day|week|month)s?(?![\p{L}\p{N}])/iu;

export function findInAmount(text: string, now: Date): DateWordsMatch | null {
  const match = IN_PATTERN.exec(text);
  if (!match) return null;
  const amount = Number(match[1]);
  const date = new Date(now.getTime());
  switch (match[2].toLowerCase()) {
    case 'hour':
      date.setHours(date.getHours() + amount);
      break;
    case 'day':
      date.setDate(date.getDate() + amount);
      break;
    case 'week':
      date.setDate(date.getDate() + amount * 7);
      break;
    default:
      // Calendar months with overflow: Jan 31 + 1 month is Mar 3 (in a common year).
      date.setMonth(date.getMonth() + amount);
  }
  // An amount too large for a Date is no date at all.
  return isValidDate(date) ? { date, words: [match[0]] } : null;
}
