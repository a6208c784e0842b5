/**
 * Saving the task detail: every change is applied at once, saved as a full replace, confirmed
 * with a success notice, and rolled back with the catalogue error when the server refuses it.
 * Saves carry the task's version (If-Match) and run one after another; when someone else saved
 * in between, changes to other fields are put on top of theirs, and a field both changed opens
 * the conflict for the user to decide (conflict/conflict-dialog.tsx).
 *
 * While saves are on their way, the task shown is the one the server last confirmed with every
 * waiting change on top, so an earlier save's answer or refusal never takes a later change off
 * the screen; each save sends its change on top of the last confirmed task, answers included.
 * A read of the task that lands meanwhile (a reload after a label was added, a change someone else
 * made) shows with the waiting changes on top too, until their saves answer.
 */
import { Right } from '@ordo/core';
import {
  type QueryClient,
  useMutation,
  useMutationState,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomFieldChanges } from '../../api/custom-fields';
import type { Project } from '../../api/projects';
import { queryKeys } from '../../api/query-keys';
import { saveTaskAt, type Task, type TaskDetail, taskKeys } from '../../api/tasks';
import { cachedTask } from '../../app/offline/offline-changes';
import { waitingKeys, waitsSince } from '../../app/offline/outbox';
import { type NoticeAction, showError, showSuccess } from '../../ui/notices';
import { customFieldsOf, withFieldChanges } from '../custom-fields/field-values';
import { useLiveProject } from '../live/use-live-project';
import { useProjects } from '../projects/use-projects';
import { conflictingFields, type TaskConflict, theirsOf } from './conflict/task-conflict';
import { taskDetailQuery } from './task-detail-query';

/** A task's detail as the server gives it, with the caller's right and the task's version. */

export function useTaskDetail(taskId: number) {
  const client = useQueryClient();
  // A task made offline (negative id) is not on the server yet: it is only what the lists hold.
  const offlineOnly = taskId < 0;
  const query = useQuery({
    ...taskDetailQuery(taskId),
    enabled: !offlineOnly,
    // Offline, a task not opened before starts from the copy a list or board loaded (read again
    // once online), with the right the project list gives.
    initialData: () => {
      if (navigator.onLine && !offlineOnly) return undefined;
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
  /** The task's project is archived: the task can be read, not changed, whatever the right. */
  projectArchived: boolean;
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

/** The task with saves' changes applied in order (each change holds whole field values). */
function withChanges(task: Task, saves: SaveVariables[]): Task {
  let shown = task;
  for (const save of saves) shown = withFields({ ...shown, ...save.patch }, save.fieldChanges);
  return shown;
}

/** A task's saves not answered yet, oldest first (a save is pending until its callbacks ran). */
function waitingSaves(queryClient: QueryClient, saveKey: readonly unknown[]): SaveVariables[] {
  return queryClient
    .getMutationCache()
    .findAll({ mutationKey: saveKey, status: 'pending' })
    .sort((a, b) => a.mutationId - b.mutationId)
    .map((m) => m.state.variables as SaveVariables);
}

/** A task as the server last confirmed it, with the version its next save sends (If-Match). */
interface Confirmed {
  task: Task;
  version?: string;
}

/**
 * The confirmed task, by task id, while its saves are on their way. It is kept beside the module,
 * not in the component, so a detail opened again mid-save goes on from it. The version is kept
 * with it: a copy someone else saved, read meanwhile, must not be overwritten unseen.
 */
const confirmedTasks = new Map<number, Confirmed>();

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
  /** Shows the confirmed task with the waiting changes, leaving out the save that just settled. */
  const showWaiting = (confirmed: Confirmed, settled: SaveVariables) =>
    queryClient.setQueryData<TaskDetail>(key, (current) =>
      current
        ? {
            ...current,
            task: withChanges(
              confirmed.task,
              waitingSaves(queryClient, saveKey).filter((save) => save !== settled),
            ),
          }
        : current,
    );
  const mutation = useMutation({
    // One save at a time, each with the version the one before it left.
    scope: { id: `task-save-${taskId}` },
    mutationKey: saveKey,
    mutationFn: async (save: SaveVariables) => {
      const confirmed = confirmedTasks.get(taskId) ?? queryClient.getQueryData<TaskDetail>(key);
      if (!confirmed) throw new Error(`task ${taskId} is not loaded`);
      const before = waitingKeys();
      const saved = await saveTaskAt(
        withChanges(confirmed.task, [save]),
        confirmed.version,
        save.fieldChanges,
        confirmed.task,
      );
      return { ...saved, waits: waitsSince(before) };
    },
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const current = queryClient.getQueryData<TaskDetail>(key);
      if (!current) return;
      // The first save of a run starts from the task on screen: nothing is waiting on it.
      if (!confirmedTasks.has(taskId))
        confirmedTasks.set(taskId, { task: current.task, version: current.version });
      const confirmed = confirmedTasks.get(taskId) as Confirmed;
      queryClient.setQueryData<TaskDetail>(key, {
        ...current,
        task: withChanges(confirmed.task, waitingSaves(queryClient, saveKey)),
      });
    },
    onError: (error, save) => {
      const { patch, fieldChanges, options } = save;
      const confirmed = confirmedTasks.get(taskId);
      const theirs = theirsOf(error);
      if (theirs && confirmed) {
        const found: TaskConflict = open.current
          ? {
              ...open.current,
              theirs: theirs.task,
              theirsVersion: theirs.version,
              patch: { ...open.current.patch, ...patch },
            }
          : { base: confirmed.task, theirs: theirs.task, theirsVersion: theirs.version, patch };
        // Their task is shown; the version stays the loaded one until the user has decided.
        const shown = queryClient.getQueryData<TaskDetail>(key)?.task;
        const theirTask = { ...theirs.task, subscription: shown?.subscription ?? theirs.task.subscription };
        queryClient.setQueryData<TaskDetail>(key, (current) =>
          current ? { ...current, task: theirTask } : current,
        );
        if (conflictingFields(found).length === 0) {
          open.current = null;
          confirmedTasks.set(taskId, { task: theirTask, version: theirs.version });
          setVersion(theirs.version);
          mutation.mutate({ patch: found.patch, fieldChanges, options });
          return;
        }
        // Saves queued behind this one still send the loaded version, so they join the conflict.
        confirmedTasks.set(taskId, { task: theirTask, version: confirmed.version });
        open.current = found;
        setConflict(found);
        return;
      }
      // The refused change goes; changes made after it stay on screen and are still saved.
      if (confirmed) showWaiting(confirmed, save);
      showError(t, error);
    },
    onSuccess: ({ task: saved, version, waits }, save) => {
      const { options } = save;
      // An update's answer has no subscription (only a read carries it): the one shown stays.
      const shown = queryClient.getQueryData<TaskDetail>(key)?.task;
      const confirmed = {
        task: { ...saved, subscription: shown?.subscription ?? saved.subscription },
        version,
      };
      confirmedTasks.set(taskId, confirmed);
      setVersion(version);
      showWaiting(confirmed, save);
      // Saved without a network, the change waits on this device (app/offline/outbox.ts).
      const message = waits ? t('offline.changeKept') : (options?.message ?? t('tasks.detail.saved'));
      showSuccess(t, message, options?.actions?.(saved) ?? []);
      options?.onSaved?.(saved);
      void invalidateTaskLists(queryClient, taskId);
    },
    onSettled: (_data, _error, save) => {
      // The run of saves is over: the next one starts from the task on screen again.
      if (waitingSaves(queryClient, saveKey).every((waiting) => waiting === save)) {
        confirmedTasks.delete(taskId);
      }
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
      // Nothing to change before the task has loaded.
      if (!queryClient.getQueryData<TaskDetail>(key)) return;
      mutation.mutate({ patch, options });
    },
    [queryClient, key, mutation],
  );

  const saveFields = useCallback(
    (changes: CustomFieldChanges) => {
      if (!queryClient.getQueryData<TaskDetail>(key)) return;
      mutation.mutate({ patch: {}, fieldChanges: changes });
    },
    [queryClient, key, mutation],
  );

  const resolve = (patch: Partial<Task> | null) => {
    const settled = open.current;
    open.current = null;
    setConflict(null);
    if (!settled) return;
    setVersion(settled.theirsVersion);
    const confirmed = confirmedTasks.get(taskId);
    if (confirmed) confirmed.version = settled.theirsVersion;
    if (patch) save(patch);
  };

  const run = useCallback(
    async <T>(call: () => Promise<T>, message: string): Promise<T | undefined> => {
      // Made without a network, the change waits in the outbox: the notice says so, not "done".
      const before = waitingKeys();
      try {
        const result = await call();
        showSuccess(t, waitsSince(before) ? t('offline.changeKept') : message);
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

  // The task as read, with the changes still on their way on top: a read that lands mid-save
  // (reload, live change) brings the server's task without them. The changes hold whole field
  // values, so putting them on a task that already shows them changes nothing.
  const waiting = useMutationState({
    filters: { mutationKey: saveKey, status: 'pending' },
    select: (mutation) => mutation.state.variables as SaveVariables,
  });
  const task = useMemo(
    () => (waiting.length > 0 ? withChanges(detail.task, waiting) : detail.task),
    [detail.task, waiting],
  );

  // The server answers a task's read with the project's plain right; an archived project refuses
  // every change (3008), so its tasks open read-only rather than failing on each edit.
  const projectArchived = useProjects().data?.find((p) => p.id === task.projectId)?.isArchived === true;

  return {
    task,
    canWrite: detail.right >= Right.write && !projectArchived,
    projectArchived,
    saving: mutation.isPending,
    save,
    saveFields,
    run,
    reload,
    conflict,
    resolve,
  };
}
