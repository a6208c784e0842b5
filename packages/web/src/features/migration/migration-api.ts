/** Import calls (reference §2.16): the last run of an importer, and the synchronous file upload. */
import { isUnsetDate } from '@ordo/core';
import { apiFetch, apiRequest } from '../../api/client';

export interface MigrationStatus {
  id: number;
  migratorName: string;
  startedAt: string;
  finishedAt: string;
}

export const migrationKeys = {
  status: (service: string) => ['migration', service, 'status'] as const,
};

export function fetchMigrationStatus(service: string): Promise<MigrationStatus> {
  return apiRequest<MigrationStatus>('GET', `/migration/${service}/status`);
}

/** Sends the file in the multipart field `import`; answers once everything is imported. */
export async function uploadImport(service: string, file: File): Promise<string> {
  const form = new FormData();
  form.append('import', file);
  const response = await apiFetch(`/migration/${service}/migrate`, { method: 'PUT', body: form });
  const body = (await response.json()) as { message?: string };
  return body.message ?? '';
}

/** An import started and not finished: another one is blocked until it ends. */
export function isRunning(status: MigrationStatus | undefined): boolean {
  return !!status && !isUnsetDate(status.startedAt) && isUnsetDate(status.finishedAt);
}

export function hasFinished(status: MigrationStatus | undefined): boolean {
  return !!status && !isUnsetDate(status.finishedAt);
}
