/**
 * How list and table show a task's due date and priority (spec 2 §3 Task, §9): due dates as a
 * relative text refreshed every minute, red when overdue; priority only at or above the user's
 * minimum priority and only while the task is open.
 */
import { isUnsetDate } from '@ordo/core';
import type { Task } from '../../api/tasks';
import { relativeTimeFormat } from '../../i18n/date-formats';

export const PRIORITY = { unset: 0, low: 1, medium: 2, high: 3, urgent: 4, doNow: 5 } as const;
export const PRIORITY_KEYS = ['unset', 'low', 'medium', 'high', 'urgent', 'doNow'] as const;

export function showsPriority(task: Pick<Task, 'priority' | 'done'>, minimumPriority: number): boolean {
  return !task.done && task.priority > PRIORITY.unset && task.priority >= minimumPriority;
}

export function wireDate(value: string | null | undefined): Date | null {
  if (isUnsetDate(value)) return null;
  const date = new Date(value as string);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function isOverdue(task: Pick<Task, 'dueDate' | 'done'>, now: Date): boolean {
  const due = wireDate(task.dueDate);
  return !task.done && due !== null && due.getTime() < now.getTime();
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "in 3 days", "2 hours ago", "now" in the given language, in the largest whole unit. */
export function relativeTime(date: Date, now: Date, locale: string): string {
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  const format = relativeTimeFormat(locale);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(0, 'minute');
}

/** The full date for tooltips and the table: "31 Jan 2024, 09:00" in the user's language. */
export { formatDateTime } from '../../i18n/date-formats';
