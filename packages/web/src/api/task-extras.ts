/**
 * Calls task creation needs besides the task itself (behaviour.md §1.8): finding and creating
 * labels, attaching them, finding project users and assigning them.
 */
import { apiRequest } from './client';
import type { Label } from './tasks';
import type { User } from './types';

export async function searchLabels(search: string): Promise<Label[]> {
  return (await apiRequest<Label[] | null>('GET', `/labels?s=${encodeURIComponent(search)}`)) ?? [];
}

export function createLabel(title: string, hexColor: string): Promise<Label> {
  return apiRequest('PUT', '/labels', { body: { title, hexColor } });
}

export function addLabelToTask(taskId: number, labelId: number): Promise<unknown> {
  return apiRequest('PUT', `/tasks/${taskId}/labels`, { body: { labelId } });
}

export async function searchProjectUsers(projectId: number, search: string): Promise<User[]> {
  return (
    (await apiRequest<User[] | null>(
      'GET',
      `/projects/${projectId}/projectusers?s=${encodeURIComponent(search)}`,
    )) ?? []
  );
}

export function assignUser(taskId: number, userId: number): Promise<unknown> {
  return apiRequest('PUT', `/tasks/${taskId}/assignees`, { body: { userId } });
}
