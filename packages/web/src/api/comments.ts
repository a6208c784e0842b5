/** A task's comments (spec 2 §3 Comment; reference/vikunja-api.md §2.7, §3.10). */
import { apiRequest } from './client';
import type { ReactionMap } from './reactions';
import type { User } from './types';

export interface Comment {
  id: number;
  comment: string;
  author: User | null;
  reactions: ReactionMap | null;
  created: string;
  updated: string;
}

export async function fetchComments(taskId: number): Promise<Comment[]> {
  return (await apiRequest<Comment[] | null>('GET', `/tasks/${taskId}/comments`)) ?? [];
}

/** `key`: the Idempotency-Key, the same for each try of one comment, so a retry never adds it twice. */
export function addComment(taskId: number, comment: string, key?: string): Promise<Comment> {
  return apiRequest('PUT', `/tasks/${taskId}/comments`, {
    body: { comment },
    headers: key ? { 'Idempotency-Key': key } : {},
  });
}

export function editComment(taskId: number, commentId: number, comment: string): Promise<Comment> {
  return apiRequest('POST', `/tasks/${taskId}/comments/${commentId}`, { body: { comment } });
}

export function deleteComment(taskId: number, commentId: number) {
  return apiRequest('DELETE', `/tasks/${taskId}/comments/${commentId}`);
}
