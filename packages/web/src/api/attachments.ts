/**
 * Attachment uploads and downloads (reference §2.7): uploads are multipart (field `files`,
 * repeatable) and answer `{ success, errors }` per file; downloads and image previews are bytes,
 * fetched with the session token and shown through object URLs.
 */
import { toCamel } from './case-conversion';
import { apiFetch, apiRequest } from './client';
import type { Task } from './tasks';
import type { User } from './types';

export interface AttachmentFile {
  id: number;
  name: string;
  mime: string;
  size: number;
  created: string;
}

export interface Attachment {
  id: number;
  taskId: number;
  createdBy: User | null;
  file: AttachmentFile;
  created: string;
}

export function attachmentsOf(task: Task): Attachment[] {
  return (task.attachments as Attachment[] | null) ?? [];
}

/** Extensions the client previews as images (spec 2 §3). */
const previewable = /\.(jpe?g|png|bmp|gif)$/i;

export function isPreviewable(name: string): boolean {
  return previewable.test(name);
}

export interface UploadResult {
  success: Attachment[] | null;
  errors: { code?: number; message: string }[] | null;
}

export async function uploadAttachments(taskId: number, files: File[]): Promise<UploadResult> {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  const response = await apiFetch(`/tasks/${taskId}/attachments`, { method: 'PUT', body: form });
  return toCamel<UploadResult>(await response.json());
}

export async function attachmentBlob(
  taskId: number,
  attachmentId: number,
  previewSize?: 'sm' | 'md' | 'lg' | 'xl',
  signal?: AbortSignal,
): Promise<Blob> {
  const query = previewSize ? `?preview_size=${previewSize}` : '';
  const response = await apiFetch(`/tasks/${taskId}/attachments/${attachmentId}${query}`, { signal });
  return response.blob();
}

export function deleteAttachment(taskId: number, attachmentId: number) {
  return apiRequest('DELETE', `/tasks/${taskId}/attachments/${attachmentId}`);
}
