/** One's own account (reference §2.3): e-mail change, account deletion and the data export. */
import { apiFetch, apiRequest } from './client';
import type { Message } from './types';

export function changeEmail(newEmail: string, password: string): Promise<Message> {
  return apiRequest('POST', '/user/settings/email', { body: { newEmail, password } });
}

/** Local accounts send their password; accounts managed elsewhere send none. */
export function requestDeletion(password?: string): Promise<Message> {
  return apiRequest('POST', '/user/deletion/request', { body: password === undefined ? {} : { password } });
}

export function confirmDeletion(token: string): Promise<void> {
  return apiRequest('POST', '/user/deletion/confirm', { body: { token } });
}

export function cancelDeletion(password?: string): Promise<void> {
  return apiRequest('POST', '/user/deletion/cancel', { body: password === undefined ? {} : { password } });
}

export interface ExportStatus {
  id?: number;
  size?: number;
  created?: string;
  expires?: string;
  /** Set while a build runs and no finished export exists yet. */
  buildingSince?: string;
}

export function requestExport(password?: string): Promise<Message> {
  return apiRequest('POST', '/user/export/request', { body: password === undefined ? {} : { password } });
}

export function fetchExportStatus(): Promise<ExportStatus> {
  return apiRequest('GET', '/user/export');
}

/** Downloads the zip and hands it to the browser as a file. */
export async function downloadExport(password?: string): Promise<void> {
  const response = await apiFetch('/user/export/download', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(password === undefined ? {} : { password }),
  });
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name ?? 'ordo-export.zip';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const exportStatusKey = ['user', 'export'] as const;
