/** The notice after a bulk change, with its one Undo: `restore` puts the tasks back, then the view reloads. */
import type { QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { showError, showSuccess } from '../../../ui/notices';
import { refreshViewTasks } from '../task-cache';

export function noticeWithUndo(
  t: TFunction,
  client: QueryClient,
  view: { projectId: number; viewId: number; count: number },
  restore: () => Promise<void>,
): void {
  const undo = async () => {
    try {
      await restore();
      showSuccess(t, t('projectViews.bulk.undone'));
    } catch (error) {
      showError(t, error);
    } finally {
      void refreshViewTasks(client, view.projectId, view.viewId);
    }
  };
  showSuccess(t, t('projectViews.bulk.changed', { count: view.count }), [
    { label: t('projectViews.done.undo'), onClick: () => void undo() },
  ]);
}
