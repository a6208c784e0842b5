/**
 * The calls quick-add makes besides reading projects (spec 2 §7; reference/vikunja-api.md): label
 * search and creation, project users, task creation with its assignees, labels in one bulk call,
 * and subtask relations for pasted indented lines.
 */
import { apiRequest } from '../../api/client';
import type { Label, Task, TaskInput } from '../../api/tasks';
import type { User } from '../../api/types';

export async function searchLabels(text: string): Promise<Label[]> {
  const params = new URLSearchParams({ s: text, page: '1' });
  return (await apiRequest<Label[] | null>('GET', `/labels?${params}`)) ?? [];
}

export function createLabel(title: string, hexColor: string): Promise<Label> {
  return apiRequest('PUT', '/labels', { body: { title, hexColor } });
}

export async function searchProjectUsers(projectId: number, text: string): Promise<User[]> {
  const params = new URLSearchParams({ s: text });
  return (await apiRequest<User[] | null>('GET', `/projects/${projectId}/projectusers?${params}`)) ?? [];
}

export function createTaskWithAssignees(
  projectId: number,
  input: TaskInput & { title: string; assignees: { id: number }[] },
): Promise<Task> {
  return apiRequest('PUT', `/projects/${projectId}/tasks`, { body: input });
}

export function setTaskLabels(taskId: number, labelIds: readonly number[]): Promise<unknown> {
  return apiRequest('POST', `/tasks/${taskId}/labels/bulk`, {
    body: { labels: labelIds.map((id) => ({ id })) },
  });
}

export function addSubtask(parentTaskId: number, subtaskId: number): Promise<unknown> {
  return apiRequest('PUT', `/tasks/${parentTaskId}/relations`, {
    body: { otherTaskId: subtaskId, relationKind: 'subtask' },
  });
}
