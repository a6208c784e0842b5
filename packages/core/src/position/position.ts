/**
 * Ordering by float positions (behaviour.md §5, reference §4.7). Positions are stored per task and
 * view; a move takes the midpoint of its neighbours, and the gaps are restored by re-spreading when
 * they get too small.
 */

/** Gap between neighbours at the end of a list, and the default step (`id × 2^16`). */
export const positionGap = 65_536;
/** Range over which a view (or a level of projects) is re-spread evenly. */
export const positionSpreadRange = 2 ** 32;
/** A task position below this, or a gap smaller than this, asks for a re-spread of the view. */
export const minPositionSpacing = 0.01;
/** A project position below this after an update re-spreads its siblings. */
export const minProjectPosition = 0.1;

/**
 * Position for an item dropped between two neighbours (either may be missing): 0 with none, half of
 * `after` at the top, `before + 65536` at the bottom, the midpoint between two, and `after + 0.01`
 * when both are equal.
 */
export function positionBetween(before: number | null | undefined, after: number | null | undefined): number {
  const hasBefore = before !== null && before !== undefined;
  const hasAfter = after !== null && after !== undefined;
  if (!hasBefore && !hasAfter) return 0;
  if (!hasBefore) return (after as number) / 2;
  if (!hasAfter) return before + positionGap;
  if (before === after) return after + minPositionSpacing;
  return before + (after - before) / 2;
}

/** Default position of a project, view or bucket, and of a task in an empty view: `id × 2^16`. */
export function defaultPosition(id: number): number {
  return id * positionGap;
}

/**
 * Positions for new tasks in one view, in the order given: with tasks already in the view they land
 * on top, evenly below the lowest position (`lowest ÷ (n+1) × k` for the k-th of n); in an empty
 * view each gets `index × 2^16`.
 */
export function newTaskPositions(
  lowestPosition: number | null | undefined,
  indexes: readonly number[],
): number[] {
  if (lowestPosition === null || lowestPosition === undefined) return indexes.map(defaultPosition);
  const step = lowestPosition / (indexes.length + 1);
  return indexes.map((_, k) => step * (k + 1));
}

/** Does a stored task position ask for the whole view to be re-spread? */
export function taskPositionNeedsRespread(position: number): boolean {
  return position < minPositionSpacing;
}

/** Does an updated project position ask for its siblings to be re-spread? */
export function projectPositionNeedsRespread(position: number): boolean {
  return position < minProjectPosition;
}

/** Even positions for `count` items in their current order: `2^32 ÷ count × (i+1)`. */
export function spreadPositions(count: number): number[] {
  return Array.from({ length: count }, (_, i) => (positionSpreadRange / count) * (i + 1));
}

/**
 * New positions for tasks that share one position: spread evenly, by task id, between the nearest
 * lower position (or 0) and the nearest higher one (or 2^32). Returns null when the gap leaves less
 * than `minPositionSpacing` between them; the whole view must then be re-spread.
 */
export function resolvePositionConflict(
  taskIds: readonly number[],
  lowerNeighbour: number | null | undefined,
  upperNeighbour: number | null | undefined,
): Map<number, number> | null {
  const lower = lowerNeighbour ?? 0;
  const upper = upperNeighbour ?? positionSpreadRange;
  const spacing = (upper - lower) / (taskIds.length + 1);
  if (spacing < minPositionSpacing) return null;
  const sorted = [...taskIds].sort((a, b) => a - b);
  return new Map(sorted.map((id, i) => [id, lower + spacing * (i + 1)]));
}
