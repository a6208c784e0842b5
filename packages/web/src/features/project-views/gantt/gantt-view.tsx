/**
 * The gantt view: the view's tasks with a start and an end date as bars on a day, week or month
 * scale over a chosen date range (a window around today at first), today marked, arrows for
 * precedes/follows and blocking/blocked. Bars move by dragging, their edges resize them, and
 * dragging across an empty row gives a task without dates its dates; every change is saved and
 * put back if refused. Only the rows on screen are drawn (smooth with thousands of tasks).
 * Keyboard on a bar: ←/→ move it a day, Shift+←/→ change its end, Enter opens the task.
 */
import '../../../ui/calendar-styles';
import { Alert, Button, Checkbox, Group, SegmentedControl, Text, useDirection } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Task } from '../../../api/tasks';
import { errorText } from '../../../i18n/error-text';
import { dayjsLocaleOf } from '../../../i18n/languages';
import { DelayedLoader } from '../../../ui/delayed-loader';
import { isFilterError } from '../../filters/filter-error';
import { TaskFilterBar } from '../../filters/task-filter-bar';
import { taskFilterQuery, useUrlTaskFilter } from '../../filters/use-url-task-filter';
import { useNow } from '../use-now';
import { useOpenTask } from '../use-open-task';
import type { ProjectViewProps } from '../view-props';
import classes from './gantt.module.css';
import { GanttArrows } from './gantt-arrows';
import { GanttNewTask } from './gantt-new-task';
import { type GanttRow, GanttRowView, type Gesture } from './gantt-row';
import { type DatedTask, relationArrows, splitByDates } from './gantt-rows';
import {
  DAY_WIDTH,
  type DateSpan,
  type DayRange,
  dayCount,
  dayOffset,
  defaultRange,
  drawnSpan,
  type GanttScale,
  headerRows,
  moveSpan,
  resizeSpan,
  startOfDay,
} from './gantt-scale';
import { useGanttTasks } from './use-gantt-tasks';

export const ROW_HEIGHT = 36;
const HEADER_HEIGHT = 56;

function pickerDay(value: string | null): Date | null {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : null;
}

function pickerValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function GanttView({ project, view, canWrite }: ProjectViewProps) {
  const { t, i18n } = useTranslation();
  const { dir } = useDirection();
  const now = useNow();
  const openTask = useOpenTask();
  const narrow = useMediaQuery('(max-width: 48em)');
  const labelWidth = narrow ? 120 : 240;
  const [range, setRange] = useState<DayRange>(() => defaultRange(new Date()));
  const [picked, setPicked] = useState<[string | null, string | null]>([
    pickerValue(range.from),
    pickerValue(range.to),
  ]);
  const [scale, setScale] = useState<GanttScale>('day');
  const [withDateless, setWithDateless] = useState(false);
  const urlFilter = useUrlTaskFilter().current;
  const { query, setDates } = useGanttTasks(
    project.id,
    view.id,
    range,
    withDateless,
    taskFilterQuery(urlFilter),
  );
  const dayWidth = DAY_WIDTH[scale];
  const days = dayCount(range);
  const timelineWidth = days * dayWidth;

  const { dated, dateless } = useMemo(() => splitByDates(query.data ?? []), [query.data]);
  const rows = useMemo<GanttRow[]>(() => {
    const list: GanttRow[] = dated.map((item) => ({ kind: 'dated', item }));
    if (withDateless && dateless.length > 0) {
      list.push({ kind: 'heading', count: dateless.length });
      for (const task of dateless) list.push({ kind: 'dateless', task });
    }
    return list;
  }, [dated, dateless, withDateless]);
  const arrows = useMemo(() => relationArrows(dated.map((d) => d.task)), [dated]);

  // One gesture at a time: a bar moved or resized, or a bar drawn on a row without dates.
  const [gesture, setGesture] = useState<Gesture | null>(null);
  const gestureRef = useRef<Gesture | null>(null);
  gestureRef.current = gesture;
  const keyTimer = useRef<number>(undefined);

  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    getItemKey: (index) => {
      const row = rows[index];
      return row.kind === 'dated'
        ? row.item.task.id
        : row.kind === 'dateless'
          ? `d${row.task.id}`
          : 'heading';
    },
  });
  const items = virtualizer.getVirtualItems();

  // Today a little in from the left when the chart first shows.
  const scrolledToToday = useRef(false);
  useLayoutEffect(() => {
    if (scrolledToToday.current || !scroller.current || !query.isSuccess) return;
    scrolledToToday.current = true;
    const fromStart = Math.max(0, (dayOffset(range.from, startOfDay(new Date())) - 2) * dayWidth);
    // Right to left, scrollLeft counts from the right edge towards the left, in negative numbers.
    scroller.current.scrollLeft = dir === 'rtl' ? -fromStart : fromStart;
  }, [query.isSuccess, range.from, dayWidth, dir]);

  useEffect(() => () => window.clearTimeout(keyTimer.current), []);

  function spanOf(item: DatedTask): DateSpan {
    return gesture?.taskId === item.task.id && gesture.preview ? gesture.preview : item;
  }

  function startGesture(next: Gesture) {
    setGesture(next);
  }

  function updateGesture(clientX: number) {
    const current = gestureRef.current;
    if (!current) return;
    const delta = Math.round(((clientX - current.originX) * (dir === 'rtl' ? -1 : 1)) / dayWidth);
    let preview: DateSpan | null = current.preview;
    if (current.mode === 'draw') {
      preview = drawnSpan(range, current.anchorDay, current.anchorDay + delta);
    } else if (current.span && current.mode !== 'keys') {
      preview =
        current.mode === 'move'
          ? moveSpan(current.span, delta)
          : resizeSpan(current.span, current.mode, delta);
    }
    setGesture({ ...current, preview, moved: current.moved || delta !== 0 });
  }

  function endGesture() {
    const current = gestureRef.current;
    setGesture(null);
    if (!current) return;
    if (current.moved && current.preview) setDates({ task: current.task, span: current.preview });
    else if (current.mode === 'move') openTask(current.task.id);
  }

  /** Arrow keys on a bar: the change shows at once and is saved once the keys rest. */
  function nudge(task: Task, span: DateSpan, edge: 'move' | 'end', days: number) {
    const base =
      gestureRef.current?.taskId === task.id && gestureRef.current.preview
        ? gestureRef.current.preview
        : span;
    const preview = edge === 'move' ? moveSpan(base, days) : resizeSpan(base, 'end', days);
    setGesture({ taskId: task.id, task, mode: 'keys', originX: 0, anchorDay: 0, span, preview, moved: true });
    window.clearTimeout(keyTimer.current);
    keyTimer.current = window.setTimeout(() => {
      setGesture(null);
      setDates({ task, span: preview });
    }, 700);
  }

  const [top, bottom] = useMemo(() => headerRows(range, scale, i18n.language), [range, scale, i18n.language]);
  const todayOffset = dayOffset(range.from, now);
  const showsToday = todayOffset >= 0 && todayOffset < days;

  function applyRange(value: [string | null, string | null]) {
    setPicked(value);
    const from = pickerDay(value[0]);
    const to = pickerDay(value[1]);
    if (from && to && to >= from) {
      scrolledToToday.current = false;
      setRange({ from, to });
    }
  }

  const toolbar = (
    <Group gap="sm" wrap="wrap" className={classes.toolbar}>
      <DatePickerInput
        type="range"
        size="sm"
        value={picked}
        onChange={applyRange}
        locale={dayjsLocaleOf(i18n.language)}
        label={t('projectViews.gantt.range')}
        leftSection={<IconCalendarEvent size={16} />}
        valueFormat="D MMM YYYY"
        allowSingleDateInRange
        miw={240}
      />
      <SegmentedControl
        size="sm"
        value={scale}
        onChange={(value) => setScale(value as GanttScale)}
        aria-label={t('projectViews.gantt.scale')}
        data={[
          { value: 'day', label: t('projectViews.gantt.day') },
          { value: 'week', label: t('projectViews.gantt.week') },
          { value: 'month', label: t('projectViews.gantt.month') },
        ]}
        className={classes.scale}
      />
      <Button
        variant="default"
        size="sm"
        className={classes.scale}
        onClick={() => {
          const fresh = defaultRange(new Date());
          scrolledToToday.current = false;
          setRange(fresh);
          setPicked([pickerValue(fresh.from), pickerValue(fresh.to)]);
        }}
      >
        {t('projectViews.gantt.today')}
      </Button>
      <Checkbox
        className={`${classes.scale} ${classes.datelessToggle}`}
        checked={withDateless}
        onChange={(event) => setWithDateless(event.currentTarget.checked)}
        label={t('projectViews.gantt.showDateless')}
      />
    </Group>
  );

  let chart: React.ReactNode;
  if (query.isPending) chart = <DelayedLoader label={t('projectViews.loading')} />;
  else if (query.isError)
    // A filter error shows under the filter input.
    chart = isFilterError(query.error) ? null : <Alert color="red">{errorText(query.error, t)}</Alert>;
  else
    chart = (
      <section
        ref={scroller}
        className={classes.scroller}
        style={{ '--gantt-label-width': `${labelWidth}px` } as React.CSSProperties}
        aria-label={t('projectViews.gantt.chart')}
        data-gesture={gesture?.mode}
      >
        <div style={{ width: labelWidth + timelineWidth, height: HEADER_HEIGHT + rows.length * ROW_HEIGHT }}>
          <div
            className={classes.header}
            style={{ width: labelWidth + timelineWidth, height: HEADER_HEIGHT }}
          >
            <div className={classes.corner} style={{ width: labelWidth }}>
              <Text size="xs" c="dimmed" fw={600}>
                {t('projectViews.gantt.task')}
              </Text>
            </div>
            {[top, bottom].map((cells, level) => (
              <div
                key={level === 0 ? 'top' : 'bottom'}
                className={classes.headerRow}
                style={{
                  insetInlineStart: labelWidth,
                  top: level * (HEADER_HEIGHT / 2),
                  width: timelineWidth,
                }}
              >
                {cells.map((cell) => (
                  <div
                    key={cell.key}
                    className={classes.headerCell}
                    data-level={level}
                    data-weekend={cell.weekend || undefined}
                    style={{ insetInlineStart: cell.left, width: cell.width }}
                    title={cell.label}
                  >
                    {level === 0 ? (
                      <span className={classes.stickyLabel}>{cell.label}</span>
                    ) : cell.width >= 12 ? (
                      cell.label
                    ) : (
                      ''
                    )}
                  </div>
                ))}
              </div>
            ))}
            {showsToday && (
              <div
                className={classes.todayFlag}
                style={{ insetInlineStart: labelWidth + todayOffset * dayWidth }}
                title={t('projectViews.gantt.today')}
              />
            )}
          </div>
          <div
            className={classes.grid}
            style={{
              insetInlineStart: labelWidth,
              top: HEADER_HEIGHT,
              width: timelineWidth,
              height: rows.length * ROW_HEIGHT,
              backgroundSize: `${scale === 'day' ? dayWidth : scale === 'week' ? dayWidth * 7 : dayWidth * 30}px 100%`,
            }}
          >
            {scale === 'day' &&
              bottom
                .filter((cell) => cell.weekend)
                .map((cell) => (
                  <div
                    key={cell.key}
                    className={classes.weekend}
                    style={{ insetInlineStart: cell.left, width: cell.width }}
                  />
                ))}
            {showsToday && (
              <div className={classes.today} style={{ insetInlineStart: todayOffset * dayWidth }} />
            )}
          </div>
          <GanttArrows
            arrows={arrows}
            rows={rows}
            first={items[0]?.index ?? 0}
            last={items.at(-1)?.index ?? 0}
            spanOf={spanOf}
            range={range}
            dayWidth={dayWidth}
            rowHeight={ROW_HEIGHT}
            style={{
              insetInlineStart: labelWidth,
              top: HEADER_HEIGHT,
              width: timelineWidth,
              height: rows.length * ROW_HEIGHT,
            }}
          />
          {items.map((item) => (
            <GanttRowView
              key={item.key}
              row={rows[item.index]}
              index={item.index}
              top={HEADER_HEIGHT + item.start}
              height={ROW_HEIGHT}
              labelWidth={labelWidth}
              timelineWidth={timelineWidth}
              range={range}
              dayWidth={dayWidth}
              canWrite={canWrite}
              gesture={gesture}
              spanOf={spanOf}
              onStart={startGesture}
              onMove={updateGesture}
              onEnd={endGesture}
              onNudge={nudge}
              onOpen={(task) => openTask(task.id)}
            />
          ))}
        </div>
        {rows.length === 0 && (
          <Text size="sm" c="dimmed" className={classes.empty}>
            {withDateless ? t('projectViews.gantt.emptyRange') : t('projectViews.gantt.emptyHint')}
          </Text>
        )}
      </section>
    );

  return (
    <div className={classes.gantt}>
      <TaskFilterBar error={query.error} allowProject={project.id < -1} />
      {toolbar}
      {/* A saved filter's chart has no project of its own to add tasks to. */}
      {canWrite && project.id > 0 && <GanttNewTask projectId={project.id} />}
      {chart}
    </div>
  );
}
