import { toIsoSeconds } from '../api-dates.js';

/**
 * Task reminders (reference §4.4): an absolute instant, or a period in seconds (negative means
 * before) relative to the task's due, start or end date. Relative reminders are recomputed from
 * the task's dates on every save; with the base date unset their instant is unset too.
 */
export const reminderBases = ['due_date', 'start_date', 'end_date'] as const;
export type ReminderBase = (typeof reminderBases)[number];

export function isReminderBase(value: string): value is ReminderBase {
  return (reminderBases as readonly string[]).includes(value);
}

export interface ReminderSpec {
  /** Stored instant text (`2024-01-31T09:00:00Z`); ignored for relative reminders. */
  reminder: string | null;
  relativePeriod: number;
  relativeTo: ReminderBase | null;
}

/** The task dates reminders are relative to, as stored text or null when unset. */
export type ReminderBaseDates = Record<ReminderBase, string | null>;

export interface ResolvedReminder {
  reminder: string | null;
  relativePeriod: number;
  relativeTo: ReminderBase | null;
}

/** The instant of a relative reminder, or null when its base date is unset. */
export function relativeReminderAt(base: string | null, periodSeconds: number): string | null {
  if (!base) return null;
  return toIsoSeconds(new Date(new Date(base).getTime() + periodSeconds * 1000));
}

/**
 * Computes every reminder's instant, drops absolute reminders without one, keeps one reminder per
 * instant (relative reminders with an unset base are kept once per base and period), and sorts by
 * instant with unset ones last.
 */
export function resolveReminders(
  specs: readonly ReminderSpec[],
  dates: ReminderBaseDates,
): ResolvedReminder[] {
  const seen = new Set<string>();
  const out: ResolvedReminder[] = [];
  for (const spec of specs) {
    const reminder = spec.relativeTo
      ? relativeReminderAt(dates[spec.relativeTo], spec.relativePeriod)
      : spec.reminder;
    if (!reminder && !spec.relativeTo) continue;
    const key = reminder ?? `${spec.relativeTo}:${spec.relativePeriod}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({
      reminder,
      relativePeriod: spec.relativeTo ? spec.relativePeriod : 0,
      relativeTo: spec.relativeTo,
    });
  }
  return out.sort((a, b) => {
    if (a.reminder === b.reminder) return 0;
    if (a.reminder === null) return 1;
    if (b.reminder === null) return -1;
    return a.reminder < b.reminder ? -1 : 1;
  });
}
