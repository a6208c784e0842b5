/** The subscription shape of reference §3: `{"id","entity","entity_id","created"}`. */
import type { Subscription } from '@ordo/core';
import type { SubscriptionRow } from '../../db/schema.js';

export function serializeSubscription(row: SubscriptionRow): Subscription {
  return { id: row.id, entity: row.entity_type, entity_id: row.entity_id, created: row.created };
}

export type SerializedSubscription = ReturnType<typeof serializeSubscription>;

/**
 * A copy of a task or project with `subscription` placed right after `is_favorite` (and a task's
 * `is_unread`, when asked for), where the reference puts it; without a subscription the key is
 * left out (omitempty).
 */
export function withSubscription<T extends { is_favorite: boolean; is_unread?: boolean }>(
  entity: T,
  subscription: SerializedSubscription | undefined,
): T & { subscription?: SerializedSubscription } {
  if (!subscription) return entity;
  const after = entity.is_unread === undefined ? 'is_favorite' : 'is_unread';
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(entity)) {
    out[key] = value;
    if (key === after) out.subscription = subscription;
  }
  return out as T & { subscription: SerializedSubscription };
}
