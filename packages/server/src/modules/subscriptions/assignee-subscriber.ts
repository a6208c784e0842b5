/** New assignees follow their tasks (reference §4.14), told by the notification fan-out. */
import { isUniqueViolation } from '../tasks/repo.js';
import type { NearestSubscriptions } from './nearest.js';
import type { SubscriptionsRepo } from './repo.js';

export class AssigneeSubscriber {
  constructor(
    private readonly repo: SubscriptionsRepo,
    private readonly nearest: NearestSubscriptions,
  ) {}

  /**
   * Subscribes a new assignee to the task unless something already covers it: an existing or
   * inherited subscription counts as subscribed.
   */
  async subscribe(userId: number, task: { id: number; project_id: number }): Promise<void> {
    if (await this.nearest.forTask(userId, task)) return;
    await this.repo.insert(userId, 'task', task.id).catch((error) => {
      if (!isUniqueViolation(error)) throw error;
    });
  }
}
