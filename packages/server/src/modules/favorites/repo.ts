/** Per-user favourites of tasks and projects. */
import type { Kysely } from 'kysely';
import { reusedQuery } from '../../db/reused-query.js';
import type { Database } from '../../db/schema.js';

export type FavoriteKind = 'task' | 'project';

export class FavoritesRepo {
  private readonly favoriteRows;

  constructor(private readonly db: Kysely<Database>) {
    this.favoriteRows = reusedQuery(db, (userId: number, kind: FavoriteKind, ids: readonly number[]) =>
      db
        .selectFrom('favorites')
        .select('entity_id')
        .where('user_id', '=', userId)
        .where('kind', '=', kind)
        .where('entity_id', 'in', ids),
    );
  }

  /** Which of these entities the user marked as favourite. */
  async favoriteIds(userId: number, kind: FavoriteKind, ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.favoriteRows(userId, kind, ids);
    return new Set(rows.map((r) => r.entity_id));
  }

  async set(userId: number, kind: FavoriteKind, id: number, favorite: boolean): Promise<void> {
    // Link shares (negative ids) are no users and keep no favourites.
    if (userId < 0) return;
    const existing = await this.favoriteIds(userId, kind, [id]);
    if (favorite && !existing.has(id)) {
      await this.db.insertInto('favorites').values({ user_id: userId, kind, entity_id: id }).execute();
    } else if (!favorite && existing.has(id)) {
      await this.db
        .deleteFrom('favorites')
        .where('user_id', '=', userId)
        .where('kind', '=', kind)
        .where('entity_id', '=', id)
        .execute();
    }
  }

  /** Removes every user's favourite of these entities (they are being deleted). */
  async removeAll(kind: FavoriteKind, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .deleteFrom('favorites')
      .where('kind', '=', kind)
      .where('entity_id', 'in', [...ids])
      .execute();
  }

  async hasAny(userId: number, kind: FavoriteKind): Promise<boolean> {
    const row = await this.db
      .selectFrom('favorites')
      .select('entity_id')
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }
}
