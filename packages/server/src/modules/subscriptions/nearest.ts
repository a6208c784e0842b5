/**
 * The subscription that covers an entity for one user (reference §4.14): the task's own first,
 * then its project's, then the nearest ancestor's. Reads the ancestries in one query and the
 * user's subscriptions on all of them in another, however many projects are asked about.
 */
import type { Kysely } from 'kysely';
import type { Database, SubscriptionRow } from '../../db/schema.js';
import { RightsRepo } from '../rights/repo.js';
import type { SubscriptionsRepo } from './repo.js';

export class NearestSubscriptions {
  private readonly chains: RightsRepo;

  constructor(
    db: Kysely<Database>,
    private readonly repo: SubscriptionsRepo,
  ) {
    this.chains = new RightsRepo(db);
  }

  /** Each project's ancestry ids, nearest first (the project itself leads). */
  async ancestries(projectIds: readonly number[]): Promise<Map<number, number[]>> {
    const chains = await this.chains.chains(projectIds);
    return new Map([...chains].map(([id, chain]) => [id, chain.map((level) => level.projectId)]));
  }

  /** The nearest subscription of each project (projects without one are absent). */
  async forProjects(userId: number, projectIds: readonly number[]): Promise<Map<number, SubscriptionRow>> {
    const ancestries = await this.ancestries(projectIds);
    const all = [...new Set([...ancestries.values()].flat())];
    const rows = await this.repo.ofUser(userId, { taskIds: [], projectIds: all });
    const byProject = new Map(rows.map((r) => [r.entity_id, r]));
    const out = new Map<number, SubscriptionRow>();
    for (const [id, chain] of ancestries) {
      const nearest = chain.map((p) => byProject.get(p)).find((r) => r !== undefined);
      if (nearest) out.set(id, nearest);
    }
    return out;
  }

  /** The nearest subscription of one task, or undefined. */
  async forTask(
    userId: number,
    task: { id: number; project_id: number },
  ): Promise<SubscriptionRow | undefined> {
    const chain = (await this.ancestries([task.project_id])).get(task.project_id) ?? [];
    const rows = await this.repo.ofUser(userId, { taskIds: [task.id], projectIds: chain });
    const own = rows.find((r) => r.entity_type === 'task');
    if (own) return own;
    const byProject = new Map(rows.map((r) => [r.entity_id, r]));
    return chain.map((p) => byProject.get(p)).find((r) => r !== undefined);
  }
}
