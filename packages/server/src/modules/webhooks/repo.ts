/** SQL for webhooks (migration 0025). */
import { nowIso } from '@ordo/core';
import type { Kysely } from 'kysely';
import { pageWithTotal } from '../../db/page-with-total.js';
import type { Database, WebhookRow } from '../../db/schema.js';

export interface NewWebhook {
  owner: { projectId: number } | { userId: number };
  targetUrl: string;
  events: readonly string[];
  secret: string;
  basicAuthUser: string;
  basicAuthPassword: string;
  createdById: number;
}

export class WebhooksRepo {
  constructor(private readonly db: Kysely<Database>) {}

  insert(webhook: NewWebhook): Promise<WebhookRow> {
    const now = nowIso();
    return this.db
      .insertInto('webhooks')
      .values({
        project_id: 'projectId' in webhook.owner ? webhook.owner.projectId : null,
        user_id: 'userId' in webhook.owner ? webhook.owner.userId : null,
        target_url: webhook.targetUrl,
        events: JSON.stringify(webhook.events),
        secret: webhook.secret,
        basic_auth_user: webhook.basicAuthUser,
        basic_auth_password: webhook.basicAuthPassword,
        created_by_id: webhook.createdById,
        created: now,
        updated: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** One project's or one user's webhooks, oldest first, a page at a time. */
  async pageOf(
    owner: { projectId: number } | { userId: number },
    limit: number | null,
    offset: number,
  ): Promise<{ rows: WebhookRow[]; total: number }> {
    const base =
      'projectId' in owner
        ? this.db.selectFrom('webhooks').where('project_id', '=', owner.projectId)
        : this.db.selectFrom('webhooks').where('user_id', '=', owner.userId);
    return pageWithTotal(base, base.selectAll().orderBy('id'), { limit, offset });
  }

  find(id: number): Promise<WebhookRow | undefined> {
    return this.db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst();
  }

  updateEvents(id: number, events: readonly string[]): Promise<WebhookRow> {
    return this.db
      .updateTable('webhooks')
      .set({ events: JSON.stringify(events), updated: nowIso() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('webhooks').where('id', '=', id).execute();
  }

  /**
   * Whether any webhook names the event: most writes happen where no webhook listens, and this
   * one look at a small table spares them the rest. The JSON text holds each name in quotes.
   */
  async anyNaming(event: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('webhooks')
      .select('id')
      .where('events', 'like', `%"${event}"%`)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The webhooks of these projects and of these users; callers pick those naming their event. */
  async ofOwners(projectIds: readonly number[], userIds: readonly number[]): Promise<WebhookRow[]> {
    if (projectIds.length === 0 && userIds.length === 0) return [];
    return this.db
      .selectFrom('webhooks')
      .selectAll()
      .where((eb) =>
        eb.or([
          ...(projectIds.length > 0 ? [eb('project_id', 'in', projectIds)] : []),
          ...(userIds.length > 0 ? [eb('user_id', 'in', userIds)] : []),
        ]),
      )
      .orderBy('id')
      .execute();
  }
}

/** The event names a stored webhook listens to (JSON text in the row). */
export function eventsOf(row: WebhookRow): string[] {
  try {
    const parsed: unknown = JSON.parse(row.events);
    return Array.isArray(parsed) ? parsed.filter((e): e is string => typeof e === 'string') : [];
  } catch {
    return [];
  }
}
