/** SQL for subscriptions: one user's rows on given entities, subscribers of entities, cleanup. */
import { nowIso } from '@ordo/core';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database, SubscriptionRow } from '../../db/schema.js';

export type SubscriptionEntity = 'project' | 'task';

/** Entities by kind: tasks and projects whose subscriptions count. */
export interface EntityIds {
  taskIds: readonly number[];
  projectIds: readonly number[];
}

export class SubscriptionsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  with(db: Kysely<Database>): SubscriptionsRepo {
    return new SubscriptionsRepo(db);
  }

  /** The user's own subscriptions on any of these entities, in one query. */
  async ofUser(userId: number, on: EntityIds): Promise<SubscriptionRow[]> {
    if (on.taskIds.length === 0 && on.projectIds.length === 0) return [];
    return this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', userId)
      .where((eb) => eb.or(entityFilter(eb, on)))
      .execute();
  }

  /** Every user subscribed to any of these entities, each once. */
  async subscribers(on: EntityIds): Promise<number[]> {
    if (on.taskIds.length === 0 && on.projectIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('subscriptions')
      .select('user_id')
      .distinct()
      .where((eb) => eb.or(entityFilter(eb, on)))
      .execute();
    return rows.map((r) => r.user_id);
  }

  insert(userId: number, entity: SubscriptionEntity, entityId: number): Promise<SubscriptionRow> {
    return this.db
      .insertInto('subscriptions')
      .values({ user_id: userId, entity_type: entity, entity_id: entityId, created: nowIso() })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Removes the user's own subscription on the entity; answers whether there was one. */
  async remove(userId: number, entity: SubscriptionEntity, entityId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('subscriptions')
      .where('user_id', '=', userId)
      .where('entity_type', '=', entity)
      .where('entity_id', '=', entityId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Every subscription on entities that are being deleted. */
  async removeAllOf(entity: SubscriptionEntity, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .deleteFrom('subscriptions')
      .where('entity_type', '=', entity)
      .where('entity_id', 'in', [...ids])
      .execute();
  }
}

function entityFilter(eb: ExpressionBuilder<Database, 'subscriptions'>, on: EntityIds) {
  const parts = [];
  if (on.taskIds.length > 0)
    parts.push(eb.and([eb('entity_type', '=', 'task'), eb('entity_id', 'in', [...on.taskIds])]));
  if (on.projectIds.length > 0)
    parts.push(eb.and([eb('entity_type', '=', 'project'), eb('entity_id', 'in', [...on.projectIds])]));
  return parts;
}
