/**
 * Where a task sits on the calendar and how dragging changes its dates. A task with a start and
 * an end date is a span over those days; otherwise it sits on its due date (or, lacking one, on
 * its lone start or end date). Moving keeps every date's time of day and shifts all of the task's
 * dates by the same number of days; resizing moves one end of a span and refuses to pass the other.
 */
import { toIsoSeconds } from '@ordo/core';
import { addDays, differenceInCalendarDays, startOfDay } from 'date-fns';
import type { Task } from '../../../api/tasks';
import { wireDate } from '../task-display';

export type DateField = 'dueDate' | 'startDate' | 'endDate';
export type DatesChange = Partial<Pick<Task, DateField>>;

export interface Placement {
  task: Task;
  /** The local days the task covers: one for a due date, several for a span. */
  first: Date;
  last: Date;
  span: boolean;
}

export function placementOf(task: Task): Placement | null {
  const start = wireDate(task.startDate);
  const end = wireDate(task.endDate);
  if (start && end) {
    const first = startOfDay(start);
    // An end before the start (allowed by the API) is drawn as a one-day span.
    const last = end < start ? first : startOfDay(end);
    return { task, first, last, span: true };
  }
  const single = wireDate(task.dueDate) ?? start ?? end;
  return single ? { task, first: startOfDay(single), last: startOfDay(single), span: false } : null;
}

export function isUnscheduled(task: Task): boolean {
  return placementOf(task) === null;
}

export function coversDay(placement: Placement, day: Date): boolean {
  return day >= placement.first && day <= placement.last;
}

/** Every set date of the task moved by `days` whole days, its time of day kept. */
export function moveByDays(task: Task, days: number): DatesChange {
  const change: DatesChange = {};
  for (const field of ['dueDate', 'startDate', 'endDate'] as const) {
    const date = wireDate(task[field]);
    if (date) change[field] = toIsoSeconds(addDays(date, days));
  }
  return change;
}

/** The days from where a task sits (its first day) to the day it is dropped on. */
export function daysBetween(from: Date, to: Date): number {
  return differenceInCalendarDays(to, from);
}

/** A span's start or end put on another day, its time kept; null when it would pass the other end. */
export function resizeTo(task: Task, edge: 'start' | 'end', day: Date): DatesChange | null {
  const start = wireDate(task.startDate);
  const end = wireDate(task.endDate);
  if (!start || !end) return null;
  const moved = edge === 'start' ? start : end;
  const next = addDays(moved, differenceInCalendarDays(day, moved));
  if (edge === 'start' ? next > end : next < start) return null;
  return edge === 'start' ? { startDate: toIsoSeconds(next) } : { endDate: toIsoSeconds(next) };
}

/**
 * The due date a task gets when put on a day without a time: midday, so it stays on that day for
 * anyone within twelve hours of the user's time zone.
 */
export function dueOnDay(day: Date): string {
  const midday = startOfDay(day);
  midday.setHours(12);
  return toIsoSeconds(midday);
}
