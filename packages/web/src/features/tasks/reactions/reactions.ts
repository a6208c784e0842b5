/**
 * Reactions on a task or comment (reference §2.7): the wire gives an object from reaction to the
 * users who gave it, in the order the reactions were first given. These rules read and change that
 * object without touching the one they were given (the cache keeps the old one for a rollback).
 */
import type { ReactionMap } from '../../../api/reactions';
import type { User } from '../../../api/types';

/** The reactions the picker offers, with the i18n key of their names. */
export const commonReactions = [
  { value: '👍', name: 'thumbsUp' },
  { value: '👎', name: 'thumbsDown' },
  { value: '😄', name: 'laugh' },
  { value: '🎉', name: 'hooray' },
  { value: '😕', name: 'confused' },
  { value: '❤️', name: 'heart' },
  { value: '🚀', name: 'rocket' },
  { value: '👀', name: 'eyes' },
] as const;

export interface ReactionSummary {
  value: string;
  users: User[];
  /** Whether the user looking at it gave this reaction. */
  mine: boolean;
}

/** The reactions someone gave, in the server's order. */
export function summarizeReactions(map: ReactionMap | null | undefined, userId: number): ReactionSummary[] {
  return Object.entries(map ?? {})
    .filter(([, users]) => (users ?? []).length > 0)
    .map(([value, users]) => ({ value, users, mine: users.some((u) => u.id === userId) }));
}

export function hasReacted(map: ReactionMap | null | undefined, value: string, userId: number): boolean {
  return (map?.[value] ?? []).some((u) => u.id === userId);
}

/** The map with the user's `value` reaction given or taken back (a no-op when it already is so). */
export function withReaction(
  map: ReactionMap | null | undefined,
  value: string,
  user: User,
  given: boolean,
): ReactionMap {
  const current = map ?? {};
  const users = current[value] ?? [];
  const others = users.filter((u) => u.id !== user.id);
  if (given) return others.length === users.length ? { ...current, [value]: [...users, user] } : current;
  if (others.length === users.length) return current;
  const next = { ...current };
  if (others.length > 0) next[value] = others;
  else delete next[value];
  return next;
}

/** The map after the user toggled `value`: their reaction removed if they gave it, else added. */
export function toggleReaction(map: ReactionMap | null | undefined, value: string, user: User): ReactionMap {
  return withReaction(map, value, user, !hasReacted(map, value, user.id));
}
