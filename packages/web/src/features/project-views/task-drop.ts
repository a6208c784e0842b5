/**
 * Where a task dropped among others lands in a view's order (kanban bucket or list): its position
 * between its new neighbours, and the positions unplaced tasks above it need first.
 */
import { positionBetween } from '@ordo/core';

/** What a drop needs to know of a task: its id and its position in the view (0 when unplaced). */
export interface Placed {
  id: number;
  position: number;
}

export interface TaskPlacement {
  taskId: number;
  position: number;
}

/**
 * Where a card dropped at `index` of a bucket's loaded tasks (the moving card left out) lands: its
 * position between its neighbours, and the positions other cards need first. A saved filter's
 * view holds positions only for the tasks placed in it; the others answer 0 and follow the placed
 * ones by id. There (`unplacedAnswerZero`) the unplaced cards shown above the drop point are placed
 * first, in the order shown, so the card lands where it was dropped and no card above it moves.
 */
export function cardDrop(
  tasks: readonly Placed[],
  index: number,
  movingId: number,
  unplacedAnswerZero = false,
): { position: number; placeFirst: TaskPlacement[] } {
  const rest = tasks.filter((t) => t.id !== movingId);
  if (!unplacedAnswerZero) {
    return { position: positionBetween(rest[index - 1]?.position, rest[index]?.position), placeFirst: [] };
  }
  const placeFirst: TaskPlacement[] = [];
  let before: number | undefined;
  for (const task of rest.slice(0, index)) {
    if (task.position !== 0) {
      before = task.position;
    } else {
      before = positionBetween(before ?? 0, undefined);
      placeFirst.push({ taskId: task.id, position: before });
    }
  }
  const next = rest[index];
  const after = next && next.position !== 0 ? next.position : undefined;
  // Nothing placed on either side: one gap up, since 0 itself means "not placed".
  return { position: positionBetween(before ?? (after === undefined ? 0 : undefined), after), placeFirst };
}
