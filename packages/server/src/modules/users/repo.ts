import { nowIso } from '@ordo/core';
import { type Kysely, sql } from 'kysely';
import type { Database, NewUserRow, UserRow, UserUpdate } from '../../db/schema.js';

/**
 * The condition "this row's username is `username`": usernames are one name whatever their case,
 * and migration 0037's unique index on lower(username) serves the lookup.
 */
export const usernameIs = (username: string) => sql<boolean>`lower(username) = lower(${username})`;

export class UsersRepo {
  constructor(private readonly db: Kysely<Database>) {}

  with(db: Kysely<Database>): UsersRepo {
    return new UsersRepo(db);
  }

  findById(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByUsername(username: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where(usernameIs(username)).executeTakeFirst();
  }

  /**
   * An address may belong to a local account and to accounts of external providers (they bring
   * their own); a login or a password reset by address means the local one, so it comes first.
   */
  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where(sql<string>`lower(email)`, '=', email.toLowerCase())
      .orderBy(sql`case when issuer = 'local' then 0 else 1 end`)
      .orderBy('id')
      .executeTakeFirst();
  }

  /** An account that signs in elsewhere: its issuer ('ldap', an OpenID provider key) and subject. */
  findBySubject(issuer: string, subject: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('issuer', '=', issuer)
      .where('subject', '=', subject)
      .executeTakeFirst();
  }

  /** Login accepts the username or the e-mail address; the username wins when both match. */
  async findByLogin(login: string): Promise<UserRow | undefined> {
    return (await this.findByUsername(login)) ?? (login.includes('@') ? this.findByEmail(login) : undefined);
  }

  async insert(row: Omit<NewUserRow, 'created' | 'updated'>): Promise<UserRow> {
    const now = nowIso();
    const inserted = await this.db
      .insertInto('users')
      .values({ ...row, created: now, updated: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    return inserted;
  }

  /** Every account in id order (the admin CLI lists them). */
  listAll(): Promise<UserRow[]> {
    return this.db.selectFrom('users').selectAll().orderBy('id').execute();
  }

  /**
   * A new password hash and the end of every session, together, so no token issued before the
   * change survives it. `unlock` also reactivates an account locked by failed logins.
   */
  async replacePassword(id: number, passwordHash: string, opts: { unlock: boolean }): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, updated: nowIso() })
        .where('id', '=', id)
        .execute();
      if (opts.unlock) {
        await trx
          .updateTable('users')
          .set({ status: 0 })
          .where('id', '=', id)
          .where('status', '=', STATUS_LOCKED)
          .execute();
        await trx.updateTable('totp').set({ failed_attempts: 0 }).where('user_id', '=', id).execute();
      }
      await trx.deleteFrom('sessions').where('user_id', '=', id).execute();
    });
  }

  /**
   * A password set through a mailed reset link: every session ends, the account is active (the
   * mail proved the address) and a lock by wrong passcodes ends, its count starting again. Run it
   * in a transaction.
   */
  async resetPassword(id: number, passwordHash: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ password_hash: passwordHash, status: STATUS_ACTIVE, updated: nowIso() })
      .where('id', '=', id)
      .execute();
    await this.db.deleteFrom('sessions').where('user_id', '=', id).execute();
    await this.db.updateTable('totp').set({ failed_attempts: 0 }).where('user_id', '=', id).execute();
  }

  /** A new account's address is confirmed: it becomes active (one in another state stays so). */
  async confirmEmail(id: number): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ status: STATUS_ACTIVE })
      .where('id', '=', id)
      .where('status', '=', STATUS_EMAIL_UNCONFIRMED)
      .execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('users').where('id', '=', id).execute();
  }

  async update(id: number, changes: UserUpdate): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ ...changes, updated: nowIso() })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Users matching any term: the exact username (ignoring case), a part of the name for users
   * who are discoverable by name, or the exact e-mail for users discoverable by e-mail. Someone
   * who shares a team kept by an identity provider (OpenID Connect, LDAP) with the searcher is
   * found by name or exact e-mail whatever their settings, as a colleague in the directory is.
   */
  search(terms: string[], limit: number, searcherId: number): Promise<UserRow[]> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('status', '!=', 2)
      .where((eb) => {
        const colleague = eb(
          'id',
          'in',
          eb
            .selectFrom('team_members as theirs')
            .innerJoin('teams', 'teams.id', 'theirs.team_id')
            .innerJoin('team_members as mine', 'mine.team_id', 'theirs.team_id')
            .select('theirs.user_id')
            .where('teams.external_id', '!=', '')
            .where('mine.user_id', '=', searcherId),
        );
        return eb.or(
          terms.flatMap((term) => {
            // SQLite has no default LIKE escape character, so name it for both databases.
            const inName = sql<boolean>`lower(name) like ${`%${escapeLike(term.toLowerCase())}%`} escape '\\'`;
            const isEmail = eb(sql<string>`lower(email)`, '=', term.toLowerCase());
            return [
              eb(sql<string>`lower(username)`, '=', term.toLowerCase()),
              eb.and([eb('discoverable_by_name', '=', true), inName]),
              eb.and([eb('discoverable_by_email', '=', true), isEmail]),
              eb.and([colleague, eb.or([inName, isEmail])]),
            ];
          }),
        );
      })
      .orderBy('id')
      .limit(limit)
      .execute();
  }
}

const STATUS_ACTIVE = 0;
const STATUS_EMAIL_UNCONFIRMED = 1;
const STATUS_LOCKED = 3;

/** Escapes the LIKE wildcards; the query names backslash as the escape character. */
function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}
