/**
 * Default reminders for new tasks (behaviour.md §1.8): a list of offsets from the due date kept in
 * the user's frontend settings as `default_reminders` (`[{ "relative_period": -86400,
 * "relative_to": "due_date" }]`, Vikunja-style free-form frontend settings, so the server stores
 * them untouched and other clients ignore them). The web app attaches them when it creates a task
 * that has a due date; a task without one gets none.
 */
import { ZERO_DATE } from '@ordo/core';
import type { Reminder } from '../../api/tasks';

/** The offsets the settings offer, in seconds from the due date (negative: before it). */
export const DEFAULT_REMINDER_CHOICES = [-15 * 60, -60 * 60, -24 * 60 * 60, -7 * 24 * 60 * 60] as const;

/** The offsets stored in the frontend settings (camel-cased by the API client); anything else is dropped. */
export function defaultReminderPeriods(stored: unknown): number[] {
  if (!Array.isArray(stored)) return [];
  const periods = stored
    .filter((r): r is { relativePeriod: number; relativeTo: string } => {
      const item = r as { relativePeriod?: unknown; relativeTo?: unknown } | null;
      return (
        typeof item?.relativePeriod === 'number' &&
        Number.isInteger(item.relativePeriod) &&
        item.relativeTo === 'due_date'
      );
    })
    .map((r) => r.relativePeriod);
  return [...new Set(periods)];
}

/** The settings value for the chosen offsets. */
export function storedDefaultReminders(periods: readonly number[]) {
  return [...new Set(periods)]
    .sort((a, b) => a - b)
    .map((relativePeriod) => ({ relativePeriod, relativeTo: 'due_date' as const }));
}

/** The reminders a new task gets: relative to its due date, and only when it has one. */
export function remindersForNewTask(periods: readonly number[], hasDueDate: boolean): Reminder[] {
  if (!hasDueDate) return [];
  return periods.map((relativePeriod) => ({ reminder: ZERO_DATE, relativePeriod, relativeTo: 'due_date' }));
}
