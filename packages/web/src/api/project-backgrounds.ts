/** Project background calls (spec 2 §7, reference §2.4): the image as a blob, upload and removal. */
import { isRight } from '@ordo/core';
import { toCamel } from './case-conversion';
import { apiFetch, apiRequestWithHeaders } from './client';
import type { Project } from './projects';

/**
 * The image bytes, fetched with the session token (an <img> cannot send it). The server answers
 * `private, no-cache` with an ETag, so the browser revalidates and gets a 304 when unchanged.
 */
export async function fetchBackgroundImage(projectId: number, signal?: AbortSignal): Promise<Blob> {
  const response = await apiFetch(`/projects/${projectId}/background`, { signal, cache: 'no-cache' });
  return response.blob();
}

function withRight(project: Project, headers: Headers): Project {
  const header = Number(headers.get('x-max-right') ?? headers.get('x-max-permission'));
  return { ...project, maxRight: isRight(header) ? header : project.maxRight };
}

export async function uploadBackground(projectId: number, file: File): Promise<Project> {
  const form = new FormData();
  form.append('background', file);
  const response = await apiFetch(`/projects/${projectId}/backgrounds/upload`, { method: 'PUT', body: form });
  return withRight(toCamel<Project>(await response.json()), response.headers);
}

export async function removeBackground(projectId: number): Promise<Project> {
  const { data, headers } = await apiRequestWithHeaders<Project>(
    'DELETE',
    `/projects/${projectId}/background`,
  );
  return withRight(data, headers);
}
