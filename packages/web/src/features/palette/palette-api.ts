/** The palette's searches and creations (spec 2 §7): tasks, labels and teams by text, a new team. */
import { apiRequest } from '../../api/client';
import type { Label, Task } from '../../api/tasks';

export interface Team {
  id: number;
  name: string;
  description: string;
}

/** `GET /tasks/all?s=&sort_by=done&filter=`: undone tasks first. */
export async function searchTasks(text: string, filter: string, signal?: AbortSignal): Promise<Task[]> {
  const params = new URLSearchParams({ s: text, sort_by: 'done' });
  if (filter) params.set('filter', filter);
  return (await apiRequest<Task[] | null>('GET', `/tasks/all?${params}`, { signal })) ?? [];
}

export async function searchLabels(text: string, signal?: AbortSignal): Promise<Label[]> {
  const params = new URLSearchParams({ s: text });
  return (await apiRequest<Label[] | null>('GET', `/labels?${params}`, { signal })) ?? [];
}

export async function searchTeams(text: string, signal?: AbortSignal): Promise<Team[]> {
  const params = new URLSearchParams({ s: text });
  return (await apiRequest<Team[] | null>('GET', `/teams?${params}`, { signal })) ?? [];
}

export function createTeam(name: string): Promise<Team> {
  return apiRequest('PUT', '/teams', { body: { name } });
}
