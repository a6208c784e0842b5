/**
 * The task detail's actions besides editing a field: marking done (with undo), favouriting,
 * duplicating (the copy opens; undo deletes it) and deleting after a confirmation.
 */
import { isRepeating, type RepeatMode } from '@ordo/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { queryKeys } from '../../../api/query-keys';
import type { Task } from '../../../api/tasks';
import { deleteTask, duplicateTask } from '../../../api/tasks';
import { restoreDeleted } from '../../../api/trash';
import { invalidateWithFirstLoads } from '../../../app/first-load-invalidation';
import { waitingKeys, waitsSince } from '../../../app/offline/outbox';
import { showError, showSuccess } from '../../../ui/notices';
import { useSignedInUser } from '../../auth/use-current-user';
import { showDeletedWithUndo } from '../../trash/undo-notice';
import { playDoneSound } from '../done-sound';
import type { TaskEditor } from '../use-task-editor';

export const DONE_DELAY_MS = 300;

export function useTaskActions(editor: TaskEditor, onDeleted: (task: Task) => void) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const task = editor.task;
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [duplicating, setDuplicating] = useState(false);
  const [savingTemplate, setSavingTemplate] = useState(false);
  const client = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const doneTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(doneTimer.current), []);

  function toggleDone() {
    if (!editor.canWrite) return;
    window.clearTimeout(doneTimer.current);
    doneTimer.current = window.setTimeout(() => {
      const before = task;
      const done = !before.done;
      const repeating = isRepeating({
        repeatAfter: before.repeatAfter,
        repeatMode: before.repeatMode as RepeatMode,
      });
      if (done && user.settings.frontendSettings.playSoundWhenDone) playDoneSound();
      editor.save(
        { done },
        {
          message: done ? t('tasks.done.marked') : t('tasks.done.unmarked'),
          actions: () => [
            {
              label: t('tasks.done.undo'),
              // A repeating task has moved its dates: undo restores the copy from before.
              onClick: () =>
                editor.save(repeating ? { ...before } : { done: !done }, {
                  message: repeating
                    ? t('tasks.detail.saved')
                    : done
                      ? t('tasks.done.unmarked')
                      : t('tasks.done.marked'),
                }),
            },
          ],
        },
      );
    }, DONE_DELAY_MS);
  }

  function toggleFavorite() {
    editor.save(
      { isFavorite: !task.isFavorite },
      { message: task.isFavorite ? t('tasks.favorite.removed') : t('tasks.favorite.added') },
    );
  }

  // The copy opens in place of the original, over the same view (the location's backdrop state).
  async function duplicate() {
    if (!editor.canWrite || duplicating) return;
    setDuplicating(true);
    const refreshLists = () => client.invalidateQueries({ queryKey: queryKeys.tasks });
    const backdrop = location.state;
    try {
      const copy = await duplicateTask(task.id);
      void refreshLists();
      navigate(`/tasks/${copy.id}`, { state: backdrop });
      showSuccess(t, t('tasks.duplicate.done'), [
        {
          label: t('tasks.done.undo'),
          onClick: () => {
            deleteTask(copy.id)
              .then(() => {
                void refreshLists();
                navigate(`/tasks/${task.id}`, { state: backdrop });
                showSuccess(t, t('tasks.duplicate.undone'));
              })
              .catch((error) => showError(t, error));
          },
        },
      ]);
    } catch (error) {
      showError(t, error);
    } finally {
      setDuplicating(false);
    }
  }

  async function remove() {
    setDeleting(true);
    try {
      const before = waitingKeys();
      await deleteTask(task.id);
      setConfirmDelete(false);
      // Deleted without a network, it is deleted on the server once back online: nothing to undo yet.
      if (waitsSince(before)) showSuccess(t, t('tasks.delete.deletedOffline'));
      else
        showDeletedWithUndo(t, t('tasks.delete.deleted'), {
          restore: () => restoreDeleted('task', task.id),
          restored: t('trash.restored', { title: task.title }),
          // The list the delete went back to may still be loading when Undo is pressed.
          refresh: () => invalidateWithFirstLoads(client, { queryKey: queryKeys.tasks }),
        });
      onDeleted(task);
    } catch (error) {
      showError(t, error);
    } finally {
      setDeleting(false);
    }
  }

  return {
    toggleDone,
    toggleFavorite,
    duplicate,
    duplicating,
    savingTemplate,
    setSavingTemplate,
    confirmDelete,
    setConfirmDelete,
    deleting,
    remove,
  };
}

export type TaskActions = ReturnType<typeof useTaskActions>;
