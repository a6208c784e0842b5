/**
 * The calls quick-add makes besides reading projects (spec 2 §7; reference/vikunja-api.md): label
 * search and creation, project users, task creation with its assignees, labels in one bulk call,
 * and subtask relations for pasted indented lines.
 */
import { apiRequest, apiRequestWithHeaders } from '../../api/client';
import type { Label, Task, TaskInput } from '../../api/tasks';
import type { User } from '../../api/types';

/**
 * The label with exactly this title (ignoring case), or null. The search also finds longer titles
 * containing the text, so it reads on page by page until the exact one turns up.
 */
export async function findLabelByTitle(title: string): Promise<Label | null> {
  const wanted = title.toLowerCase();
  for (let page = 1; ; page++) {
    const params = new URLSearchParams({ s: title, page: String(page) });
    const { data, headers } = await apiRequestWithHeaders<Label[] | null>('GET', `/labels?${params}`);
    const found = (data ?? []).find((l) => l.title.toLowerCase() === wanted);
    if (found) return found;
    const pages = Number(headers.get('x-pagination-total-pages') ?? '1') || 1;
    if (page >= pages || !data?.length) return null;
  }
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
