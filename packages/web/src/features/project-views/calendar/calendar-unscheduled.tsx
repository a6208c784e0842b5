/**
 * The sidebar of the view's tasks without any date: each drags onto a day (which becomes its due
 * date) and opens on a click.
 */
import { useDraggable } from '@dnd-kit/core';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Task } from '../../../api/tasks';
import classes from './calendar.module.css';
import type { CalendarDrag } from './calendar-drag';
import { chipStyle } from './calendar-task-chip';

function UnscheduledTask({
  task,
  canWrite,
  onOpen,
}: {
  task: Task;
  canWrite: boolean;
  onOpen: (task: Task) => void;
}) {
  const drag: CalendarDrag = { kind: 'unscheduled', task };
  const { setNodeRef, listeners, isDragging } = useDraggable({
    id: `unscheduled-${task.id}`,
    data: drag,
    disabled: !canWrite,
  });
  return (
    <button
      ref={setNodeRef}
      type="button"
      className={classes.chip}
      style={chipStyle(task)}
      data-done={task.done || undefined}
      data-dragging={isDragging || undefined}
      {...listeners}
      onClick={() => onOpen(task)}
    >
      <span className={classes.chipTitle}>{task.title}</span>
    </button>
  );
}

export function CalendarUnscheduled({
  tasks,
  canWrite,
  onOpen,
}: {
  tasks: Task[];
  canWrite: boolean;
  onOpen: (task: Task) => void;
}) {
  const { t } = useTranslation();
  return (
    <aside className={classes.sidebar} aria-labelledby="calendar-unscheduled">
      <Text id="calendar-unscheduled" size="sm" fw={600}>
        {t('projectViews.calendar.unscheduled', { count: tasks.length })}
      </Text>
      {tasks.length === 0 ? (
        <Text size="xs" c="dimmed">
          {t('projectViews.calendar.unscheduledEmpty')}
        </Text>
      ) : (
        <>
          {canWrite && (
            <Text size="xs" c="dimmed">
              {t('projectViews.calendar.unscheduledHint')}
            </Text>
          )}
          {tasks.map((task) => (
            <UnscheduledTask key={task.id} task={task} canWrite={canWrite} onOpen={onOpen} />
          ))}
        </>
      )}
    </aside>
  );
}
