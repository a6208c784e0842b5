/** SQL for avatars: a user's provider and stored picture, and the file rows behind pictures. */
import { nowIso } from '@ordo/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { usernameIs } from '../users/repo.js';

/** What drawing someone's avatar needs to know about them. */
export interface AvatarOwner {
  id: number;
  username: string;
  name: string;
  email: string;
  avatar_provider: string;
  avatar_file_id: number | null;
}

export interface StoredPicture {
  name: string;
  mime: string;
  size: number;
}

export class AvatarsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  with(db: Kysely<Database>): AvatarsRepo {
    return new AvatarsRepo(db);
  }

  private owners() {
    return this.db
      .selectFrom('users')
      .select(['id', 'username', 'name', 'email', 'avatar_provider', 'avatar_file_id']);
  }

  ownerByUsername(username: string): Promise<AvatarOwner | undefined> {
    return this.owners().where(usernameIs(username)).executeTakeFirst();
  }

  ownerById(id: number): Promise<AvatarOwner | undefined> {
    return this.owners().where('id', '=', id).executeTakeFirst();
  }

  async setProvider(userId: number, provider: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ avatar_provider: provider, updated: nowIso() })
      .where('id', '=', userId)
      .execute();
  }

  /**
   * Points the user at a new file row for their picture, with the provider that draws it, and
   * deletes the file row of the picture before (its id is returned so its bytes can go too).
   * Run it in a transaction: the bytes are stored before it commits.
   */
  async replacePicture(
    userId: number,
    provider: string,
    picture: StoredPicture,
  ): Promise<{ fileId: number; previousFileId: number | null }> {
    const previous = await this.db
      .selectFrom('users')
      .select('avatar_file_id')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const now = nowIso();
    const file = await this.db
      .insertInto('files')
      .values({ ...picture, created_by_id: userId, created: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.db
      .updateTable('users')
      .set({ avatar_provider: provider, avatar_file_id: file.id, updated: now })
      .where('id', '=', userId)
      .execute();
    const previousFileId = previous.avatar_file_id ?? null;
    if (previousFileId !== null) await this.db.deleteFrom('files').where('id', '=', previousFileId).execute();
    return { fileId: file.id, previousFileId };
  }
}
