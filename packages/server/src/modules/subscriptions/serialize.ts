/** The subscription shape of reference §3: `{"id","entity","entity_id","created"}`. */
import type { Subscription } from '@ordo/core';
import type { SubscriptionRow } from '../../db/schema.js';

export function serializeSubscription(row: SubscriptionRow): Subscription {
  return { id: row.id, entity: row.entity_type, entity_id: row.entity_id, created: row.created };
}

export type SerializedSubscription = ReturnType<typeof serializeSubscription>;

/**
 * A copy of a task or project with `subscription` placed right after `is_favorite`, where the
 * reference puts it; without a subscription the key is left out (omitempty).
 */
export function withSubscription<T extends { is_favorite: boolean }>(
  entity: T,
  subscription: SerializedSubscription | undefined,
): T & { subscription?: SerializedSubscription } {
  if (!subscription) return entity;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(entity)) {
    out[key] = value;
    if (key === 'is_favorite') out.subscription = subscription;
  }
  return out as T & { subscription: SerializedSubscription };
}
