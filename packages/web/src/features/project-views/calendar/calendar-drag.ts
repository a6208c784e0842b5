/**
 * What a calendar drag carries, and the date change a drop on a day asks for: a task moved from
 * one of its days, a span's start or end edge, or an unscheduled task from the sidebar. A drop
 * that would put a span's end before its start gives no change (the view shows a notice).
 */
import { toIsoSeconds } from '@ordo/core';
import type { Task } from '../../../api/tasks';
import { type DatesChange, daysBetween, dueOnDay, moveByDays, resizeTo } from './calendar-placement';

export type CalendarDrag =
  | { kind: 'move'; task: Task; from: Date }
  | { kind: 'start' | 'end'; task: Task }
  | { kind: 'unscheduled'; task: Task };

export type DropOutcome = { change: DatesChange } | { refused: 'endBeforeStart' } | null;

export function dropOnDay(drag: CalendarDrag, day: Date): DropOutcome {
  if (drag.kind === 'unscheduled') return { change: { dueDate: dueOnDay(day) } };
  if (drag.kind === 'move') {
    const days = daysBetween(drag.from, day);
    return days === 0 ? null : { change: moveByDays(drag.task, days) };
  }
  const change = resizeTo(drag.task, drag.kind, day);
  if (!change) return { refused: 'endBeforeStart' };
  const field = drag.kind === 'start' ? 'startDate' : 'endDate';
  return change[field] === toIsoSeconds(new Date(drag.task[field])) ? null : { change };
}
