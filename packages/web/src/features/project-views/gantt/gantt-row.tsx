/**
 * One row of the gantt chart: the task's title (opens the task) and its bar. The bar's body moves
 * it, its edges resize it; on a row without dates, dragging across the timeline draws a bar.
 */
import { Text, useDirection } from '@mantine/core';
import { colorWithHash, labelTextColor } from '@ordo/core';
import type { CSSProperties, KeyboardEvent, PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Task } from '../../../api/tasks';
import { formatDay } from '../../../i18n/date-formats';
import classes from './gantt.module.css';
import type { DatedTask } from './gantt-rows';
import { barGeometry, type DateSpan, type DayRange, drawnSpan } from './gantt-scale';

export type GanttRow =
  | { kind: 'dated'; item: DatedTask }
  | { kind: 'heading'; count: number }
  | { kind: 'dateless'; task: Task };

export interface Gesture {
  taskId: number;
  task: Task;
  mode: 'move' | 'start' | 'end' | 'draw' | 'keys';
  /** Pointer x where the gesture began. */
  originX: number;
  /** The day a drawn bar started on. */
  anchorDay: number;
  /** The dates before the gesture (none for a drawn bar). */
  span: DateSpan | null;
  preview: DateSpan | null;
  moved: boolean;
}

interface RowProps {
  row: GanttRow;
  index: number;
  top: number;
  height: number;
  labelWidth: number;
  timelineWidth: number;
  range: DayRange;
  dayWidth: number;
  canWrite: boolean;
  gesture: Gesture | null;
  spanOf: (item: DatedTask) => DateSpan;
  onStart: (gesture: Gesture) => void;
  onMove: (clientX: number) => void;
  onEnd: () => void;
  onNudge: (task: Task, span: DateSpan, edge: 'move' | 'end', days: number) => void;
  onOpen: (task: Task) => void;
}

function barStyle(task: Task): CSSProperties {
  if (!task.hexColor) return {};
  return { background: colorWithHash(task.hexColor), color: labelTextColor(task.hexColor) };
}

function Bar({ task, span, props }: { task: Task; span: DateSpan; props: RowProps }) {
  const { t, i18n } = useTranslation();
  const { dir } = useDirection();
  const { range, dayWidth, canWrite, gesture } = props;
  const geometry = barGeometry(span.start, span.end, range, dayWidth);
  const label = t('projectViews.gantt.bar', {
    title: task.title,
    start: formatDay(span.start, i18n.language),
    end: formatDay(span.end, i18n.language),
  });
  const active = gesture?.taskId === task.id;

  function begin(mode: 'move' | 'start' | 'end') {
    return (event: PointerEvent<HTMLElement>) => {
      if (!canWrite || event.button !== 0) return;
      event.stopPropagation();
      event.preventDefault();
      event.currentTarget.setPointerCapture(event.pointerId);
      props.onStart({
        taskId: task.id,
        task,
        mode,
        originX: event.clientX,
        anchorDay: 0,
        span,
        preview: span,
        moved: false,
      });
    };
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'Enter') {
      props.onOpen(task);
      return;
    }
    if (!canWrite || (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight')) return;
    event.preventDefault();
    // Time runs right to left in Arabic and Hebrew: the arrow towards the past is the right one there.
    const back = dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    props.onNudge(task, span, event.shiftKey ? 'end' : 'move', event.key === back ? -1 : 1);
  }

  const narrow = geometry.width < 64;
  return (
    <button
      type="button"
      className={classes.bar}
      aria-label={label}
      title={label}
      data-done={task.done || undefined}
      data-active={active || undefined}
      data-task-id={task.id}
      style={{ insetInlineStart: geometry.left, width: geometry.width, ...barStyle(task) }}
      onPointerDown={begin('move')}
      onPointerMove={(event) => active && props.onMove(event.clientX)}
      onPointerUp={() => active && props.onEnd()}
      onPointerCancel={() => active && props.onEnd()}
      onClick={() => !canWrite && props.onOpen(task)}
      onKeyDown={onKeyDown}
    >
      {canWrite && (
        <span
          className={classes.handle}
          data-edge="start"
          data-testid="bar-start"
          onPointerDown={begin('start')}
          aria-hidden="true"
        />
      )}
      {!narrow && <span className={classes.barLabel}>{task.title}</span>}
      {canWrite && (
        <span
          className={classes.handle}
          data-edge="end"
          data-testid="bar-end"
          onPointerDown={begin('end')}
          aria-hidden="true"
        />
      )}
      {narrow && <span className={classes.outsideLabel}>{task.title}</span>}
    </button>
  );
}

export function GanttRowView(props: RowProps) {
  const { t } = useTranslation();
  const { dir } = useDirection();
  const { row, index, top, height, labelWidth, timelineWidth, dayWidth, canWrite, gesture } = props;
  const style: CSSProperties = {
    height,
    width: labelWidth + timelineWidth,
    transform: `translateY(${top}px)`,
  };

  if (row.kind === 'heading') {
    return (
      <div className={classes.row} data-heading style={style} data-index={index}>
        <div className={classes.label} style={{ width: labelWidth }}>
          <Text size="xs" fw={700} c="dimmed" truncate="end">
            {t('projectViews.gantt.dateless', { count: row.count })}
          </Text>
        </div>
        {canWrite && (
          <Text size="xs" c="dimmed" className={classes.headingHint}>
            {t('projectViews.gantt.drawHint')}
          </Text>
        )}
      </div>
    );
  }

  const task = row.kind === 'dated' ? row.item.task : row.task;
  const drawing = row.kind === 'dateless' && gesture?.taskId === task.id ? gesture.preview : null;
  const span = row.kind === 'dated' ? props.spanOf(row.item) : drawing;

  function beginDraw(event: PointerEvent<HTMLDivElement>) {
    if (!canWrite || row.kind !== 'dateless' || event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    const box = event.currentTarget.getBoundingClientRect();
    const fromStart = dir === 'rtl' ? box.right - event.clientX : event.clientX - box.left;
    const day = Math.floor(fromStart / dayWidth);
    props.onStart({
      taskId: task.id,
      task,
      mode: 'draw',
      originX: event.clientX,
      anchorDay: day,
      span: null,
      // A click without a drag gives the task that one day.
      preview: drawnSpan(props.range, day, day),
      moved: true,
    });
  }

  return (
    <div
      className={classes.row}
      style={style}
      data-index={index}
      data-done={task.done || undefined}
      data-dateless={row.kind === 'dateless' || undefined}
    >
      <div className={classes.label} style={{ width: labelWidth }}>
        <button
          type="button"
          className={classes.labelButton}
          onClick={() => props.onOpen(task)}
          title={task.title}
        >
          <span className={classes.identifier}>{task.identifier || `#${task.index}`}</span>
          <span className={classes.labelTitle}>{task.title}</span>
        </button>
      </div>
      <div
        className={classes.timeline}
        style={{ insetInlineStart: labelWidth, width: timelineWidth }}
        data-drawable={(canWrite && row.kind === 'dateless') || undefined}
        title={
          canWrite && row.kind === 'dateless'
            ? t('projectViews.gantt.drawOn', { title: task.title })
            : undefined
        }
        onPointerDown={beginDraw}
        onPointerMove={(event) =>
          gesture?.mode === 'draw' && gesture.taskId === task.id && props.onMove(event.clientX)
        }
        onPointerUp={() => gesture?.mode === 'draw' && gesture.taskId === task.id && props.onEnd()}
      >
        {span && <Bar task={task} span={span} props={props} />}
      </div>
    </div>
  );
}
