/**
 * Deleting the selected tasks in one request (one transaction on the server). There is no undo:
 * the dialog before it says so.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../../api/query-keys';
import { bulkDeleteTasks, type Task } from '../../../api/tasks';
import { showError, showSuccess } from '../../../ui/notices';

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
      showSuccess(t, t('projectViews.bulk.deleted', { count: tasks.length }));
      // Every list may have shown them (this view, other views, search, upcoming).
      void client.invalidateQueries({ queryKey: queryKeys.tasks });
      return true;
    },
    [client, t],
  );
}
