/** The start and end dates of the task detail: a date field each, saved on change. */
import { useTranslation } from 'react-i18next';
import { dateOf, wireDate } from '../task-dates';
import { DateField } from './date-field';

interface SpanDateProps {
  editor: TaskEditor;
  /** The user's first day of the week, for the date picker. */
  weekStart: number;
}

import type { TaskEditor } from '../use-task-editor';

export function StartDateField({ editor, weekStart }: SpanDateProps) {
  const { t } = useTranslation();
  return (
    <DateField
      label={t('tasks.fields.startDate')}
      value={dateOf(editor.task.startDate)}
      onChange={(date) => editor.save({ startDate: wireDate(date) })}
      disabled={!editor.canWrite}
      weekStart={weekStart}
    />
  );
}

export function EndDateField({ editor, weekStart }: SpanDateProps) {
  const { t } = useTranslation();
  return (
    <DateField
      label={t('tasks.fields.endDate')}
      value={dateOf(editor.task.endDate)}
      onChange={(date) => editor.save({ endDate: wireDate(date) })}
      disabled={!editor.canWrite}
      weekStart={weekStart}
    />
  );
}
