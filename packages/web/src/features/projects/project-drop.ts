/**
 * Where a dragged project lands (spec 2 §4 "Project reorder by drag"): the target list gives the
 * new parent (its parent id, 0 for the root list) and the neighbours give the position.
 */
import { positionBetween } from '@ordo/core';
import type { Project } from '../../api/projects';

export interface ProjectDrop {
  /** The target list in its new order, the moved project included. */
  ordered: Project[];
  parentProjectId: number;
  position: number;
}

/**
 * `target` is the list the project was dropped into (in display order, with the moved project if
 * it came from there); `overId` the entry it was dropped on. Null when nothing changes or the drop
 * would put a project below itself.
 */
export function projectDrop(
  all: readonly Project[],
  moved: Project,
  target: readonly Project[],
  targetParentId: number,
  overId: number,
): ProjectDrop | null {
  if (isSelfOrDescendant(all, moved.id, targetParentId)) return null;
  const from = target.findIndex((p) => p.id === moved.id);
  const overIndex = target.findIndex((p) => p.id === overId);
  if (overIndex < 0) return null;
  if (from === overIndex) return null;
  const ordered = target.filter((p) => p.id !== moved.id);
  // Within one list the dragged entry takes the place of the one it is over (as arrayMove does);
  // coming from another list it goes before it.
  ordered.splice(overIndex, 0, moved);
  const index = ordered.indexOf(moved);
  const position = positionBetween(ordered[index - 1]?.position, ordered[index + 1]?.position);
  return { ordered, parentProjectId: targetParentId, position };
}

function isSelfOrDescendant(all: readonly Project[], ancestorId: number, candidateId: number): boolean {
  const byId = new Map(all.map((p) => [p.id, p]));
  let current = byId.get(candidateId);
  const seen = new Set<number>();
  while (current && !seen.has(current.id)) {
    if (current.id === ancestorId) return true;
    seen.add(current.id);
    current = byId.get(current.parentProjectId);
  }
  return false;
}
