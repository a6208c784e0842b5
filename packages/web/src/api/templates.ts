/**
 * Templates (Ordo's own endpoints): projects and tasks a user saved to create new ones from. Only
 * their owner sees them; a project template brings views, buckets, labels and tasks, a task
 * template the task's fields, reminders and labels, with dates moved to keep their distance
 * from the day.
 */
import type { Template as ContractTemplate } from '@ordo/core';
import { apiRequest } from './client';
import type { Project } from './projects';
import type { Task } from './tasks';
import type { CamelCased } from './types';

export type Template = CamelCased<ContractTemplate>;

export const templateKeys = { all: ['templates'] as const };

export async function fetchTemplates(): Promise<Template[]> {
  return (await apiRequest<Template[] | null>('GET', '/templates')) ?? [];
}

/** Saves the project or task as a template under the title given. */
export function saveAsTemplate(kind: Template['kind'], sourceId: number, title: string): Promise<Template> {
  const path = kind === 'project' ? `/projects/${sourceId}/template` : `/tasks/${sourceId}/template`;
  return apiRequest('PUT', path, { body: { title } });
}

export function renameTemplate(id: number, title: string): Promise<Template> {
  return apiRequest('POST', `/templates/${id}`, { body: { title } });
}

export function deleteTemplate(id: number): Promise<{ message: string }> {
  return apiRequest('DELETE', `/templates/${id}`);
}

/** A new project from a project template, at the top level when `parentProjectId` is 0. */
export function createProjectFromTemplate(
  id: number,
  title: string,
  parentProjectId: number,
): Promise<Project> {
  return apiRequest('PUT', `/templates/${id}/project`, { body: { title, parentProjectId } });
}

export function createTaskFromTemplate(id: number, projectId: number): Promise<Task> {
  return apiRequest('PUT', `/templates/${id}/task`, { body: { projectId } });
}
