/**
 * Adding a task on the gantt chart (as Vikunja's gantt does): the text is read with quick-add
 * magic, and the task gets a bar at once: from today to tomorrow, or to its due date when the text
 * gives one later than today.
 */
import { toIsoSeconds } from '@ordo/core';
import { useTranslation } from 'react-i18next';
import type { TaskInput } from '../../../api/tasks';
import { QuickAddInput } from '../../quick-add/quick-add-input';
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

export function GanttNewTask({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  return (
    <QuickAddInput
      projectId={projectId}
      label={t('projectViews.gantt.newTask')}
      placeholder={t('projectViews.gantt.newTaskPlaceholder')}
      extraFields={(draft) => newTaskSpan(draft, new Date())}
    />
  );
}
