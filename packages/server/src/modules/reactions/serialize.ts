/** Reactions as the wire has them: an object from value to the users who gave it. */
import type { ReactionMap } from '@ordo/core';
import type { UserRow } from '../../db/schema.js';
import { publicUser } from '../users/serialize.js';

export type { ReactionMap };

/** Groups rows by entity; entities without reactions are absent. */
export function groupReactions(
  rows: readonly (UserRow & { entity_id: number; value: string })[],
): Map<number, ReactionMap> {
  const out = new Map<number, ReactionMap>();
  for (const { entity_id, value, ...user } of rows) {
    const map = out.get(entity_id) ?? {};
    map[value] ??= [];
    map[value].push(publicUser(user as UserRow));
    out.set(entity_id, map);
  }
  return out;
}
