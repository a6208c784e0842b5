/**
 * The tasks the app has loaded (lists, boards, task details, search results), searched by title:
 * without a network a task can still be picked, e.g. to relate it to another, among those.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Task } from '../../api/tasks';
import { editCachedTasks } from './offline-changes';

/** Loaded tasks whose title holds `text` (case aside), newest copy of each, by title; at most `limit`. */
export function cachedTasksTitled(client: QueryClient, text: string, limit = 20): Task[] {
  const wanted = text.toLowerCase();
  const found = new Map<number, Task>();
  editCachedTasks(client, (task) => {
    const seen = found.get(task.id);
    if (task.title.toLowerCase().includes(wanted) && (!seen || task.updated > seen.updated))
      found.set(task.id, task);
    return task;
  });
  return [...found.values()].sort((a, b) => a.title.localeCompare(b.title)).slice(0, limit);
}
