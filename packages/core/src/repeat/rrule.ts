/**
 * Repeats as iCalendar RRULEs (RFC 5545 §3.3.10) and back, for CalDAV. Ordo repeats every N
 * seconds (mode 0), every calendar month (mode 1) or N seconds after it is done (mode 2, which a
 * rule cannot say, so it is written as mode 0). A rule that says no more than that is "exact";
 * any other (yearly, on weekdays, a COUNT or UNTIL, …) runs as the nearest repeat Ordo has and is
 * kept verbatim beside it, so the client gets its rule back and the web app shows it as custom.
 */
import { type RepeatMode, repeatModes } from './repeat.js';

/** Ten years in seconds: the longest interval a task may repeat by. */
const MAX_REPEAT_AFTER = 315_360_000;
const DAY = 86_400;

/** Units a rule's FREQ counts in; whole weeks, days, hours or minutes are written in that unit. */
const UNITS: [freq: string, seconds: number][] = [
  ['WEEKLY', 7 * DAY],
  ['DAILY', DAY],
  ['HOURLY', 3_600],
  ['MINUTELY', 60],
  ['SECONDLY', 1],
];

/** Parts that change nothing for a rule that is only FREQ and INTERVAL. */
const HARMLESS = new Set(['FREQ', 'INTERVAL', 'WKST']);

export interface RepeatOfRule {
  repeatAfter: number;
  repeatMode: RepeatMode;
  /** Does Ordo's repeat say all the rule says? */
  exact: boolean;
}

/** A rule's parts by upper-case name; null when it has no FREQ or a part is not NAME=value. */
export function rruleParts(rule: string): Map<string, string> | null {
  const parts = new Map<string, string>();
  for (const part of rule
    .trim()
    .replace(/^RRULE:/i, '')
    .split(';')) {
    if (part === '') continue;
    const at = part.indexOf('=');
    if (at <= 0) return null;
    parts.set(
      part.slice(0, at).trim().toUpperCase(),
      part
        .slice(at + 1)
        .trim()
        .toUpperCase(),
    );
  }
  return parts.has('FREQ') ? parts : null;
}

/** The repeat a rule runs as in Ordo; null for a rule Ordo cannot run at all. */
export function repeatOfRrule(rule: string): RepeatOfRule | null {
  const parts = rruleParts(rule);
  if (!parts) return null;
  const freq = parts.get('FREQ') as string;
  const interval = Number(parts.get('INTERVAL') ?? '1');
  if (!Number.isInteger(interval) || interval < 1) return null;
  const plain = [...parts.keys()].every((name) => HARMLESS.has(name));
  if (freq === 'MONTHLY' && interval === 1)
    return { repeatAfter: 0, repeatMode: repeatModes.monthly, exact: plain };
  const unit =
    UNITS.find(([name]) => name === freq)?.[1] ??
    (freq === 'MONTHLY' ? 30 * DAY : freq === 'YEARLY' ? 365 * DAY : undefined);
  if (unit === undefined) return null;
  const repeatAfter = unit * interval;
  if (repeatAfter > MAX_REPEAT_AFTER) return null;
  const exact = plain && UNITS.some(([name]) => name === freq);
  return { repeatAfter, repeatMode: repeatModes.default, exact };
}

/** Ordo's repeat as a rule; null when the task does not repeat. */
export function rruleOfRepeat(repeatAfter: number, repeatMode: number): string | null {
  if (repeatMode === repeatModes.monthly) return 'FREQ=MONTHLY;INTERVAL=1';
  if (repeatAfter <= 0) return null;
  const [freq, unit] = UNITS.find(([, seconds]) => repeatAfter % seconds === 0) as [string, number];
  return `FREQ=${freq};INTERVAL=${repeatAfter / unit}`;
}

/** Is this a rule Ordo's own repeat settings show in full? A custom rule is shown as itself. */
export function isCustomRrule(rule: string): boolean {
  if (rule.trim() === '') return false;
  return !repeatOfRrule(rule)?.exact;
}
