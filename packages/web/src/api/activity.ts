/** A task's and a project's activity: each change to a task, newest first (Ordo's own API). */
import { apiRequest, apiRequestWithHeaders } from './client';
import type { Activity } from './types';

export type { Activity };

export async function fetchTaskActivity(taskId: number): Promise<Activity[]> {
  return (await apiRequest<Activity[] | null>('GET', `/tasks/${taskId}/activity?per_page=200`)) ?? [];
}

export async function fetchProjectActivity(
  projectId: number,
  page: number,
): Promise<{ entries: Activity[]; totalPages: number }> {
  const { data, headers } = await apiRequestWithHeaders<Activity[] | null>(
    'GET',
    `/projects/${projectId}/activity?page=${page}&per_page=50`,
  );
  return { entries: data ?? [], totalPages: Number(headers.get('x-pagination-total-pages') ?? '0') || 0 };
}
