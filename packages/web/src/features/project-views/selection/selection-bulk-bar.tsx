/**
 * Where a view puts its bulk bar (selected-tasks-bar.tsx), shown while tasks are selected. The bar
 * and everything it opens load when the browser is idle after the first screen, or on the first
 * selection, so the view's first screen does not wait for them.
 */
import { type ReactNode, Suspense, useEffect } from 'react';
import type { Task } from '../../../api/tasks';
import { lazyPage, preloadQuietly } from '../../../app/lazy-page';
import { whenIdleAfterStart } from '../../../ui/idle-after-start';
import type { SelectedTasksBarProps } from './selected-tasks-bar';
import classes from './selection-bulk-bar.module.css';
import type { TaskSelection } from './use-task-selection';

const SelectedTasksBar = lazyPage<'SelectedTasksBar', SelectedTasksBarProps>(
  () => import('./selected-tasks-bar'),
  'SelectedTasksBar',
);

/**
 * Always there and taking no room, so the bar appears over the top of the view without moving what
 * is under the pointer. `gap` is the view's own gap between parts.
 */
function BulkBarAnchor({ gap, children }: { gap: 'sm' | 'md'; children: ReactNode }) {
  return (
    <div className={classes.anchor} style={{ marginBlockEnd: `calc(-1 * var(--mantine-spacing-${gap}))` }}>
      {children}
    </div>
  );
}

export function SelectionBulkBar({
  gap,
  projectId,
  viewId,
  selection,
  tasks,
}: {
  gap: 'sm' | 'md';
  projectId: number;
  viewId: number;
  selection: TaskSelection;
  tasks: readonly Task[];
}) {
  useEffect(() => whenIdleAfterStart(() => preloadQuietly(SelectedTasksBar)), []);
  return (
    <BulkBarAnchor gap={gap}>
      {selection.selected.size > 0 && (
        <Suspense fallback={null}>
          <SelectedTasksBar projectId={projectId} viewId={viewId} selection={selection} tasks={tasks} />
        </Suspense>
      )}
    </BulkBarAnchor>
  );
}
