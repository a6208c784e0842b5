import { toIsoSeconds } from '@ordo/core';
import type { TaskInput } from '../../../api/tasks';
import type { TaskDraft } from '../../quick-add/task-draft';
import { addDays, startOfDay } from './gantt-scale';

/** The bar a new chart task starts with, given when it was typed. */
export function newTaskSpan(
  draft: Pick<TaskDraft, 'dueDate'>,
  now: Date,
): Pick<TaskInput, 'startDate' | 'endDate'> {
  const start = startOfDay(now);
  const tomorrow = addDays(start, 1);
  const end = draft.dueDate && draft.dueDate > tomorrow ? draft.dueDate : tomorrow;
  return { startDate: toIsoSeconds(start), endDate: toIsoSeconds(end) };
}
