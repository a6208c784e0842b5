/**
 * The list view's rows, virtualised against the window: only the rows in view (and a few around
 * them) are in the DOM, so a list of 10,000 tasks scrolls as smoothly as one of ten. It owns what
 * changes as the list scrolls (the virtualizer, the focused row), so scrolling re-renders this and
 * the rows coming into view, not the view around it. Keys: j / k move, Enter opens, x picks.
 */
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Task } from '../../../api/tasks';
import { listShortcuts } from '../../../app/shortcuts/shortcut-catalogue';
import { useShortcut } from '../../../app/shortcuts/shortcuts';
import type { TaskSelection } from '../selection/use-task-selection';
import type { TaskRow } from '../task-tree';
import { useOpenTask } from '../use-open-task';
import classes from './list-view.module.css';
import { SortableTaskRow } from './sortable-task-row';
import { TaskListRow } from './task-list-row';

interface VirtualTaskListProps {
  rows: readonly TaskRow[];
  /** Top-level rows get a drag handle. */
  reorderable: boolean;
  canWrite: boolean;
  minimumPriority: number;
  now: Date;
  onToggleDone: (task: Task, done: boolean) => void;
  /** Tasks of this project can be picked for a bulk change; null when the list cannot. */
  selectableProjectId: number | null;
  selection: TaskSelection;
  /** Asked for when the user nears the end of what is loaded. */
  loadMore: () => void;
}

export function VirtualTaskList({
  rows,
  reorderable,
  canWrite,
  minimumPriority,
  now,
  onToggleDone,
  selectableProjectId,
  selection,
  loadMore,
}: VirtualTaskListProps) {
  const { t } = useTranslation();
  const openTask = useOpenTask();
  const onOpen = useCallback((task: Task) => openTask(task.id), [openTask]);
  const [focused, setFocused] = useState(-1);

  const listRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    setScrollMargin(listRef.current ? listRef.current.getBoundingClientRect().top + window.scrollY : 0);
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => 46,
    overscan: 8,
    scrollMargin,
    getItemKey: (index) => rows[index]?.task.id ?? index,
  });
  const items = virtualizer.getVirtualItems();

  // Load the next page before the user reaches the end.
  const lastIndex = items.at(-1)?.index ?? 0;
  useEffect(() => {
    if (lastIndex >= rows.length - 15) loadMore();
  }, [loadMore, lastIndex, rows.length]);

  function moveFocus(step: number) {
    if (rows.length === 0) return;
    const next = Math.min(rows.length - 1, Math.max(0, focused + step));
    setFocused(next);
    virtualizer.scrollToIndex(next, { align: 'auto' });
    requestAnimationFrame(() =>
      listRef.current
        ?.querySelector<HTMLElement>(`[data-index="${next}"] [data-task-link]`)
        ?.focus({ preventScroll: true }),
    );
  }
  const selectable = (task: Task) => selectableProjectId !== null && task.projectId === selectableProjectId;
  useShortcut(listShortcuts.down, () => moveFocus(1));
  useShortcut(listShortcuts.up, () => moveFocus(-1));
  useShortcut(listShortcuts.select, () => {
    const row = rows[focused];
    if (row && selectable(row.task)) selection.toggle(row.task.id);
  });
  useShortcut(listShortcuts.open, () => {
    const row = rows[focused];
    if (row) openTask(row.task.id);
  });

  const anySelected = selection.selected.size > 0;
  return (
    // biome-ignore lint/a11y/useSemanticElements: virtualised rows are absolutely positioned divs, so ul/li cannot be used
    <div
      ref={listRef}
      role="list"
      aria-label={t('projectViews.tasks')}
      className={classes.list}
      style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
    >
      {items.map((item) => {
        const row = rows[item.index];
        const Row = reorderable && row.depth === 0 ? SortableTaskRow : TaskListRow;
        // A subtask from another project cannot join a bulk change of this one.
        const canPick = selectable(row.task);
        return (
          <div
            key={item.key}
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              width: '100%',
              transform: `translateY(${item.start - scrollMargin}px)`,
            }}
          >
            <Row
              ref={virtualizer.measureElement}
              index={item.index}
              task={row.task}
              depth={row.depth}
              focused={item.index === focused}
              canWrite={canWrite}
              minimumPriority={minimumPriority}
              now={now}
              onToggleDone={onToggleDone}
              onOpen={onOpen}
              onFocusRow={setFocused}
              onSelect={canPick ? selection.toggle : undefined}
              selected={canPick && selection.isSelected(row.task.id)}
              anySelected={canPick && anySelected}
            />
          </div>
        );
      })}
    </div>
  );
}
