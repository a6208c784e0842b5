/** Subscriptions to projects and tasks (spec 2 §3 Subscription, §7; reference §2.7, §4.14). */
import { apiRequest } from './client';
import type { Subscription } from './types';

export type { Subscription };

export type SubscriptionEntity = 'project' | 'task';

export function subscribe(entity: SubscriptionEntity, entityId: number): Promise<Subscription> {
  return apiRequest('POST', `/subscriptions/${entity}/${entityId}`);
}

export async function unsubscribe(entity: SubscriptionEntity, entityId: number): Promise<void> {
  await apiRequest('DELETE', `/subscriptions/${entity}/${entityId}`);
}
