/** SQL of the Idempotency-Key records (table idempotency_keys, migration 0038). */
import type { Kysely } from 'kysely';
import type { Database, IdempotencyKeysTable } from '../../db/schema.js';

export type IdempotencyRecord = IdempotencyKeysTable;

export interface Answer {
  status: number;
  contentType: string | null;
  body: string | null;
}

export class IdempotencyRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Claims the key for a first request; false when it is already taken (by anyone, any time). */
  async claim(principalId: number, key: string, fingerprint: string, now: number): Promise<boolean> {
    const row = await this.db
      .insertInto('idempotency_keys')
      .values({ principal_id: principalId, key, fingerprint, state: 'pending', created: now })
      .onConflict((oc) => oc.columns(['principal_id', 'key']).doNothing())
      .returning('created')
      .executeTakeFirst();
    return row !== undefined;
  }

  find(principalId: number, key: string): Promise<IdempotencyRecord | undefined> {
    return this.db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('principal_id', '=', principalId)
      .where('key', '=', key)
      .executeTakeFirst();
  }

  /** Claims an expired record's key anew; false when another request got there first. */
  async takeOverExpired(
    principalId: number,
    key: string,
    fingerprint: string,
    now: number,
    expiredBefore: number,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('idempotency_keys')
      .set({ fingerprint, state: 'pending', status_code: null, content_type: null, body: null, created: now })
      .where('principal_id', '=', principalId)
      .where('key', '=', key)
      .where('created', '<', expiredBefore)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async complete(principalId: number, key: string, answer: Answer): Promise<void> {
    await this.db
      .updateTable('idempotency_keys')
      .set({ state: 'done', status_code: answer.status, content_type: answer.contentType, body: answer.body })
      .where('principal_id', '=', principalId)
      .where('key', '=', key)
      .execute();
  }

  async markFailed(principalId: number, key: string): Promise<void> {
    await this.db
      .updateTable('idempotency_keys')
      .set({ state: 'failed' })
      .where('principal_id', '=', principalId)
      .where('key', '=', key)
      .execute();
  }

  /** Gives the key back: the request failed before it wrote anything. */
  async release(principalId: number, key: string): Promise<void> {
    await this.db
      .deleteFrom('idempotency_keys')
      .where('principal_id', '=', principalId)
      .where('key', '=', key)
      .where('state', '=', 'pending')
      .execute();
  }

  async prune(expiredBefore: number): Promise<void> {
    await this.db.deleteFrom('idempotency_keys').where('created', '<', expiredBefore).execute();
  }
}
