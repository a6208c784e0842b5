/** SQL for reactions on tasks and comments. */
import { nowIso } from '@ordo/core';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.js';

export type ReactionKind = 'tasks' | 'comments';

export class ReactionsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** The reactions on these entities with the reacting users, oldest first. */
  ofEntities(
    kind: ReactionKind,
    entityIds: readonly number[],
  ): Promise<(UserRow & { entity_id: number; value: string; reacted: string })[]> {
    if (entityIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('reactions')
      .innerJoin('users', 'users.id', 'reactions.user_id')
      .selectAll('users')
      .select(['reactions.entity_id', 'reactions.value', 'reactions.created as reacted'])
      .where('reactions.entity_kind', '=', kind)
      .where('reactions.entity_id', 'in', [...entityIds])
      .orderBy('reactions.id')
      .execute();
  }

  /** Adds the reaction unless the user already gave it; answers when it was given. */
  async add(
    kind: ReactionKind,
    entityId: number,
    taskId: number,
    userId: number,
    value: string,
  ): Promise<string> {
    const existing = await this.db
      .selectFrom('reactions')
      .select('created')
      .where('entity_kind', '=', kind)
      .where('entity_id', '=', entityId)
      .where('user_id', '=', userId)
      .where('value', '=', value)
      .executeTakeFirst();
    if (existing) return existing.created;
    const created = nowIso();
    await this.db
      .insertInto('reactions')
      .values({ entity_kind: kind, entity_id: entityId, task_id: taskId, user_id: userId, value, created })
      .execute();
    return created;
  }

  async remove(kind: ReactionKind, entityId: number, userId: number, value: string): Promise<void> {
    await this.db
      .deleteFrom('reactions')
      .where('entity_kind', '=', kind)
      .where('entity_id', '=', entityId)
      .where('user_id', '=', userId)
      .where('value', '=', value)
      .execute();
  }

  async removeAllOf(kind: ReactionKind, entityIds: readonly number[]): Promise<void> {
    if (entityIds.length === 0) return;
    await this.db
      .deleteFrom('reactions')
      .where('entity_kind', '=', kind)
      .where('entity_id', 'in', [...entityIds])
      .execute();
  }
}
