/**
 * The date picker's quick choices (spec 2 §9) and the defer steps (spec 2 §4, §9). A quick choice
 * is a day interval from today (behaviour.md §2) at the default hour for now, on the full hour.
 */
import { dayInterval, defaultHour } from '@ordo/core';

export const quickChoices = [
  'today',
  'tomorrow',
  'nextMonday',
  'thisWeekend',
  'laterThisWeek',
  'nextWeek',
] as const;
export type QuickChoice = (typeof quickChoices)[number];

export function quickChoiceDate(choice: QuickChoice, now: Date): Date {
  const date = new Date(now);
  date.setDate(date.getDate() + dayInterval(choice, now.getDay()));
  date.setHours(defaultHour(now), 0, 0, 0);
  return date;
}

export const deferSteps = [1, 3, 7] as const;

/** The due date moved by whole days, keeping its wall-clock time across daylight-saving changes. */
export function deferredDate(due: Date, days: number): Date {
  const date = new Date(due);
  date.setDate(date.getDate() + days);
  return date;
}

/** Reminder presets offer these hours (spec 2 §9). */
export const reminderDefaultHours = [9, 12, 15, 18, 21] as const;
