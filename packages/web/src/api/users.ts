/** Finding other users (reference §4.15): everyone discoverable, or those with access to a project. */
import { apiRequest } from './client';
import type { User } from './types';

/** Users by exact username, part of a discoverable name, or full e-mail; nothing for blank text. */
export async function searchUsers(text: string): Promise<User[]> {
  const term = text.trim();
  if (!term) return [];
  return (await apiRequest<User[] | null>('GET', `/users?${new URLSearchParams({ s: term })}`)) ?? [];
}

/** The users who can see the project (the ones a task in it can be assigned to). */
export async function searchProjectUsers(projectId: number, text: string): Promise<User[]> {
  const params = new URLSearchParams({ s: text });
  return (await apiRequest<User[] | null>('GET', `/projects/${projectId}/projectusers?${params}`)) ?? [];
}
