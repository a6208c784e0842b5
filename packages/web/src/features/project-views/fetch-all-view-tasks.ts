/**
 * Every page of a view's tasks for one query (the gantt chart's and the calendar's date range),
 * the pages after the first read at once; a task that moved between pages meanwhile comes once.
 */
import { fetchViewTasks, type Task, type TaskListQuery } from '../../api/tasks';

export async function fetchAllViewTasks(
  projectId: number,
  viewId: number,
  query: Omit<TaskListQuery, 'page'>,
): Promise<Task[]> {
  const first = await fetchViewTasks(projectId, viewId, { ...query, page: 1 });
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, first.totalPages - 1) }, (_, i) =>
      fetchViewTasks(projectId, viewId, { ...query, page: i + 2 }),
    ),
  );
  const seen = new Set<number>();
  return [first, ...rest]
    .flatMap((page) => page.tasks)
    .filter((task) => !seen.has(task.id) && seen.add(task.id));
}
