/** SQL for CalDAV tokens (migration 0026). */
import { nowIso } from '@ordo/core';
import type { Kysely } from 'kysely';
import type { CaldavTokenRow, Database } from '../../db/schema.js';

export class CaldavTokensRepo {
  constructor(private readonly db: Kysely<Database>) {}

  insert(userId: number, tokenHash: string): Promise<CaldavTokenRow> {
    return this.db
      .insertInto('caldav_tokens')
      .values({ user_id: userId, token_hash: tokenHash, created: nowIso() })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  listOfUser(userId: number): Promise<CaldavTokenRow[]> {
    return this.db
      .selectFrom('caldav_tokens')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  }

  /** Answers whether the user had such a token. */
  async deleteOfUser(userId: number, id: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('caldav_tokens')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Does the user hold a token with this hash? One indexed lookup (the hash is unique). */
  async userHolds(userId: number, tokenHash: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('caldav_tokens')
      .select('user_id')
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    return row?.user_id === userId;
  }
}
