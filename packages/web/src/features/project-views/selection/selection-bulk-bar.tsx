/**
 * A view's bulk bar, wired: shown while tasks are selected, it changes the selected ones of
 * `tasks` (the view's tasks in the order shown) and stays busy until the server has answered.
 */
import { useState } from 'react';
import type { Task } from '../../../api/tasks';
import { BulkBar, BulkBarAnchor } from './bulk-bar';
import { useBulkEdit } from './use-bulk-edit';
import type { TaskSelection } from './use-task-selection';

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
  const bulkEdit = useBulkEdit(projectId, viewId);
  const [busy, setBusy] = useState(false);
  return (
    <BulkBarAnchor gap={gap}>
      {selection.selected.size > 0 && (
        <BulkBar
          count={selection.selected.size}
          projectId={projectId}
          busy={busy}
          onSelectAll={selection.selectAll}
          onClear={selection.clear}
          onChange={(values) => {
            setBusy(true);
            const picked = tasks.filter((task) => selection.isSelected(task.id));
            void bulkEdit(picked, values).finally(() => setBusy(false));
          }}
        />
      )}
    </BulkBarAnchor>
  );
}
