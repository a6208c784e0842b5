/**
 * Adding a task on a calendar day: the quick-add input (magic words read as everywhere else) in a
 * dialog; the task is due on that day unless the text gives its own date.
 */
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../ui/modal';
import { QuickAddInput } from '../../quick-add/quick-add-input';
import { dueOnDay } from './calendar-placement';

export function CalendarNewTask({
  projectId,
  day,
  onClose,
}: {
  projectId: number;
  day: Date | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const date = day ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full' }).format(day) : '';
  return (
    <Modal
      opened={day !== null}
      onClose={onClose}
      title={t('projectViews.calendar.newTaskOn', { date })}
      size="lg"
    >
      {day && (
        <QuickAddInput
          projectId={projectId}
          label={t('projectViews.calendar.newTask')}
          placeholder={t('projectViews.calendar.newTaskPlaceholder')}
          extraFields={(draft) => (draft.dueDate ? {} : { dueDate: dueOnDay(day) })}
          onCreated={onClose}
          autoFocus
        />
      )}
    </Modal>
  );
}
