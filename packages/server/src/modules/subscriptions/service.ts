/**
 * Subscriptions (reference §2.7, §4.14, §5.14): a user subscribes to a project or task they can
 * read; a subscription anywhere above (the project or an ancestor) already covers it (12002).
 * Only users subscribe: routes refuse link shares. Unsubscribing removes the user's own
 * subscription on exactly that entity; without one the answer is 403.
 */
import { Right } from '@ordo/core';
import type { SubscriptionRow } from '../../db/schema.js';
import { fail } from '../../http/api-error.js';
import type { ProjectAccess } from '../rights/project-access.js';
import { isUniqueViolation } from '../tasks/repo.js';
import type { TasksService } from '../tasks/service.js';
import type { NearestSubscriptions } from './nearest.js';
import type { SubscriptionEntity, SubscriptionsRepo } from './repo.js';
import { type SerializedSubscription, serializeSubscription } from './serialize.js';

export function readEntity(entity: string): SubscriptionEntity {
  if (entity !== 'project' && entity !== 'task') throw fail('unknownSubscriptionEntity');
  return entity;
}

export class SubscriptionsService {
  constructor(
    private readonly repo: SubscriptionsRepo,
    readonly nearest: NearestSubscriptions,
    private readonly tasks: TasksService,
    private readonly access: ProjectAccess,
  ) {}

  async subscribe(userId: number, entity: string, entityId: number): Promise<SerializedSubscription> {
    const kind = readEntity(entity);
    if ((await this.coveringSubscription(userId, kind, entityId)) !== undefined) {
      throw fail('subscriptionExists');
    }
    // Two identical requests at once: the unique index lets one through.
    const row = await this.repo
      .insert(userId, kind, entityId)
      .catch((error) => Promise.reject(isUniqueViolation(error) ? fail('subscriptionExists') : error));
    return serializeSubscription(row);
  }

  async unsubscribe(userId: number, entity: string, entityId: number): Promise<void> {
    const kind = readEntity(entity);
    if (!(await this.repo.remove(userId, kind, entityId))) throw fail('forbidden');
  }

  /** The subscription that covers the entity for the user, after checking read access on it. */
  private async coveringSubscription(
    userId: number,
    kind: SubscriptionEntity,
    entityId: number,
  ): Promise<SubscriptionRow | undefined> {
    if (kind === 'task') {
      const { task } = await this.tasks.demand(userId, entityId, Right.read);
      return this.nearest.forTask(userId, task);
    }
    if (entityId <= 0) throw fail('projectDoesNotExist');
    await this.access.demand(userId, entityId, Right.read);
    return (await this.nearest.forProjects(userId, [entityId])).get(entityId);
  }
}
