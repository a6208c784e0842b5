import { randomUUID } from 'node:crypto';
import { nowIso } from '@ordo/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export class SessionsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async create(userId: number, longLived: boolean, deviceInfo: string, ipAddress: string): Promise<string> {
    const id = randomUUID();
    const now = nowIso();
    await this.db
      .insertInto('sessions')
      .values({
        id,
        user_id: userId,
        long_lived: longLived,
        device_info: deviceInfo.slice(0, 500),
        ip_address: ipAddress.slice(0, 64),
        created: now,
        last_active: now,
      })
      .execute();
    return id;
  }

  /** The session's owner when the session exists and the account is active. */
  async findActiveOwner(sessionId: string): Promise<number | null> {
    const row = await this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(['sessions.user_id as userId'])
      .where('sessions.id', '=', sessionId)
      .where('users.status', 'in', [0])
      .executeTakeFirst();
    return row?.userId ?? null;
  }

  async touch(sessionId: string): Promise<void> {
    await this.db.updateTable('sessions').set({ last_active: nowIso() }).where('id', '=', sessionId).execute();
  }

  async delete(sessionId: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id', '=', sessionId).execute();
  }

  async deleteAllForUser(userId: number): Promise<void> {
    await this.db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  }
}
