/**
 * Unread marks on tasks (reference §2.6 `POST /tasks/{id}/read`; §3.3 `is_unread`): lists asked
 * with `expand=is_unread` flag the tasks with comments the user has not read; opening one marks
 * it read.
 */
import { apiRequest } from './client';

/** The expand value that adds `isUnread` to each task of a list. */
export const UNREAD_EXPAND = 'is_unread';

export function markTaskRead(taskId: number): Promise<unknown> {
  return apiRequest('POST', `/tasks/${taskId}/read`);
}
