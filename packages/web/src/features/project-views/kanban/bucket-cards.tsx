/**
 * A bucket's cards, virtualised against the bucket's own scroll box: only the cards in view (and a
 * few around them) are in the DOM, so a bucket of 2,000 cards scrolls and drags like one of ten.
 * Every card stays in the sortable list, so a drag can still be dropped anywhere the bucket
 * scrolls to; the card being dragged stays rendered while it is out of view.
 */
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { defaultRangeExtractor, type Range, useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useMemo } from 'react';
import type { Task } from '../../../api/tasks';
import type { TaskSelection } from '../selection/use-task-selection';
import type { BucketActions } from './bucket-actions';
import { cardId, KanbanCard } from './kanban-card';

/** Space between cards, kept inside each card's slot so the slots can be measured whole. */
const CARD_GAP = 8;

interface BucketCardsProps {
  tasks: Task[];
  bucketId: number;
  editable: boolean;
  now: Date;
  minimumPriority: number;
  actions: BucketActions;
  selection: TaskSelection | null;
  /** The bucket's scroll box (null until it is in the page). */
  scrollElement: HTMLDivElement | null;
  /** The card being dragged (its sortable id), if any. */
  draggedCardId: string | null;
}

/**
 * Memoised, and told the dragged card rather than reading dnd-kit's context: that context changes
 * whenever a card's node comes or goes, which scrolling a virtual list does every few frames, and
 * every bucket's list would render again with it.
 */
export const BucketCards = memo(function BucketCards({
  tasks,
  bucketId,
  editable,
  now,
  minimumPriority,
  actions,
  selection,
  scrollElement,
  draggedCardId,
}: BucketCardsProps) {
  const ids = useMemo(() => tasks.map((task) => cardId(task.id)), [tasks]);
  const activeIndex = draggedCardId ? ids.indexOf(draggedCardId) : -1;
  // The dragged card keeps its node even when scrolled out of view: dnd-kit measures it.
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      return activeIndex >= 0 && !indexes.includes(activeIndex)
        ? [...indexes, activeIndex].sort((a, b) => a - b)
        : indexes;
    },
    [activeIndex],
  );
  const virtualizer = useVirtualizer({
    count: tasks.length,
    getScrollElement: () => scrollElement,
    estimateSize: () => 84,
    overscan: 6,
    getItemKey: (index) => tasks[index]?.id ?? index,
    rangeExtractor,
  });
  const anySelected = (selection?.selected.size ?? 0) > 0;
  return (
    <SortableContext items={ids} strategy={verticalListSortingStrategy}>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative', flexShrink: 0 }}>
        {virtualizer.getVirtualItems().map((item) => {
          const task = tasks[item.index];
          return (
            <div
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                width: '100%',
                paddingBottom: CARD_GAP,
                transform: `translateY(${item.start}px)`,
              }}
            >
              <KanbanCard
                task={task}
                bucketId={bucketId}
                canMove={editable}
                now={now}
                minimumPriority={minimumPriority}
                onOpen={actions.openTask}
                onSelect={selection?.toggle}
                selected={selection?.isSelected(task.id)}
                anySelected={anySelected}
              />
            </div>
          );
        })}
      </div>
    </SortableContext>
  );
});
