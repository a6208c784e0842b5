/**
 * Drag and drop for the list view's top-level tasks: the handle picks a task up (pointer, touch
 * after a short press, or Space), a line marks where it lands, and dropping saves its new place.
 */
import { type Announcements, closestCenter, DndContext, type DragEndEvent, DragOverlay } from '@dnd-kit/core';
import { SortableContext, type SortingStrategy } from '@dnd-kit/sortable';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Task } from '../../../api/tasks';
import { useTaskDragSensors } from '../task-drag-sensors';
import classes from './list-view.module.css';

// Rows keep their places while a task is dragged; the landing line shows the drop point.
const rowsStay: SortingStrategy = () => null;

export function ListReorder({
  tasks,
  onMove,
  children,
}: {
  /** The top-level tasks in the order shown. */
  tasks: readonly Task[];
  onMove: (taskId: number, toIndex: number) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [active, setActive] = useState<Task | null>(null);
  const sensors = useTaskDragSensors();
  const titleOf = (id: unknown) => tasks.find((task) => task.id === id)?.title ?? '';
  const announcements: Announcements = {
    onDragStart: ({ active: picked }) =>
      t('projectViews.kanban.announce.pickedCard', { title: titleOf(picked.id) }),
    onDragOver: ({ over }) =>
      over ? t('projectViews.list.overTask', { title: titleOf(over.id) }) : undefined,
    onDragEnd: ({ over }) =>
      over ? t('projectViews.kanban.announce.dropped') : t('projectViews.kanban.announce.cancelled'),
    onDragCancel: () => t('projectViews.kanban.announce.cancelled'),
  };

  function onDragEnd({ active: dragged, over }: DragEndEvent) {
    setActive(null);
    if (!over || over.id === dragged.id) return;
    const toIndex = tasks.findIndex((task) => task.id === over.id);
    if (toIndex >= 0) onMove(Number(dragged.id), toIndex);
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t('projectViews.list.instructions') },
      }}
      onDragStart={({ active: picked }) => setActive(tasks.find((task) => task.id === picked.id) ?? null)}
      onDragEnd={onDragEnd}
      onDragCancel={() => setActive(null)}
    >
      <SortableContext items={tasks.map((task) => task.id)} strategy={rowsStay}>
        {children}
      </SortableContext>
      <DragOverlay dropAnimation={null}>
        {active && <div className={classes.dragOverlay}>{active.title}</div>}
      </DragOverlay>
    </DndContext>
  );
}
