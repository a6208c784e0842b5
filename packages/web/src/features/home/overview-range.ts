/**
 * Which tasks the overview lists (spec 1 §2 "Home"): those of the saved filter chosen in the
 * settings, or the undone ones due within the next week, overdue ones included. Light enough for
 * the first download, so the app can ask for them as it opens at home (open-at-home.ts).
 */
import type { TaskRange } from '../upcoming/upcoming-tasks';

/** Undone tasks due before the end of the seventh day from now, overdue ones included. */
const DUE_SOON: TaskRange = { from: 'now', to: 'now/d+7d', showNulls: false, showOverdue: true };

/** The overview's tasks: those of the saved filter chosen for it, or those due soon. */
export function overviewRange(savedFilterId: number | null | undefined): TaskRange {
  return savedFilterId
    ? { from: '', to: '', showNulls: false, showOverdue: false, sourceProjectId: savedFilterId }
    : DUE_SOON;
}
