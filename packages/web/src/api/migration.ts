/**
 * Import calls (reference §2.16): the last run of an importer with its progress, the upload (which
 * answers once the file is checked; the import then runs on the server) and cancelling it.
 */
import { isUnsetDate } from '@ordo/core';
import { apiFetch, apiRequest } from './client';

export interface ImportCounts {
  projects: number;
  tasks: number;
  labels: number;
  comments: number;
  attachments: number;
}

export interface MigrationStatus {
  id: number;
  migratorName: string;
  startedAt: string;
  finishedAt: string;
  /** none, running, done, failed or cancelled (older servers send none of these). */
  state?: string;
  stage?: string;
  done?: number;
  total?: number;
  result?: ImportCounts | null;
  error?: { code?: number; message: string } | null;
}

export const migrationKeys = {
  status: (service: string) => ['migration', service, 'status'] as const,
};

export function fetchMigrationStatus(service: string): Promise<MigrationStatus> {
  return apiRequest<MigrationStatus>('GET', `/migration/${service}/status`);
}

/**
 * Sends the file in the multipart field `import`; answers once the server has checked it, with
 * the id of the import it started.
 */
export async function uploadImport(service: string, file: File): Promise<{ message: string; id: number }> {
  const form = new FormData();
  form.append('import', file);
  const response = await apiFetch(`/migration/${service}/migrate`, { method: 'PUT', body: form });
  const body = (await response.json()) as { message?: string; id?: number };
  return { message: body.message ?? '', id: body.id ?? 0 };
}

export function cancelImport(service: string): Promise<MigrationStatus> {
  return apiRequest<MigrationStatus>('POST', `/migration/${service}/cancel`);
}

/** An import started and not finished: another one is blocked until it ends. */
export function isRunning(status: MigrationStatus | undefined): boolean {
  return !!status && !isUnsetDate(status.startedAt) && isUnsetDate(status.finishedAt);
}

/** An import that finished and kept what it imported. */
export function hasFinished(status: MigrationStatus | undefined): boolean {
  return !!status && !isUnsetDate(status.finishedAt) && (status.state ?? 'done') === 'done';
}
