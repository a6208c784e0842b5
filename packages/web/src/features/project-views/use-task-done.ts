/**
 * Marking a task done or not done (spec 2 §4 "Task done"): the checkbox changes at once, the save
 * waits 300 ms, then a sound (when the user wants one) and a success notice with Undo. Undo on a
 * repeating task restores the saved copy (its dates before the repeat moved them); the "undone"
 * notice is only shown for non-repeating tasks. A failed save puts the task back.
 */
import { isRepeating } from '@ordo/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { type Task, taskInput, updateTask } from '../../api/tasks';
import { waitingKeys, waitsSince } from '../../app/offline/outbox';
import { showError, showSuccess } from '../../ui/notices';
import { useSignedInUser } from '../auth/use-current-user';
import { playDoneSound } from './done-sound';
import { patchCachedTask, refreshViewTasks } from './task-cache';

export const DONE_DELAY_MS = 300;

export function useTaskDone(projectId: number, viewId: number) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const user = useSignedInUser();
  const playSound = user.settings.frontendSettings.playSoundWhenDone;

  return useCallback(
    (task: Task, done: boolean) => {
      const saved = { ...task };
      const repeating = isRepeating({
        repeatAfter: task.repeatAfter,
        repeatMode: task.repeatMode as 0 | 1 | 2,
      });
      patchCachedTask(client, { ...task, done });
      // The task as the server last gave it: a save that has to wait sends only its change to it.
      let confirmed: Task = task;

      const undo = () => {
        const restore = repeating ? taskInput(saved) : { ...taskInput(saved), done: !done };
        updateTask(task.id, restore, confirmed)
          .then((result) => {
            patchCachedTask(client, result);
            if (!repeating) showSuccess(t, t('projectViews.done.undone'));
            return refreshViewTasks(client, projectId, viewId);
          })
          .catch((error) => showError(t, error));
      };

      window.setTimeout(() => {
        const before = waitingKeys();
        updateTask(task.id, { ...taskInput(task), done }, task)
          .then((result) => {
            confirmed = result;
            patchCachedTask(client, result);
            if (done && playSound) playDoneSound();
            // Ticked without a network, the change waits on this device (app/offline/outbox.ts).
            const said = done ? t('projectViews.done.done') : t('projectViews.done.undone');
            showSuccess(t, waitsSince(before) ? t('offline.changeKept') : said, [
              { label: t('projectViews.done.undo'), onClick: undo },
            ]);
            return refreshViewTasks(client, projectId, viewId);
          })
          .catch((error) => {
            patchCachedTask(client, saved);
            showError(t, error);
          });
      }, DONE_DELAY_MS);
    },
    [client, t, playSound, projectId, viewId],
  );
}
