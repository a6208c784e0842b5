/** A task's labels (reference/vikunja-api.md §2.8): one at a time, or all at once in bulk. */
import { apiRequest } from './client';

export function addTaskLabel(taskId: number, labelId: number) {
  return apiRequest('PUT', `/tasks/${taskId}/labels`, { body: { labelId } });
}

export function removeTaskLabel(taskId: number, labelId: number) {
  return apiRequest('DELETE', `/tasks/${taskId}/labels/${labelId}`);
}

/** Replaces the task's labels with these. */
export function setTaskLabels(taskId: number, labelIds: readonly number[]): Promise<unknown> {
  return apiRequest('POST', `/tasks/${taskId}/labels/bulk`, {
    body: { labels: labelIds.map((id) => ({ id })) },
  });
}
