/**
 * Deleting the selected tasks in one request (one transaction on the server). They go to the
 * trash, so the notice's Undo brings them all back.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../../api/query-keys';
import { bulkDeleteTasks, type Task } from '../../../api/tasks';
import { restoreDeletedTasks } from '../../../api/trash';
import { showError } from '../../../ui/notices';
import { showDeletedWithUndo } from '../../trash/undo-notice';

export function useBulkDelete() {
  const { t } = useTranslation();
  const client = useQueryClient();

  return useCallback(
    async (tasks: readonly Task[]): Promise<boolean> => {
      if (tasks.length === 0) return false;
      try {
        await bulkDeleteTasks(tasks.map((task) => task.id));
      } catch (error) {
        showError(t, error);
        return false;
      }
      // Every list may have shown them (this view, other views, search, upcoming).
      const refresh = () => client.invalidateQueries({ queryKey: queryKeys.tasks });
      showDeletedWithUndo(t, t('projectViews.bulk.deleted', { count: tasks.length }), {
        restore: () => restoreDeletedTasks(tasks.map((task) => task.id)),
        restored: t('projectViews.bulk.restored', { count: tasks.length }),
        refresh,
      });
      void refresh();
      return true;
    },
    [client, t],
  );
}
