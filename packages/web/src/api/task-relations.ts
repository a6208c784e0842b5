/** Relations between tasks (reference/vikunja-api.md §2.7): the kinds, adding and removing one. */
import { apiRequest } from './client';

export const relationKinds = [
  'subtask',
  'parenttask',
  'related',
  'duplicateof',
  'duplicates',
  'blocking',
  'blocked',
  'precedes',
  'follows',
  'copiedfrom',
  'copiedto',
] as const;
export type RelationKind = (typeof relationKinds)[number];

export function addRelation(taskId: number, otherTaskId: number, relationKind: RelationKind) {
  return apiRequest('PUT', `/tasks/${taskId}/relations`, { body: { otherTaskId, relationKind } });
}

export function removeRelation(taskId: number, relationKind: RelationKind, otherTaskId: number) {
  return apiRequest('DELETE', `/tasks/${taskId}/relations/${relationKind}/${otherTaskId}`);
}
