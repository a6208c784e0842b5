/** SQL for notifications: a user's page (newest first), single reads, marking read, inserting. */
import { nowIso } from '@ordo/core';
import type { Expression, Kysely } from 'kysely';
import { pageWithTotal } from '../../db/page-with-total.js';
import type { Database, NotificationRow } from '../../db/schema.js';

export interface NewNotification {
  userId: number;
  name: string;
  payload: unknown;
  projectId: number | null;
}

/** A notification just written: which one, for whom. */
export interface CreatedNotification {
  id: number;
  userId: number;
}

export class NotificationsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The user's notifications, newest first, without those about projects outside `visible` (a
   * sub-query of the project ids the user can read); team notifications name no project.
   */
  async page(q: {
    userId: number;
    visible: Expression<unknown>;
    limit: number | null;
    offset: number;
  }): Promise<{ rows: NotificationRow[]; total: number }> {
    const base = this.db
      .selectFrom('notifications')
      .where('user_id', '=', q.userId)
      .where((eb) => eb.or([eb('project_id', 'is', null), eb('project_id', 'in', q.visible as never)]));
    return pageWithTotal(base, base.selectAll().orderBy('created', 'desc').orderBy('id', 'desc'), q);
  }

  find(id: number): Promise<NotificationRow | undefined> {
    return this.db.selectFrom('notifications').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async setReadAt(id: number, readAt: string | null): Promise<void> {
    await this.db.updateTable('notifications').set({ read_at: readAt }).where('id', '=', id).execute();
  }

  async markAllRead(userId: number): Promise<void> {
    await this.db
      .updateTable('notifications')
      .set({ read_at: nowIso() })
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .execute();
  }

  /** Rows by id, for pushing new ones to live sockets. */
  findMany(ids: readonly number[]): Promise<NotificationRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('notifications')
      .selectAll()
      .where('id', 'in', [...ids])
      .execute();
  }

  /** Writes the notifications; answers who got which (RETURNING works alike on both databases). */
  async insertMany(notifications: readonly NewNotification[]): Promise<CreatedNotification[]> {
    if (notifications.length === 0) return [];
    const created = nowIso();
    const rows = await this.db
      .insertInto('notifications')
      .values(
        notifications.map((n) => ({
          user_id: n.userId,
          name: n.name,
          payload: JSON.stringify(n.payload),
          project_id: n.projectId,
          read_at: null,
          created,
        })),
      )
      .returning(['id', 'user_id'])
      .execute();
    return rows.map((r) => ({ id: r.id, userId: r.user_id }));
  }
}
