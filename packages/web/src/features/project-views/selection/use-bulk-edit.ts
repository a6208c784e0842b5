/**
 * A bulk change of the selected tasks (one request, one transaction on the server): shown at once
 * in every cached list, put back when the server refuses it, and undone from its notice in one
 * step (the tasks that had the same value before go back together, one request per such group).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { type BulkValues, bulkUpdateTasks, type Task } from '../../../api/tasks';
import { showError } from '../../../ui/notices';
import { patchCachedTask, refreshViewTasks } from '../task-cache';
import { noticeWithUndo } from './bulk-undo';

/** The tasks grouped by what they held of `values`' fields before: one bulk request undoes each group. */
export function undoGroups(
  tasks: readonly Task[],
  values: BulkValues,
): { ids: number[]; values: BulkValues }[] {
  const keys = Object.keys(values) as (keyof BulkValues)[];
  const groups = new Map<string, { ids: number[]; values: BulkValues }>();
  for (const task of tasks) {
    const before = Object.fromEntries(keys.map((key) => [key, task[key]])) as BulkValues;
    const key = JSON.stringify(before);
    const group = groups.get(key) ?? { ids: [], values: before };
    group.ids.push(task.id);
    groups.set(key, group);
  }
  return [...groups.values()];
}

export function useBulkEdit(projectId: number, viewId: number) {
  const { t } = useTranslation();
  const client = useQueryClient();

  return useCallback(
    async (tasks: readonly Task[], values: BulkValues): Promise<boolean> => {
      if (tasks.length === 0) return false;
      const ids = tasks.map((task) => task.id);
      for (const task of tasks) patchCachedTask(client, { ...task, ...values });
      const putBack = () => {
        for (const task of tasks) patchCachedTask(client, task);
      };
      try {
        const changed = await bulkUpdateTasks(ids, values);
        for (const task of changed) patchCachedTask(client, task);
      } catch (error) {
        putBack();
        showError(t, error);
        return false;
      }
      void refreshViewTasks(client, projectId, viewId);
      noticeWithUndo(t, client, { projectId, viewId, count: tasks.length }, async () => {
        for (const group of undoGroups(tasks, values)) {
          const restored = await bulkUpdateTasks(group.ids, group.values);
          for (const task of restored) patchCachedTask(client, task);
        }
      });
      return true;
    },
    [client, t, projectId, viewId],
  );
}
