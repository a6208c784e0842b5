/**
 * The trash (Ordo's own endpoints): deleted tasks, comments and projects kept for some days,
 * restorable by those who may write to their project (a project: its owner and its deleter), or
 * deleted for good.
 */
import { type TrashEntry as ContractTrashEntry, errorCatalogue } from '@ordo/core';
import { ApiRequestError } from './api-error';
import { apiRequest } from './client';
import type { Project } from './projects';
import type { Task } from './tasks';
import type { CamelCased } from './types';

/** A deleted item waiting in the trash (core's TrashEntrySchema, camel-cased). */
export type TrashEntry = CamelCased<ContractTrashEntry>;

export const trashKeys = { all: ['trash'] as const };

export async function fetchTrash(): Promise<TrashEntry[]> {
  return (await apiRequest<TrashEntry[] | null>('GET', '/trash')) ?? [];
}

/** Answers the restored task (for a comment, its task) or project. */
export function restoreTrashEntry(id: number): Promise<Task | Project> {
  return apiRequest('POST', `/trash/${id}/restore`);
}

export function purgeTrashEntry(id: number): Promise<{ message: string }> {
  return apiRequest('DELETE', `/trash/${id}`);
}

/** Brings back the task, comment or project just deleted (the undo of a delete): its trash entry. */
export async function restoreDeleted(kind: TrashEntry['kind'], itemId: number): Promise<Task | Project> {
  const entry = (await fetchTrash()).find((e) => e.kind === kind && e.itemId === itemId);
  if (!entry) {
    const { code, status, message } = errorCatalogue.trashEntryDoesNotExist;
    throw new ApiRequestError(status, code, message);
  }
  return restoreTrashEntry(entry.id);
}

/** Brings back the tasks just deleted together (the undo of a bulk delete), in one request. */
export async function restoreDeletedTasks(taskIds: readonly number[]): Promise<void> {
  const wanted = new Set(taskIds);
  const ids = (await fetchTrash()).filter((e) => e.kind === 'task' && wanted.has(e.itemId)).map((e) => e.id);
  await apiRequest('POST', '/trash/restore', { body: { trashIds: ids } });
}
