/** SQL for webhook deliveries waiting for a retry (migration 0051; delivery.ts). */
import type { Kysely } from 'kysely';
import type { Database, WebhookRetryRow } from '../../db/schema.js';

export interface NewWebhookRetry {
  webhookId: number;
  eventName: string;
  body: string;
  attempts: number;
  dueAt: string;
}

export class WebhookRetriesRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async schedule(retry: NewWebhookRetry): Promise<void> {
    await this.db
      .insertInto('webhook_retries')
      .values({
        webhook_id: retry.webhookId,
        event_name: retry.eventName,
        body: retry.body,
        attempts: retry.attempts,
        due_at: retry.dueAt,
        claimed_until: null,
      })
      .execute();
  }

  /** Is any retry due at `now`? A read first, so an idle poll never takes SQLite's write lock. */
  async anyDue(now: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('webhook_retries')
      .select('id')
      .where('due_at', '<=', now)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Claims up to `limit` retries due at `now` that nobody holds (or whose holder's claim ran out)
   * until `until`, in one statement. The outer condition is checked again on each row, so of two
   * processes claiming at once only one gets a row (PostgreSQL re-reads a row another changed).
   */
  claimDue(now: string, until: string, limit: number): Promise<WebhookRetryRow[]> {
    const free = (column: 'claimed_until') =>
      this.db
        .selectFrom('webhook_retries')
        .where((eb) => eb.or([eb(column, 'is', null), eb(column, '<', now)]));
    return this.db
      .updateTable('webhook_retries')
      .set({ claimed_until: until })
      .where(
        'id',
        'in',
        free('claimed_until').where('due_at', '<=', now).select('id').orderBy('due_at').limit(limit),
      )
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
      .returningAll()
      .execute();
  }

  /** The retry after a failed attempt: its count and next time, free for any process to claim. */
  async reschedule(id: number, attempts: number, dueAt: string): Promise<void> {
    await this.db
      .updateTable('webhook_retries')
      .set({ attempts, due_at: dueAt, claimed_until: null })
      .where('id', '=', id)
      .execute();
  }

  async remove(id: number): Promise<void> {
    await this.db.deleteFrom('webhook_retries').where('id', '=', id).execute();
  }
}
