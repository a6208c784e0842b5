/**
 * A list row that can be dragged to a new place by its handle (pointer, touch, or Space and the
 * arrow keys). Rows do not shift while dragging (the list is virtualised and subtasks sit between
 * top-level rows); a line shows where the task will land.
 */
import { useSortable } from '@dnd-kit/sortable';
import { useMergedRef } from '@mantine/hooks';
import { type ComponentProps, forwardRef, memo, useMemo } from 'react';
import { TaskListRow } from './task-list-row';

type RowProps = ComponentProps<typeof TaskListRow>;

export const SortableTaskRow = memo(
  forwardRef<HTMLDivElement, RowProps>(function SortableTaskRow(props, ref) {
    const { setNodeRef, setActivatorNodeRef, attributes, listeners, isDragging, isOver, activeIndex, index } =
      useSortable({ id: props.task.id });
    const merged = useMergedRef(ref, setNodeRef);
    const landing = isOver && activeIndex !== index ? (activeIndex < index ? 'after' : 'before') : undefined;
    // The same object while dnd-kit's parts stay the same: this row renders again with every change
    // of dnd-kit's context (a row coming into or leaving view), the memoised row under it need not.
    const handle = useMemo(
      () => ({ ref: setActivatorNodeRef, props: { ...attributes, ...listeners } }),
      [setActivatorNodeRef, attributes, listeners],
    );
    return <TaskListRow {...props} ref={merged} dragging={isDragging} landing={landing} handle={handle} />;
  }),
);
