/** The accounts of people who sign in through an OpenID Connect provider (users.issuer/subject). */
import { nowIso } from '@ordo/core';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.js';
import { usernameIs } from '../users/repo.js';

export class OpenIdUsersRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** The account the provider (its key is the issuer) knows by this subject. */
  find(providerKey: string, subject: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('issuer', '=', providerKey)
      .where('subject', '=', subject)
      .executeTakeFirst();
  }

  usernameTaken(username: string): Promise<boolean> {
    return this.db
      .selectFrom('users')
      .select('id')
      .where(usernameIs(username))
      .executeTakeFirst()
      .then((row) => row !== undefined);
  }

  /** The provider is where name and e-mail are kept: each sign-in brings them here. */
  async updateProfile(id: number, profile: { name: string; email: string }): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ ...profile, updated: nowIso() })
      .where('id', '=', id)
      .execute();
  }
}
