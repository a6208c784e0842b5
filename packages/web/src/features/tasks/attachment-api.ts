/**
 * Attachment uploads and downloads (reference §2.7): uploads are multipart (field `files`,
 * repeatable) and answer `{ success, errors }` per file; downloads and image previews are bytes,
 * fetched with the session token and shown through object URLs.
 */
import { ApiRequestError, ApiUnreachableError } from '../../api/api-error';
import { getApiUrl } from '../../api/api-url';
import { getToken } from '../../api/auth-token';
import { toCamel } from '../../api/case-conversion';
import { apiRequest } from '../../api/client';
import type { Attachment } from './task-api';

/** Extensions the client previews as images (spec 2 §3). */
const previewable = /\.(jpe?g|png|bmp|gif)$/i;

export function isPreviewable(name: string): boolean {
  return previewable.test(name);
}

async function send(path: string, init: RequestInit): Promise<Response> {
  const base = getApiUrl();
  if (!base) throw new ApiUnreachableError('', new Error('No API URL configured'));
  const token = getToken();
  const url = `${base}${path}`;
  let response: Response;
  try {
    response = await fetch(url, { ...init, headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiUnreachableError(url, error);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { code?: unknown; message?: unknown };
    throw new ApiRequestError(
      response.status,
      typeof body.code === 'number' ? body.code : undefined,
      typeof body.message === 'string' ? body.message : response.statusText,
    );
  }
  return response;
}

export interface UploadResult {
  success: Attachment[] | null;
  errors: { code?: number; message: string }[] | null;
}

export async function uploadAttachments(taskId: number, files: File[]): Promise<UploadResult> {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  const response = await send(`/tasks/${taskId}/attachments`, { method: 'PUT', body: form });
  return toCamel<UploadResult>(await response.json());
}

export async function attachmentBlob(
  taskId: number,
  attachmentId: number,
  previewSize?: 'sm' | 'md' | 'lg' | 'xl',
  signal?: AbortSignal,
): Promise<Blob> {
  const query = previewSize ? `?preview_size=${previewSize}` : '';
  const response = await send(`/tasks/${taskId}/attachments/${attachmentId}${query}`, { signal });
  return response.blob();
}

export function deleteAttachment(taskId: number, attachmentId: number) {
  return apiRequest('DELETE', `/tasks/${taskId}/attachments/${attachmentId}`);
}
