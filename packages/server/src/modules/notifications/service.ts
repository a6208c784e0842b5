/**
 * A user's own notifications (reference §2.12, §5.18): listed newest first, hiding those about
 * projects the user can no longer read; marked read or unread one by one (someone else's, or a
 * missing one, is 403 alike so ids reveal nothing) or all at once. Link shares have none: routes
 * refuse them.
 */
import { nowIso } from '@ordo/core';
import type { NotificationRow } from '../../db/schema.js';
import { fail } from '../../http/api-error.js';
import type { Page } from '../../http/pagination.js';
import type { RightsService } from '../rights/service.js';
import type { NotificationsRepo } from './repo.js';
import {
  type SerializedNotification,
  serializeMarkedNotification,
  serializeNotification,
} from './serialize.js';

export class NotificationsService {
  constructor(
    private readonly repo: NotificationsRepo,
    private readonly rights: RightsService,
  ) {}

  async list(
    userId: number,
    page: Page,
  ): Promise<{ notifications: SerializedNotification[]; total: number }> {
    const { rows, total } = await this.repo.page({
      userId,
      visible: this.rights.visibleProjectIds(userId),
      limit: page.limit,
      offset: page.offset,
    });
    return { notifications: rows.map(serializeNotification), total };
  }

  async mark(userId: number, id: number, read: boolean) {
    const row = await this.own(userId, id);
    const readAt = read ? (row.read_at ?? nowIso()) : null;
    await this.repo.setReadAt(id, readAt);
    return serializeMarkedNotification({ ...row, read_at: readAt });
  }

  async markAllRead(userId: number): Promise<void> {
    await this.repo.markAllRead(userId);
  }

  private async own(userId: number, id: number): Promise<NotificationRow> {
    const row = await this.repo.find(id);
    if (!row || row.user_id !== userId) throw fail('forbidden');
    return row;
  }
}
