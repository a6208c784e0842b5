/**
 * Labels and assignees added to or removed from the selected tasks (one request, one transaction
 * on the server), and their undo: what each task had before comes back, so a label added only
 * goes off the tasks that lacked it and a removed one only goes back where it was.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { type BulkPartChange, bulkChangeTaskParts, type Task } from '../../../api/tasks';
import { showError } from '../../../ui/notices';
import { patchCachedTask, refreshViewTasks } from '../task-cache';
import { noticeWithUndo } from './bulk-undo';

/** What undoes `change` on one task, given its labels and assignees before. */
function undoOf(task: Task, change: BulkPartChange): BulkPartChange {
  const labels = new Set((task.labels ?? []).map((l) => l.id));
  const assignees = new Set((task.assignees ?? []).map((u) => u.id));
  const undo: BulkPartChange = {
    removeLabelIds: (change.addLabelIds ?? []).filter((id) => !labels.has(id)),
    addLabelIds: (change.removeLabelIds ?? []).filter((id) => labels.has(id)),
    removeAssigneeIds: (change.addAssigneeIds ?? []).filter((id) => !assignees.has(id)),
    addAssigneeIds: (change.removeAssigneeIds ?? []).filter((id) => assignees.has(id)),
  };
  return Object.fromEntries(Object.entries(undo).filter(([, ids]) => ids.length > 0));
}

/** The tasks grouped by what undoes the change on them: one request per group, none where nothing changed. */
export function partUndoGroups(
  tasks: readonly Task[],
  change: BulkPartChange,
): { ids: number[]; change: BulkPartChange }[] {
  const groups = new Map<string, { ids: number[]; change: BulkPartChange }>();
  for (const task of tasks) {
    const undo = undoOf(task, change);
    if (Object.keys(undo).length === 0) continue;
    const key = JSON.stringify(undo);
    const group = groups.get(key) ?? { ids: [], change: undo };
    group.ids.push(task.id);
    groups.set(key, group);
  }
  return [...groups.values()];
}

export function useBulkParts(projectId: number, viewId: number) {
  const { t } = useTranslation();
  const client = useQueryClient();

  return useCallback(
    async (tasks: readonly Task[], change: BulkPartChange): Promise<boolean> => {
      if (tasks.length === 0) return false;
      try {
        const changed = await bulkChangeTaskParts(
          tasks.map((task) => task.id),
          change,
        );
        for (const task of changed) patchCachedTask(client, task);
      } catch (error) {
        showError(t, error);
        return false;
      }
      void refreshViewTasks(client, projectId, viewId);
      noticeWithUndo(t, client, { projectId, viewId, count: tasks.length }, async () => {
        for (const group of partUndoGroups(tasks, change)) {
          const restored = await bulkChangeTaskParts(group.ids, group.change);
          for (const task of restored) patchCachedTask(client, task);
        }
      });
      return true;
    },
    [client, t, projectId, viewId],
  );
}
