/**
 * Reaction calls (reference §2.7): `tasks` or `comments`, then the id. Reading needs read on the
 * task; reacting needs write and a user (link shares are refused with 403).
 */
import { apiRequest } from './client';
import type { User } from './types';

/** Who gave which reaction, by the reaction (an emoji). */
export type ReactionMap = Record<string, User[]>;

export type ReactionEntity = 'tasks' | 'comments';

export async function fetchReactions(kind: ReactionEntity, id: number): Promise<ReactionMap> {
  return (
    (await apiRequest<ReactionMap | null>('GET', `/${kind}/${id}/reactions`, { keyedByData: true })) ?? {}
  );
}

export function addReaction(kind: ReactionEntity, id: number, value: string) {
  return apiRequest('PUT', `/${kind}/${id}/reactions`, { body: { value } });
}

export function removeReaction(kind: ReactionEntity, id: number, value: string) {
  return apiRequest('POST', `/${kind}/${id}/reactions/delete`, { body: { value } });
}
