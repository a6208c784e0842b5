/**
 * Adding a task on the gantt chart (as Vikunja's gantt does): the text is read with quick-add
 * magic, and the task gets a bar at once: from today to tomorrow, or to its due date when the text
 * gives one later than today.
 */
import { useTranslation } from 'react-i18next';
import { QuickAddInput } from '../../quick-add/quick-add-input';
import { newTaskSpan } from './gantt-new-task-span';

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
