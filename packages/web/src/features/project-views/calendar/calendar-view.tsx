/**
 * The calendar view: the view's tasks on the days of a month, a week or a day, starting weeks on
 * the user's week start; spans from start to end date, other tasks on their due date. Tasks drag
 * to other days and spans' edges resize them, tasks without dates wait in a sidebar to be dragged
 * onto a day, and a click on a day adds a task there. Only the shown days' tasks are loaded.
 */
import {
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  PointerSensor,
  pointerWithin,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { Alert, Text } from '@mantine/core';
import { useDatesContext } from '@mantine/dates';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Task } from '../../../api/tasks';
import { errorText } from '../../../i18n/error-text';
import { showError } from '../../../ui/notices';
import { isFilterError } from '../../filters/filter-error';
import { TaskFilterBar } from '../../filters/task-filter-bar';
import { taskFilterQuery, useUrlTaskFilter } from '../../filters/use-url-task-filter';
import { useNow } from '../use-now';
import { useOpenTask } from '../use-open-task';
import type { ProjectViewProps } from '../view-props';
import classes from './calendar.module.css';
import { CalendarDayCell } from './calendar-day-cell';
import { type CalendarDrag, dropOnDay } from './calendar-drag';
import { type CalendarMode, calendarGrid, dayKey, type WeekStart } from './calendar-grid';
import { CalendarNewTask } from './calendar-new-task';
import { coversDay, isUnscheduled, moveByDays, placementOf, resizeTo } from './calendar-placement';
import { CalendarToolbar } from './calendar-toolbar';
import { CalendarUnscheduled } from './calendar-unscheduled';
import { useCalendarTasks } from './use-calendar-tasks';

export function CalendarView({ project, view, canWrite }: ProjectViewProps) {
  const { t, i18n } = useTranslation();
  const now = useNow();
  const openTask = useOpenTask();
  const weekStart = useDatesContext().getFirstDayOfWeek() as WeekStart;
  const [mode, setMode] = useState<CalendarMode>('month');
  const [anchor, setAnchor] = useState(() => new Date());
  const [adding, setAdding] = useState<Date | null>(null);
  const [dragged, setDragged] = useState<CalendarDrag | null>(null);
  const grid = useMemo(() => calendarGrid(mode, anchor, weekStart), [mode, anchor, weekStart]);
  const urlFilter = useUrlTaskFilter().current;
  const { shown, unscheduled, setDates } = useCalendarTasks(
    project.id,
    view.id,
    grid.from,
    grid.to,
    taskFilterQuery(urlFilter),
  );
  // A saved filter's calendar has no project of its own to add tasks to.
  const canAdd = canWrite && project.id > 0;

  const placements = useMemo(
    () =>
      (shown.data ?? [])
        .map(placementOf)
        .filter((p) => p !== null)
        // Spans first, longest first, so they line up across days where they can; then by time.
        .sort(
          (a, b) =>
            Number(b.span) - Number(a.span) ||
            a.first.getTime() - b.first.getTime() ||
            b.last.getTime() - a.last.getTime() ||
            a.task.id - b.task.id,
        ),
    [shown.data],
  );
  const sidebarTasks = useMemo(() => (unscheduled.data ?? []).filter(isUnscheduled), [unscheduled.data]);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 6 } }),
  );

  function refuse() {
    showError(t, new Error(t('projectViews.calendar.endBeforeStart')));
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    setDragged(null);
    const drag = active.data.current as CalendarDrag | undefined;
    const day = over?.data.current?.day as Date | undefined;
    if (!drag || !day) return;
    const outcome = dropOnDay(drag, day);
    if (!outcome) return;
    if ('refused' in outcome) refuse();
    else setDates({ task: drag.task, change: outcome.change });
  }

  function nudge(task: Task, days: number, edge: 'move' | 'end') {
    if (edge === 'move') {
      setDates({ task, change: moveByDays(task, days) });
      return;
    }
    const placement = placementOf(task);
    const end = placement ? new Date(placement.last.getTime()) : null;
    end?.setDate(end.getDate() + days);
    const change = end ? resizeTo(task, 'end', end) : null;
    if (change) setDates({ task, change });
    else refuse();
  }

  const weekdayFormat = new Intl.DateTimeFormat(i18n.language, {
    weekday: mode === 'day' ? 'long' : 'short',
  });
  const todayKey = dayKey(now);
  const visibleMonth = anchor.getMonth();
  const nothingShown = shown.isSuccess && placements.length === 0;

  let board: React.ReactNode;
  if (shown.isError)
    board = isFilterError(shown.error) ? null : <Alert color="red">{errorText(shown.error, t)}</Alert>;
  else
    board = (
      <section
        className={classes.board}
        aria-label={t('projectViews.calendar.label')}
        aria-busy={shown.isFetching || undefined}
        style={{ '--calendar-columns': grid.columns } as React.CSSProperties}
      >
        <div className={classes.weekdays} aria-hidden>
          {grid.days.slice(0, grid.columns).map((day) => (
            <div key={day.getDay()} className={classes.weekday} data-testid="calendar-weekday">
              {weekdayFormat.format(day)}
            </div>
          ))}
        </div>
        <div className={classes.days} data-mode={mode}>
          {grid.days.map((day, index) => (
            <CalendarDayCell
              key={dayKey(day)}
              day={day}
              mode={mode}
              placements={placements.filter((p) => coversDay(p, day))}
              daysLeftInRow={grid.columns - 1 - (index % grid.columns)}
              outside={mode === 'month' && day.getMonth() !== visibleMonth}
              today={dayKey(day) === todayKey}
              firstShown={grid.from}
              canAdd={canAdd}
              canWrite={canWrite}
              onAdd={setAdding}
              onOpen={(task) => openTask(task.id)}
              onShowDay={(next) => {
                setAnchor(next);
                setMode('day');
              }}
              onNudge={nudge}
            />
          ))}
        </div>
      </section>
    );

  return (
    <div className={classes.calendar}>
      <TaskFilterBar error={shown.error} allowProject={project.id < -1} />
      <CalendarToolbar mode={mode} anchor={anchor} grid={grid} onMode={setMode} onAnchor={setAnchor} />
      {nothingShown && (
        <Text size="sm" c="dimmed" role="status">
          {canAdd ? t('projectViews.calendar.emptyHint') : t('projectViews.calendar.empty')}
        </Text>
      )}
      <DndContext
        sensors={sensors}
        collisionDetection={pointerWithin}
        onDragStart={({ active }: DragStartEvent) => setDragged(active.data.current as CalendarDrag)}
        onDragEnd={onDragEnd}
        onDragCancel={() => setDragged(null)}
      >
        <div className={classes.body}>
          {board}
          <CalendarUnscheduled
            tasks={sidebarTasks}
            canWrite={canWrite}
            onOpen={(task) => openTask(task.id)}
          />
        </div>
        <DragOverlay dropAnimation={null}>
          {dragged && dragged.kind !== 'start' && dragged.kind !== 'end' && (
            <div className={`${classes.chip} ${classes.overlay}`}>
              <span className={classes.chipTitle}>{dragged.task.title}</span>
            </div>
          )}
        </DragOverlay>
      </DndContext>
      {canAdd && <CalendarNewTask projectId={project.id} day={adding} onClose={() => setAdding(null)} />}
    </div>
  );
}
