/**
 * Saving the task detail: every change is applied at once, saved as a full replace, confirmed
 * with a success notice, and rolled back with the catalogue error when the server refuses it.
 */
import { Right } from '@ordo/core';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchTaskDetail, saveTask, type Task, type TaskDetail, taskKeys } from '../../api/tasks';
import { type NoticeAction, showError, showSuccess } from '../../ui/notices';

export function useTaskDetail(taskId: number) {
  return useQuery({ queryKey: taskKeys.detail(taskId), queryFn: () => fetchTaskDetail(taskId) });
}

/** Lists and other views of tasks refresh after a change; the detail itself is already current. */
export function invalidateTaskLists(queryClient: QueryClient, taskId: number) {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const [root, kind, id] = query.queryKey;
      return (root === 'tasks' && !(kind === 'detail' && id === taskId)) || root === 'projects';
    },
  });
}

export interface SaveOptions {
  /** The success notice; defaults to "The task was saved successfully." */
  message?: string;
  actions?: (saved: Task) => NoticeAction[];
  onSaved?: (saved: Task) => void;
}

export interface TaskEditor {
  task: Task;
  canWrite: boolean;
  saving: boolean;
  /** Apply the change at once and save the whole task. */
  save: (patch: Partial<Task>, options?: SaveOptions) => void;
  /** Run a sub-resource call (labels, assignees, …), then reload the task. */
  run: <T>(call: () => Promise<T>, message: string) => Promise<T | undefined>;
  reload: () => Promise<void>;
}

export function useTaskEditor(detail: TaskDetail): TaskEditor {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const taskId = detail.task.id;
  const key = taskKeys.detail(taskId);

  const mutation = useMutation({
    mutationFn: ({ next }: { next: Task; options?: SaveOptions }) => saveTask(next),
    onMutate: async ({ next }) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const previous = queryClient.getQueryData<TaskDetail>(key);
      if (previous) queryClient.setQueryData<TaskDetail>(key, { ...previous, task: next });
      return { previous };
    },
    onError: (error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      showError(t, error);
    },
    onSuccess: (saved, { options }) => {
      // An update's answer has no subscription (only a read carries it): the one shown stays.
      queryClient.setQueryData<TaskDetail>(key, (current) =>
        current ? { ...current, task: { ...saved, subscription: current.task.subscription } } : current,
      );
      showSuccess(t, options?.message ?? t('tasks.detail.saved'), options?.actions?.(saved) ?? []);
      options?.onSaved?.(saved);
      void invalidateTaskLists(queryClient, taskId);
    },
  });

  const reload = useCallback(async () => {
    try {
      await queryClient.invalidateQueries({ queryKey: key, exact: true }, { throwOnError: true });
    } catch (error) {
      // The task on screen stays (see TaskDetail); the notice says it may be out of date.
      showError(t, error);
    }
    await invalidateTaskLists(queryClient, taskId);
  }, [queryClient, key, taskId, t]);

  const save = useCallback(
    (patch: Partial<Task>, options?: SaveOptions) => {
      const current = queryClient.getQueryData<TaskDetail>(key)?.task;
      if (!current) return;
      mutation.mutate({ next: { ...current, ...patch }, options });
    },
    [queryClient, key, mutation],
  );

  const run = useCallback(
    async <T>(call: () => Promise<T>, message: string): Promise<T | undefined> => {
      try {
        const result = await call();
        showSuccess(t, message);
        return result;
      } catch (error) {
        showError(t, error);
        return undefined;
      } finally {
        await reload();
      }
    },
    [t, reload],
  );

  return {
    task: detail.task,
    canWrite: detail.right >= Right.write,
    saving: mutation.isPending,
    save,
    run,
    reload,
  };
}
