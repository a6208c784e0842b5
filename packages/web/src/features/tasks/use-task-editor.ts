/**
 * Saving the task detail: every change is applied at once, saved as a full replace, confirmed
 * with a success notice, and rolled back with the catalogue error when the server refuses it.
 * Saves carry the task's version (If-Match) and run one after another; when someone else saved
 * in between, changes to other fields are put on top of theirs, and a field both changed opens
 * the conflict for the user to decide (conflict/conflict-dialog.tsx).
 */
import { Right } from '@ordo/core';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomFieldChanges } from '../../api/custom-fields';
import type { Project } from '../../api/projects';
import { queryKeys } from '../../api/query-keys';
import { fetchTaskDetail, saveTaskAt, type Task, type TaskDetail, taskKeys } from '../../api/tasks';
import { cachedTask } from '../../app/offline/offline-changes';
import { type NoticeAction, showError, showSuccess } from '../../ui/notices';
import { customFieldsOf, withFieldChanges } from '../custom-fields/field-values';
import { useLiveProject } from '../live/use-live-project';
import { conflictingFields, type TaskConflict, theirsOf } from './conflict/task-conflict';

export function useTaskDetail(taskId: number) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: taskKeys.detail(taskId),
    queryFn: () => fetchTaskDetail(taskId),
    // Offline, a task not opened before starts from the copy a list or board loaded (read again
    // once online), with the right the project list gives.
    initialData: () => {
      if (navigator.onLine) return undefined;
      const task = cachedTask(client, taskId);
      if (!task) return undefined;
      const project = client
        .getQueryData<Project[]>(queryKeys.projects)
        ?.find((p) => p.id === task.projectId);
      return { task, right: project?.maxRight ?? Right.read } satisfies TaskDetail;
    },
    initialDataUpdatedAt: 0,
  });
  // An open task stays current with what others change in its project.
  useLiveProject(query.data?.task.projectId);
  return query;
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
  /** Apply changed custom field values at once and save them (only the changed keys are sent). */
  saveFields: (changes: CustomFieldChanges) => void;
  /** Run a sub-resource call (labels, assignees, …), then reload the task. */
  run: <T>(call: () => Promise<T>, message: string) => Promise<T | undefined>;
  reload: () => Promise<void>;
  /** A save both sides made to the same fields, waiting for the user's choice. */
  conflict: TaskConflict | null;
  /** Settles the conflict: `null` keeps theirs, else these changes are saved on top of theirs. */
  resolve: (patch: Partial<Task> | null) => void;
}

interface SaveVariables {
  next: Task;
  patch: Partial<Task>;
  /** Custom field values changed by this save (the body carries only these). */
  fieldChanges?: CustomFieldChanges;
  options?: SaveOptions;
}

/** The task with changed custom field values applied. */
function withFields(task: Task, changes: CustomFieldChanges | undefined): Task {
  if (!changes) return task;
  return { ...task, customFields: withFieldChanges(customFieldsOf(task), changes) };
}

export function useTaskEditor(detail: TaskDetail): TaskEditor {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const taskId = detail.task.id;
  const key = taskKeys.detail(taskId);

  const [conflict, setConflict] = useState<TaskConflict | null>(null);
  // Saves queued behind a refused one are refused too (same version): they join the open conflict.
  const open = useRef<TaskConflict | null>(null);
  const setVersion = (version: string | undefined) =>
    queryClient.setQueryData<TaskDetail>(key, (current) => (current ? { ...current, version } : current));

  const saveKey = ['task-save', taskId];
  const mutation = useMutation({
    // One save at a time, each with the version the one before it left.
    scope: { id: `task-save-${taskId}` },
    mutationKey: saveKey,
    mutationFn: ({ next, fieldChanges }: SaveVariables) =>
      saveTaskAt(next, queryClient.getQueryData<TaskDetail>(key)?.version, fieldChanges),
    onMutate: async ({ next }) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const previous = queryClient.getQueryData<TaskDetail>(key);
      if (previous) queryClient.setQueryData<TaskDetail>(key, { ...previous, task: next });
      return { previous };
    },
    onError: (error, { patch, fieldChanges, options }, context) => {
      const theirs = theirsOf(error);
      if (theirs && context?.previous) {
        const found: TaskConflict = open.current
          ? {
              ...open.current,
              theirs: theirs.task,
              theirsVersion: theirs.version,
              patch: { ...open.current.patch, ...patch },
            }
          : { base: context.previous.task, theirs: theirs.task, theirsVersion: theirs.version, patch };
        // Their task is shown; the version stays the loaded one until the user has decided.
        queryClient.setQueryData<TaskDetail>(key, (current) =>
          current
            ? { ...current, task: { ...theirs.task, subscription: current.task.subscription } }
            : current,
        );
        if (conflictingFields(found).length === 0) {
          open.current = null;
          setVersion(theirs.version);
          mutation.mutate({
            next: withFields({ ...theirs.task, ...found.patch }, fieldChanges),
            patch: found.patch,
            fieldChanges,
            options,
          });
          return;
        }
        open.current = found;
        setConflict(found);
        return;
      }
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      showError(t, error);
    },
    onSuccess: ({ task: saved, version }, { options }) => {
      // A change made while this save was on its way waits behind it, already shown: the answer,
      // which does not hold it, would take it off the screen until its own save answers. Only
      // the version is taken then; the last save's answer brings the task.
      const changesWaiting = queryClient.isMutating({ mutationKey: saveKey }) > 1;
      // An update's answer has no subscription (only a read carries it): the one shown stays.
      queryClient.setQueryData<TaskDetail>(key, (current) =>
        current
          ? changesWaiting
            ? { ...current, version }
            : { ...current, version, task: { ...saved, subscription: current.task.subscription } }
          : current,
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
      mutation.mutate({ next: { ...current, ...patch }, patch, options });
    },
    [queryClient, key, mutation],
  );

  const saveFields = useCallback(
    (changes: CustomFieldChanges) => {
      const current = queryClient.getQueryData<TaskDetail>(key)?.task;
      if (!current) return;
      mutation.mutate({ next: withFields(current, changes), patch: {}, fieldChanges: changes });
    },
    [queryClient, key, mutation],
  );

  const resolve = (patch: Partial<Task> | null) => {
    const settled = open.current;
    open.current = null;
    setConflict(null);
    if (!settled) return;
    setVersion(settled.theirsVersion);
    if (patch) save(patch);
  };

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
    saveFields,
    run,
    reload,
    conflict,
    resolve,
  };
}
