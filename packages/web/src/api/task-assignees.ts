/** A task's assignees (reference/vikunja-api.md §2.7); who may be assigned is in users.ts. */
import { apiRequest } from './client';

export function addAssignee(taskId: number, userId: number) {
  return apiRequest('PUT', `/tasks/${taskId}/assignees`, { body: { userId } });
}

export function removeAssignee(taskId: number, userId: number) {
  return apiRequest('DELETE', `/tasks/${taskId}/assignees/${userId}`);
}
