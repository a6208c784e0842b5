/**
 * Where the arrows carry a card lifted with the keyboard. Left and right go to the bucket beside
 * the one the card is over, at the same height (within that bucket): dnd-kit's sortable default
 * looks for the nearest droppable to that side, and on a board of many cards that was as often a
 * card of the same bucket (the card went up its own column) or one two buckets on. Up and down,
 * and buckets carried sideways, keep the sortable default.
 */
import type { KeyboardCoordinateGetter } from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';

export const boardKeyboardCoordinates: KeyboardCoordinateGetter = (event, args) => {
  const { active, collisionRect, droppableRects, droppableContainers } = args.context;
  const sideways = event.code === 'ArrowRight' || event.code === 'ArrowLeft';
  if (!sideways || active?.data.current?.type !== 'card') return sortableKeyboardCoordinates(event, args);
  event.preventDefault();
  if (!collisionRect) return undefined;
  const buckets = droppableContainers
    .getEnabled()
    .filter((container) => container.data.current?.type === 'bucket')
    .flatMap((container) => {
      const rect = droppableRects.get(container.id);
      return rect ? [rect] : [];
    })
    .sort((a, b) => a.left - b.left);
  const centre = collisionRect.left + collisionRect.width / 2;
  // The bucket under the card's centre, or, between two, the nearest.
  let at = buckets.findIndex((rect) => centre >= rect.left && centre <= rect.right);
  if (at < 0) {
    const distance = (rect: (typeof buckets)[number]) => Math.abs(rect.left + rect.width / 2 - centre);
    at = buckets.reduce((best, rect, i) => (distance(rect) < distance(buckets[best]) ? i : best), 0);
  }
  const next = buckets[at + (event.code === 'ArrowRight' ? 1 : -1)];
  if (!next) return undefined;
  const lowest = Math.max(next.top, next.bottom - collisionRect.height);
  return {
    x: next.left + (next.width - collisionRect.width) / 2,
    y: Math.min(Math.max(collisionRect.top, next.top), lowest),
  };
};
