/**
 * The tasks picked in a view for a bulk change: a click on a task's selection box adds or removes
 * it, Shift adds the whole run from the last one picked, `x` picks the focused task, Escape clears.
 * Ids of tasks no longer shown are dropped from the selection.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';

export interface TaskSelection {
  selected: ReadonlySet<number>;
  isSelected: (id: number) => boolean;
  /** Picks or unpicks one task; with `extend`, every task from the last picked one to it. */
  toggle: (id: number, extend?: boolean) => void;
  selectAll: () => void;
  clear: () => void;
}

export function useTaskSelection(shownIds: readonly number[]): TaskSelection {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [anchor, setAnchor] = useState<number | null>(null);

  // A task that left the view (moved, done under a done = false filter) leaves the selection.
  useEffect(() => {
    setSelected((current) => {
      const shown = new Set(shownIds);
      const kept = [...current].filter((id) => shown.has(id));
      return kept.length === current.size ? current : new Set(kept);
    });
  }, [shownIds]);

  const toggle = useCallback(
    (id: number, extend = false) => {
      setSelected((current) => {
        const next = new Set(current);
        const from = anchor === null ? -1 : shownIds.indexOf(anchor);
        const to = shownIds.indexOf(id);
        if (extend && from >= 0 && to >= 0) {
          for (const picked of shownIds.slice(Math.min(from, to), Math.max(from, to) + 1)) next.add(picked);
        } else if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      });
      setAnchor(id);
    },
    [anchor, shownIds],
  );

  const selectAll = useCallback(() => setSelected(new Set(shownIds)), [shownIds]);
  const clear = useCallback(() => {
    setSelected(new Set());
    setAnchor(null);
  }, []);

  return useMemo(
    () => ({ selected, isSelected: (id: number) => selected.has(id), toggle, selectAll, clear }),
    [selected, toggle, selectAll, clear],
  );
}
