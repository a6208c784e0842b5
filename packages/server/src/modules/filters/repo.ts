/** SQL for saved filters. */
import { nowIso } from '@ordo/core';
import type { Kysely, Updateable } from 'kysely';
import type { Database, SavedFilterRow, SavedFiltersTable, UserRow } from '../../db/schema.js';
import { containsIgnoringCase } from '../input/like.js';

export class SavedFiltersRepo {
  constructor(private readonly db: Kysely<Database>) {}

  with(db: Kysely<Database>): SavedFiltersRepo {
    return new SavedFiltersRepo(db);
  }

  find(id: number): Promise<SavedFilterRow | undefined> {
    return this.db.selectFrom('saved_filters').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The owner's filters, optionally only those whose title contains `search`, oldest first. */
  listOwned(ownerId: number, search?: string): Promise<SavedFilterRow[]> {
    let query = this.db.selectFrom('saved_filters').selectAll().where('owner_id', '=', ownerId);
    if (search) query = query.where((eb) => containsIgnoringCase(eb.ref('title'), search));
    return query.orderBy('id').execute();
  }

  async insert(row: {
    owner_id: number;
    title: string;
    description: string;
    filters: string;
    is_favorite: boolean;
  }): Promise<SavedFilterRow> {
    const now = nowIso();
    return this.db
      .insertInto('saved_filters')
      .values({ ...row, created: now, updated: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async update(id: number, changes: Updateable<SavedFiltersTable>): Promise<void> {
    await this.db
      .updateTable('saved_filters')
      .set({ ...changes, updated: nowIso() })
      .where('id', '=', id)
      .execute();
  }

  /** Its views go with it (trigger of migration 0005), and their buckets with them. */
  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('saved_filters').where('id', '=', id).execute();
  }

  user(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }
}
