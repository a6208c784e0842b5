/**
 * Hears that users' shares changed (a share or team share removed, a team left or deleted) or a
 * project moved under another parent (the shares of the old parent no longer reach it), and
 * removes unread marks on tasks their users can no longer read: a mark is about comments the user
 * could read, and one left behind would come back with an old comment if access ever returned.
 * Runs after the change committed; a failure is reported, never answered as 500.
 */
import type { ChangeEvent } from '../live/change-event.js';
import type { NotificationEvents } from '../notifications/events.js';
import type { RightsService } from '../rights/service.js';
import type { UnreadRepo } from './repo.js';

export class UnreadAccessListener implements Partial<NotificationEvents> {
  constructor(
    private readonly repo: UnreadRepo,
    private readonly rights: RightsService,
    private readonly subtreeOf: (projectId: number) => Promise<number[]>,
  ) {}

  async projectMoved(_doerId: number, projectId: number): Promise<void> {
    try {
      const projectIds = await this.subtreeOf(projectId);
      await this.repo.forgetUnreadableIn(projectIds, (ids) => this.rights.readersOf(ids));
    } catch (error) {
      process.emitWarning(`Unread marks of users who lost access stay: ${(error as Error).message}`);
    }
  }

  async changed(...changes: ChangeEvent[]): Promise<void> {
    const users = new Set(
      changes.flatMap((c) => (c.change === 'project.shares.changed' ? (c.users ?? []) : [])),
    );
    if (users.size === 0) return;
    try {
      await this.repo.forgetUnreadable([...users], (projectIds) => this.rights.readersOf(projectIds));
    } catch (error) {
      process.emitWarning(`Unread marks of users who lost access stay: ${(error as Error).message}`);
    }
  }
}
