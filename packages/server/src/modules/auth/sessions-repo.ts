import { randomUUID } from 'node:crypto';
import { nowIso } from '@ordo/core';
import type { Db } from '../../db/database.js';
import { type PageWithTotal, pageWithTotal } from '../../db/page-with-total.js';
import { type ReusedQuery, reusedQuery } from '../../db/reused-query.js';
import type { SessionsTable, UserRow } from '../../db/schema.js';
import type { Page } from '../../http/pagination.js';

export class SessionsRepo {
  readonly #activeUserRead: ReusedQuery<[sessionId: string], UserRow>;

  constructor(private readonly database: Db) {
    // Runs on every authenticated request: one read checks the session and loads its (active)
    // user at once. Compiled once; on PostgreSQL it may go in one batch with the route's first
    // reads (http/session-check-with-reads.ts).
    this.#activeUserRead = reusedQuery(database.kysely, (sessionId: string) =>
      database.kysely
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .selectAll('users')
        .where('sessions.id', '=', sessionId)
        .where('users.status', '=', 0),
    );
  }

  private get db() {
    return this.database.kysely;
  }

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

  /** The session's user when the session exists and the account is active. */
  async activeUser(sessionId: string): Promise<UserRow | undefined> {
    const [user] = await this.#activeUserRead(sessionId);
    return user;
  }

  /** The user's sessions, the most recently active first, and how many there are. */
  listOfUser(userId: number, page: Page): Promise<PageWithTotal<SessionsTable>> {
    const mine = this.db.selectFrom('sessions').where('user_id', '=', userId);
    return pageWithTotal(
      mine,
      mine.selectAll().orderBy('last_active', 'desc').orderBy('created', 'desc').orderBy('id'),
      page,
    );
  }

  /** Whose session `sessionId` is, or undefined when there is no such session. */
  async ownerOf(sessionId: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('sessions')
      .select('user_id')
      .where('id', '=', sessionId)
      .executeTakeFirst();
    return row?.user_id;
  }

  async touch(sessionId: string): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ last_active: nowIso() })
      .where('id', '=', sessionId)
      .execute();
  }

  async delete(sessionId: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id', '=', sessionId).execute();
  }

  /**
   * Ends the user's sessions whose last token has expired: a session is last renewed at
   * `last_active`, so nothing can use it after that plus the token lifetime.
   */
  async deleteExpired(userId: number, ttlSeconds: number, ttlLongSeconds: number): Promise<void> {
    const before = (seconds: number) =>
      new Date(Date.now() - seconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    await this.db
      .deleteFrom('sessions')
      .where('user_id', '=', userId)
      .where((eb) =>
        eb.or([
          eb.and([eb('long_lived', '=', false), eb('last_active', '<', before(ttlSeconds))]),
          eb('last_active', '<', before(ttlLongSeconds)),
        ]),
      )
      .execute();
  }

  async deleteAllForUser(userId: number): Promise<void> {
    await this.db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  }
}
