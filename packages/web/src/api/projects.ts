/** Projects and their duplicates (spec 2 §3, §7; reference/vikunja-api.md §2.4); views are in views.ts. */
import { isRight, type Right } from '@ordo/core';
import { apiRequest, apiRequestWithHeaders } from './client';
import type { Subscription } from './subscriptions';
import type { User } from './types';
import type { ProjectView } from './views';

export interface Project {
  id: number;
  title: string;
  description: string;
  identifier: string;
  hexColor: string;
  parentProjectId: number;
  owner: User | null;
  isArchived: boolean;
  isFavorite: boolean;
  /** The caller's nearest subscription (its own or a parent's), absent when none. */
  subscription?: Subscription | null;
  position: number;
  /** `{Type: 'upload'}` (capital T, as the API spells it) when the project has a background. */
  backgroundInformation: { Type: string } | null;
  /** Painted while the background image loads; '' without a background. */
  backgroundBlurHash: string;
  views: ProjectView[] | null;
  /** Filled by `GET /projects?expand=rights` and by single reads (from the header). */
  maxRight: Right | null;
  created: string;
  updated: string;
}

/** The writable fields; an update is a full replace, so callers send the whole project. */
export interface ProjectInput {
  title: string;
  description: string;
  identifier: string;
  hexColor: string;
  parentProjectId: number;
  isArchived: boolean;
  isFavorite: boolean;
  position: number;
}

export const FAVORITES_PROJECT_ID = -1;

export function projectInput(project: Project): ProjectInput {
  return {
    title: project.title,
    description: project.description,
    identifier: project.identifier,
    hexColor: project.hexColor,
    parentProjectId: project.parentProjectId,
    isArchived: project.isArchived,
    isFavorite: project.isFavorite,
    position: project.position,
  };
}

function pageCount(headers: Headers): number {
  return Number(headers.get('x-pagination-total-pages') ?? '1') || 0;
}

/** Every project the user can see, archived ones included, with rights: all pages, in order. */
export async function fetchAllProjects(): Promise<Project[]> {
  const all: Project[] = [];
  for (let page = 1; ; page++) {
    const { data, headers } = await apiRequestWithHeaders<Project[]>(
      'GET',
      `/projects?is_archived=true&expand=rights&page=${page}`,
    );
    all.push(...data);
    if (page >= pageCount(headers) || data.length === 0) return all;
  }
}

/** One project, with the caller's right from the `x-max-right` header. */
export async function fetchProject(id: number): Promise<Project> {
  const { data, headers } = await apiRequestWithHeaders<Project>('GET', `/projects/${id}`);
  const header = Number(headers.get('x-max-right') ?? headers.get('x-max-permission'));
  return { ...data, maxRight: isRight(header) ? header : data.maxRight };
}

export function createProject(input: Partial<ProjectInput> & { title: string }): Promise<Project> {
  return apiRequest('PUT', '/projects', { body: input });
}

export function updateProject(id: number, input: ProjectInput): Promise<Project> {
  return apiRequest('POST', `/projects/${id}`, { body: input });
}

export function deleteProject(id: number): Promise<{ message: string }> {
  return apiRequest('DELETE', `/projects/${id}`);
}

export async function duplicateProject(id: number, parentProjectId: number): Promise<Project> {
  const answer = await apiRequest<{ duplicatedProject: Project }>('PUT', `/projects/${id}/duplicate`, {
    body: { parentProjectId },
  });
  return answer.duplicatedProject;
}
