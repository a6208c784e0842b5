/**
 * The tokens e-mailed for a password reset, an e-mail confirmation or change, or an account
 * deletion (migration 0015).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AccountTokenKind, Database } from '../../db/schema.js';

/** How long an e-mailed link works. */
const LIFETIME_MS: Record<AccountTokenKind, number> = {
  password_reset: 24 * 60 * 60 * 1000,
  email_confirm: 7 * 24 * 60 * 60 * 1000,
  email_change: 7 * 24 * 60 * 60 * 1000,
  account_deletion: 24 * 60 * 60 * 1000,
};

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export class AccountTokensRepo {
  constructor(private readonly db: Kysely<Database>) {}

  with(trx: Kysely<Database>): AccountTokensRepo {
    return new AccountTokensRepo(trx);
  }

  /** A new token for the user (64 URL-safe characters); only its hash is kept. */
  async issue(userId: number, kind: AccountTokenKind, now = new Date()): Promise<string> {
    const token = randomBytes(48).toString('base64url');
    await this.db
      .insertInto('account_tokens')
      .values({ user_id: userId, kind, token_hash: hashOf(token), created: now.toISOString() })
      .execute();
    return token;
  }

  /**
   * The user a live token of this kind belongs to, deleting it so it works once; null for an
   * unknown, used or expired token.
   */
  async redeem(kind: AccountTokenKind, token: string, now = new Date()): Promise<number | null> {
    const row = await this.db
      .deleteFrom('account_tokens')
      .where('token_hash', '=', hashOf(token))
      .where('kind', '=', kind)
      .returning(['user_id', 'created'])
      .executeTakeFirst();
    if (!row) return null;
    return now.getTime() - Date.parse(row.created) <= LIFETIME_MS[kind] ? row.user_id : null;
  }

  /** The user a live token of this kind belongs to, leaving it in place; null when there is none. */
  async owner(kind: AccountTokenKind, token: string, now = new Date()): Promise<number | null> {
    const row = await this.db
      .selectFrom('account_tokens')
      .select(['user_id', 'created'])
      .where('token_hash', '=', hashOf(token))
      .where('kind', '=', kind)
      .executeTakeFirst();
    if (!row) return null;
    return now.getTime() - Date.parse(row.created) <= LIFETIME_MS[kind] ? row.user_id : null;
  }

  /** Every token of this kind the user holds: one reset ends the others. */
  async revokeAll(userId: number, kind: AccountTokenKind): Promise<void> {
    await this.db
      .deleteFrom('account_tokens')
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .execute();
  }
}
