/**
 * Reordering the list view by drag (spec 2 §4, as Vikunja's list): the task moves in the cached
 * pages at once, then its new position is saved; a refused save puts the list back and says why.
 */
import { type InfiniteData, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { setTaskPosition, type Task, type TaskPage } from '../../../api/tasks';
import { showError } from '../../../ui/notices';
import { refreshViewTasks } from '../task-cache';
import { cardDrop } from '../task-drop';

type ListData = InfiniteData<TaskPage, number>;

/**
 * The pages with `taskId` moved next to `referenceId` (before it, or after it when `after`), each
 * page keeping its length, and the given positions written into the moved tasks.
 */
export function moveInPages(
  data: ListData,
  taskId: number,
  referenceId: number,
  after: boolean,
  positions: ReadonlyMap<number, number>,
): ListData {
  const all = data.pages.flatMap((page) => page.tasks);
  const moving = all.find((task) => task.id === taskId);
  if (!moving) return data;
  const rest = all.filter((task) => task.id !== taskId);
  const at = rest.findIndex((task) => task.id === referenceId);
  if (at < 0) return data;
  rest.splice(after ? at + 1 : at, 0, moving);
  const placed = rest.map((task) => {
    const position = positions.get(task.id);
    return position === undefined ? task : { ...task, position };
  });
  let offset = 0;
  const pages = data.pages.map((page) => {
    const tasks = placed.slice(offset, offset + page.tasks.length);
    offset += page.tasks.length;
    return { ...page, tasks };
  });
  return { ...data, pages };
}

/**
 * Moves a top-level task of the list from its place in `shown` (the top-level tasks in the order
 * shown) to `toIndex` of that order.
 */
export function useListReorder(projectId: number, viewId: number, queryKey: QueryKey) {
  const { t } = useTranslation();
  const client = useQueryClient();
  return useCallback(
    async (shown: readonly Task[], taskId: number, toIndex: number) => {
      const rest = shown.filter((task) => task.id !== taskId);
      const reference = rest[toIndex] ?? rest[toIndex - 1];
      if (!reference) return;
      // Tasks placed before this view held positions answer 0: those above the drop are placed first.
      const drop = cardDrop(shown, toIndex, taskId, true);
      const positions = new Map([
        ...drop.placeFirst.map((p) => [p.taskId, p.position] as const),
        [taskId, drop.position],
      ]);
      // A refresh still on its way (after the move before this one) would put back the order it
      // read, from before this move, and rows would jump under the pointer.
      await client.cancelQueries({ queryKey, exact: true });
      const before = client.getQueryData<ListData>(queryKey);
      if (!before) return;
      client.setQueryData<ListData>(queryKey, (data) =>
        data ? moveInPages(data, taskId, reference.id, rest[toIndex] === undefined, positions) : data,
      );
      try {
        // One after another: each lands between positions the one before it wrote.
        for (const { taskId: id, position } of drop.placeFirst) await setTaskPosition(id, viewId, position);
        await setTaskPosition(taskId, viewId, drop.position);
      } catch (error) {
        client.setQueryData(queryKey, before);
        showError(t, error);
      } finally {
        // The server may have re-spread the view's positions when a gap grew too small.
        await refreshViewTasks(client, projectId, viewId);
      }
    },
    [client, t, projectId, viewId, queryKey],
  );
}
