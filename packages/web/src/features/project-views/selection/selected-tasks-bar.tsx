/**
 * The bulk bar while tasks are selected, wired (selection-bulk-bar.tsx places it): it changes the
 * selected ones of `tasks` (the view's tasks in the order shown) and stays busy until the server
 * has answered. Deleting asks first; it cannot be undone. Its own chunk, with the menus, pickers
 * and dialog it opens: a view draws without it until a task is selected.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Task } from '../../../api/tasks';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { BulkBar } from './bulk-bar';
import { useBulkDelete } from './use-bulk-delete';
import { useBulkEdit } from './use-bulk-edit';
import { useBulkParts } from './use-bulk-parts';
import type { TaskSelection } from './use-task-selection';

export interface SelectedTasksBarProps {
  projectId: number;
  viewId: number;
  selection: TaskSelection;
  tasks: readonly Task[];
}

export function SelectedTasksBar({ projectId, viewId, selection, tasks }: SelectedTasksBarProps) {
  const { t } = useTranslation();
  const bulkEdit = useBulkEdit(projectId, viewId);
  const bulkParts = useBulkParts(projectId, viewId);
  const bulkDelete = useBulkDelete();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const picked = () => tasks.filter((task) => selection.isSelected(task.id));
  const run = (work: Promise<unknown>) => {
    setBusy(true);
    void work.finally(() => setBusy(false));
  };
  const count = selection.selected.size;
  return (
    <>
      <BulkBar
        count={count}
        projectId={projectId}
        busy={busy}
        onSelectAll={selection.selectAll}
        onClear={selection.clear}
        onChange={(values) => run(bulkEdit(picked(), values))}
        onParts={(change) => run(bulkParts(picked(), change))}
        onDelete={() => setConfirming(true)}
      />
      <ConfirmModal
        opened={confirming}
        title={t('projectViews.bulk.deleteTitle', { count })}
        message={t('projectViews.bulk.deleteText')}
        confirmLabel={t('projectViews.bulk.delete')}
        loading={busy}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          run(
            bulkDelete(picked()).then((deleted) => {
              setConfirming(false);
              if (deleted) selection.clear();
            }),
          )
        }
      />
    </>
  );
}
