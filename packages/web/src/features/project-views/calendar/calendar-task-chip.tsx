/**
 * A task on a calendar day: a button that opens the task, drags to another day (all its dates
 * move by the same days, times kept) and, on a span's first and last day, has edges that drag its
 * start or end. Keyboard: ←/→ move it a day, ↑/↓ a week, Shift+←/→ move a span's end.
 * A span shows on each of its days; only its first shown day is in the tab order and read out.
 */
import { useDraggable } from '@dnd-kit/core';
import { useDirection } from '@mantine/core';
import { colorWithHash } from '@ordo/core';
import type { CSSProperties, KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Task } from '../../../api/tasks';
import { formatDateTime } from '../../../i18n/date-formats';
import { wireDate } from '../task-display';
import classes from './calendar.module.css';
import type { CalendarDrag } from './calendar-drag';
import { dayKey } from './calendar-grid';
import type { Placement } from './calendar-placement';

export interface ChipKeys {
  /** Move the whole task by days, or (`end`) a span's end. */
  onNudge: (task: Task, days: number, edge: 'move' | 'end') => void;
}

/** The task's colour mixed into the page background, readable in light and dark themes. */
export function chipStyle(task: Task): CSSProperties {
  const color = colorWithHash(task.hexColor ?? '');
  return color
    ? ({ '--chip-color': `color-mix(in srgb, ${color} 35%, var(--mantine-color-body))` } as CSSProperties)
    : {};
}

function Edge({ task, edge, disabled }: { task: Task; edge: 'start' | 'end'; disabled: boolean }) {
  const drag: CalendarDrag = { kind: edge, task };
  const { setNodeRef, listeners } = useDraggable({
    id: `${edge}-${task.id}`,
    data: drag,
    disabled,
  });
  return (
    <span
      ref={setNodeRef}
      className={classes.edge}
      data-edge={edge}
      data-testid={`span-${edge}`}
      aria-hidden
      {...listeners}
      // The chip under the edge is draggable too: this gesture is the edge's alone.
      onPointerDown={(event) => {
        listeners?.onPointerDown?.(event);
        event.stopPropagation();
      }}
    />
  );
}

export function CalendarTaskChip({
  placement,
  day,
  firstShown,
  showTime,
  runDays,
  canWrite,
  onOpen,
  onNudge,
}: {
  placement: Placement;
  day: Date;
  /** The first day of the grid: a span that began earlier is tabbable here. */
  firstShown: Date;
  showTime: boolean;
  /** The span's days from this one to its end or the end of the row: its title runs across them. */
  runDays: number;
  canWrite: boolean;
  onOpen: (task: Task) => void;
} & ChipKeys) {
  const { t, i18n } = useTranslation();
  const { dir } = useDirection();
  const { task, first, last, span } = placement;
  const drag: CalendarDrag = { kind: 'move', task, from: day };
  const { setNodeRef, listeners, isDragging } = useDraggable({
    id: `move-${task.id}-${dayKey(day)}`,
    data: drag,
    disabled: !canWrite,
  });
  const isFirst = day.getTime() === first.getTime();
  const isLast = day.getTime() === last.getTime();
  const leading = isFirst || day.getTime() === firstShown.getTime();

  const dated = wireDate(span ? task.startDate : task.dueDate) ?? first;
  const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(dated);
  const when = span
    ? t('projectViews.calendar.spanLabel', {
        start: formatDateTime(wireDate(task.startDate) ?? first, i18n.language),
        end: formatDateTime(wireDate(task.endDate) ?? last, i18n.language),
      })
    : formatDateTime(dated, i18n.language);

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (!canWrite || event.altKey || event.ctrlKey || event.metaKey) return;
    const forward = dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const backward = dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    const steps: Record<string, number> = { [forward]: 1, [backward]: -1, ArrowDown: 7, ArrowUp: -7 };
    const days = steps[event.key];
    if (days === undefined) return;
    event.preventDefault();
    if (event.shiftKey) {
      if (span && Math.abs(days) === 1) onNudge(task, days, 'end');
    } else onNudge(task, days, 'move');
  }

  return (
    <button
      ref={setNodeRef}
      type="button"
      className={classes.chip}
      style={chipStyle(task)}
      data-done={task.done || undefined}
      data-dragging={isDragging || undefined}
      data-continues-before={(span && !isFirst) || undefined}
      data-continues-after={(span && !isLast) || undefined}
      data-task-id={task.id}
      {...listeners}
      tabIndex={leading ? 0 : -1}
      // A span's later days repeat its first: screen readers hear the task once.
      aria-hidden={!leading || undefined}
      aria-label={`${task.title}: ${when}`}
      title={task.title}
      onClick={(event) => {
        event.stopPropagation();
        onOpen(task);
      }}
      onKeyDown={onKeyDown}
    >
      {span && isFirst && canWrite && <Edge task={task} edge="start" disabled={!canWrite} />}
      {showTime && !span && <span className={classes.chipTime}>{time}</span>}
      {span && leading ? (
        <span className={classes.chipTitle} data-run style={{ '--run-days': runDays } as CSSProperties}>
          {task.title}
        </span>
      ) : (
        <span className={classes.chipTitle}>{span ? '\u00a0' : task.title}</span>
      )}
      {span && isLast && canWrite && <Edge task={task} edge="end" disabled={!canWrite} />}
    </button>
  );
}
