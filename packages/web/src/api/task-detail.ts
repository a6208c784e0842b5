/**
 * One task as the detail reads it, in a module of its own: the app asks for a task it opens at
 * from the first download (features/tasks/open-at-task.ts), which has no room for the rest of
 * tasks.ts.
 */
import { isRight, type Right } from '@ordo/core';
import { apiRequestWithHeaders } from './client';
// The same type as tasks.ts's `Task`, taken from where that one is, so the two modules do not import each other.
import type { Task } from './types';

export interface TaskDetail {
  task: Task;
  /** The caller's right on the task's project (`x-max-right`). */
  right: Right;
  /** The task's version (`ETag`), sent back as If-Match so a save never overwrites unseen changes. */
  version?: string;
}

export const taskDetailKey = (id: number) => ['tasks', 'detail', id] as const;

/** The task with the caller's right on its project. */
export async function fetchTaskDetail(id: number): Promise<TaskDetail> {
  const { data, headers } = await apiRequestWithHeaders<Task>('GET', `/tasks/${id}`);
  const header = Number(headers.get('x-max-right') ?? headers.get('x-max-permission'));
  return { task: data, right: isRight(header) ? header : 0, version: headers.get('etag') ?? undefined };
}
