/**
 * Writing a changed task into every cached task list of the views (infinite list pages and table
 * pages alike), so a change shows at once and can be put back when the server refuses it.
 */
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys';
import type { Task, TaskPage } from '../../api/tasks';

type CachedTasks = TaskPage | InfiniteData<TaskPage, number>;

function mapPage(page: TaskPage, replace: (task: Task) => Task): TaskPage {
  return { ...page, tasks: page.tasks.map(replace) };
}

export function patchCachedTask(client: QueryClient, task: Task): void {
  const replace = (cached: Task) => (cached.id === task.id ? { ...cached, ...task } : cached);
  client.setQueriesData<CachedTasks>({ queryKey: queryKeys.tasks }, (data) => {
    if (!data) return data;
    if ('pages' in data) return { ...data, pages: data.pages.map((page) => mapPage(page, replace)) };
    if ('tasks' in data) return mapPage(data, replace);
    return data;
  });
}

export function refreshViewTasks(client: QueryClient, projectId: number, viewId: number): Promise<void> {
  return client.invalidateQueries({ queryKey: queryKeys.viewTasks(projectId, viewId) });
}
