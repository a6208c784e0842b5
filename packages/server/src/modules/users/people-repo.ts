/** SQL for the people a page names: users, and link shares (their pseudo-users), by id. */
import type { Kysely } from 'kysely';
import type { Database, LinkShareRow, UserRow } from '../../db/schema.js';

export class PeopleRepo {
  constructor(private readonly db: Kysely<Database>) {}

  users(ids: readonly number[]): Promise<UserRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('users').selectAll().where('id', 'in', ids).execute();
  }

  /** Which of these user ids exist. */
  async existingUserIds(ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    return (await this.db.selectFrom('users').select('id').where('id', 'in', ids).execute()).map((r) => r.id);
  }

  linkShares(ids: readonly number[]): Promise<LinkShareRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('link_shares').selectAll().where('id', 'in', ids).execute();
  }
}
