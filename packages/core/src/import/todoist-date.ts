/**
 * Todoist's DATE column holds the date as typed in Todoist's own words ("Dec 1 2026", "every
 * day", "every 2 weeks", "every mon"). Only what means the same thing on every day of importing
 * is read: absolute dates (with an optional time) and recurring phrases whose interval Ordo's
 * repeat model can hold. Relative words ("tomorrow", "next friday") depend on the day the export
 * was made, which the file does not tell, so they are not guessed; the caller keeps every phrase
 * it could not read in the task's description. Only English phrases (DATE_LANG "en" or empty)
 * are read; ISO dates (2026-12-01) are read in any language.
 */
import { type RepeatMode, repeatModes } from '../repeat/repeat.js';

export interface TodoistDate {
  /** A calendar date, and a time of day when the phrase had one. */
  date: { year: number; month: number; day: number; hour: number; minute: number } | null;
  /** Whether the phrase named a time of day (else the task is due on the day). */
  hasTime: boolean;
  repeat: { repeatAfter: number; repeatMode: RepeatMode } | null;
  /**
   * False when Ordo keeps only part of the phrase ("every monday" repeats weekly from the due
   * date, "every 2 months" every 60 days, "every day at 9am" loses the time): the caller keeps
   * the phrase in the description as well.
   */
  exact: boolean;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DAY = 86_400;
const UNITS: Record<string, number> = { hour: 3_600, day: DAY, week: 7 * DAY, year: 365 * DAY };
const WORDS: Record<string, string> = {
  daily: 'every day',
  weekly: 'every week',
  monthly: 'every month',
  yearly: 'every year',
  annually: 'every year',
  hourly: 'every hour',
};
const WEEKDAYS = /^(mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(day|nesday|sday|urday|rsday)?$/;

function monthOf(word: string): number {
  const index = MONTHS.indexOf(word.slice(0, 3));
  return index < 0 || !MONTHS[index].startsWith(word.slice(0, 3)) ? 0 : index + 1;
}

function validDate(year: number, month: number, day: number): boolean {
  if (!(year >= 1900 && year <= 9999 && month >= 1 && month <= 12 && day >= 1)) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** "10am", "10:30", "22:15", "9:05 pm" → hour and minute. */
function timeOf(text: string): { hour: number; minute: number } | null {
  const match = /^(?:at\s+)?(\d{1,2})(?::(\d{2}))?\s*(am|pm)?$/.exec(text.trim());
  if (!match || (match[2] === undefined && match[3] === undefined)) return null;
  let hour = Number(match[1]);
  const minute = Number(match[2] ?? '0');
  if (match[3]) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (match[3] === 'pm' ? 12 : 0);
  }
  return hour <= 23 && minute <= 59 ? { hour, minute } : null;
}

/** An absolute date, optionally followed by a time: ISO, "Dec 1 2026", "1 Dec 2026", "December 1, 2026". */
function absoluteOf(text: string): TodoistDate | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[t ](\d{2}):(\d{2})(?::\d{2})?z?)?$/.exec(text);
  if (iso) {
    const [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
    if (!validDate(year, month, day)) return null;
    const hasTime = iso[4] !== undefined;
    const hour = hasTime ? Number(iso[4]) : 0;
    const minute = hasTime ? Number(iso[5]) : 0;
    if (hour > 23 || minute > 59) return null;
    return { date: { year, month, day, hour, minute }, hasTime, repeat: null, exact: true };
  }
  const words =
    /^(?:([a-z]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?|(\d{1,2})(?:st|nd|rd|th)?\s+([a-z]+)\.?),?\s+(\d{4})(?:\s+(.+))?$/.exec(
      text,
    );
  if (!words) return null;
  const month = monthOf(words[1] ?? words[4]);
  const day = Number(words[2] ?? words[3]);
  const year = Number(words[5]);
  if (!month || !validDate(year, month, day)) return null;
  if (words[6] === undefined)
    return { date: { year, month, day, hour: 0, minute: 0 }, hasTime: false, repeat: null, exact: true };
  const time = timeOf(words[6]);
  return time ? { date: { year, month, day, ...time }, hasTime: true, repeat: null, exact: true } : null;
}

/** "every day", "every 3 weeks", "every other month", "every monday" (weekly), "every year". */
function recurringOf(text: string): TodoistDate | null {
  const phrase = WORDS[text] ?? text;
  const match = /^every\s+(?:(other)\s+|(\d+)\s+)?([a-z]+?)s?(?:\s+at\s+(.+))?$/.exec(phrase);
  if (!match) return null;
  const interval = match[1] ? 2 : Number(match[2] ?? '1');
  if (!Number.isInteger(interval) || interval < 1) return null;
  const unit = match[3];
  if (match[4] !== undefined && !timeOf(match[4])) return null;
  if (unit === 'month') {
    const repeat =
      interval === 1
        ? { repeatAfter: 0, repeatMode: repeatModes.monthly }
        : { repeatAfter: interval * 30 * DAY, repeatMode: repeatModes.default };
    return { date: null, hasTime: false, repeat, exact: interval === 1 && match[4] === undefined };
  }
  if (UNITS[unit]) {
    return {
      date: null,
      hasTime: false,
      repeat: { repeatAfter: UNITS[unit] * interval, repeatMode: repeatModes.default },
      exact: match[4] === undefined,
    };
  }
  // "every monday": once a week on that day; the day itself needs a start the file lacks.
  if (WEEKDAYS.test(unit) && !match[2]) {
    return {
      date: null,
      hasTime: false,
      repeat: { repeatAfter: 7 * DAY * interval, repeatMode: repeatModes.default },
      exact: false,
    };
  }
  return null;
}

/** Reads a DATE cell; null when the phrase is not one of the deterministic forms above. */
export function parseTodoistDate(value: string, language = 'en'): TodoistDate | null {
  const text = value.trim().toLowerCase().replace(/\s+/g, ' ');
  if (text === '') return null;
  const english = language.trim() === '' || language.trim().toLowerCase().startsWith('en');
  const absolute = absoluteOf(text);
  if (absolute && (english || /^\d{4}-/.test(text))) return absolute;
  if (!english) return null;
  return recurringOf(text);
}
