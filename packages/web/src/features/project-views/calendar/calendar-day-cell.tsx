/**
 * One day of the calendar: its number (a button that adds a task on the day, as does a click on
 * the day's empty space), its tasks, and a drop target for dragged tasks. A month cell shows a few
 * tasks and a button to the day's own page for the rest.
 */
import { useDroppable } from '@dnd-kit/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Task } from '../../../api/tasks';
import classes from './calendar.module.css';
import { type CalendarMode, dayKey } from './calendar-grid';
import { daysBetween, type Placement } from './calendar-placement';
import { CalendarTaskChip, type ChipKeys } from './calendar-task-chip';

/** Tasks a month cell shows before "n more". */
const MONTH_CELL_TASKS = 3;

export interface DayCellProps extends ChipKeys {
  day: Date;
  mode: CalendarMode;
  placements: Placement[];
  /** Days after this one in its row of the grid. */
  daysLeftInRow: number;
  outside: boolean;
  today: boolean;
  firstShown: Date;
  canAdd: boolean;
  canWrite: boolean;
  onAdd: (day: Date) => void;
  onOpen: (task: Task) => void;
  onShowDay: (day: Date) => void;
}

export function CalendarDayCell({
  day,
  mode,
  placements,
  daysLeftInRow,
  outside,
  today,
  firstShown,
  canAdd,
  canWrite,
  onAdd,
  onOpen,
  onShowDay,
  onNudge,
}: DayCellProps) {
  const { t, i18n } = useTranslation();
  const { setNodeRef, isOver } = useDroppable({
    id: `day-${dayKey(day)}`,
    data: { day },
    disabled: !canWrite,
  });
  const limit = mode === 'month' ? MONTH_CELL_TASKS : placements.length;
  const shown = placements.slice(0, limit);
  const hidden = placements.length - shown.length;
  const fullDate = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full' }).format(day);

  return (
    // A click on the day's empty space adds a task too; the number button is the keyboard's way.
    // biome-ignore lint/a11y/noStaticElementInteractions: the day number button does the same
    // biome-ignore lint/a11y/useKeyWithClickEvents: the day number button does the same
    <div
      ref={setNodeRef}
      className={classes.day}
      data-day={dayKey(day)}
      data-outside={outside || undefined}
      data-today={today || undefined}
      data-over={isOver || undefined}
      onClick={(event) => {
        if (canAdd && !(event.target as HTMLElement).closest('button')) onAdd(day);
      }}
    >
      <div className={classes.dayHead}>
        <button
          type="button"
          className={classes.dayNumber}
          aria-label={canAdd ? t('projectViews.calendar.addOn', { date: fullDate }) : fullDate}
          aria-current={today ? 'date' : undefined}
          disabled={!canAdd}
          onClick={() => onAdd(day)}
        >
          {day.getDate()}
        </button>
        {canAdd && <IconPlus size={14} className={classes.addHint} aria-hidden />}
      </div>
      {shown.map((placement) => (
        <CalendarTaskChip
          key={placement.task.id}
          placement={placement}
          day={day}
          firstShown={firstShown}
          showTime={mode !== 'month'}
          runDays={Math.min(daysBetween(day, placement.last), daysLeftInRow) + 1}
          canWrite={canWrite}
          onOpen={onOpen}
          onNudge={onNudge}
        />
      ))}
      {hidden > 0 && (
        <button type="button" className={classes.more} onClick={() => onShowDay(day)}>
          {t('projectViews.calendar.more', { count: hidden })}
        </button>
      )}
    </div>
  );
}
