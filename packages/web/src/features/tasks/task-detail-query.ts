/**
 * The query of one task's detail (with the caller's right and the task's version), light enough
 * for the first download, so that the app can ask for a task it opens at before the task page's
 * code is here (open-at-task.ts).
 */
import { fetchTaskDetail, taskDetailKey } from '../../api/task-detail';

export function taskDetailQuery(taskId: number) {
  return { queryKey: taskDetailKey(taskId), queryFn: () => fetchTaskDetail(taskId) };
}
