/** SQL for API tokens (migration 0019). */
import { nowIso } from '@ordo/core';
import type { Kysely } from 'kysely';
import { pageWithTotal } from '../../db/page-with-total.js';
import { reusedQuery } from '../../db/reused-query.js';
import type { ApiTokenRow, Database, UserRow } from '../../db/schema.js';
import { containsIgnoringCase } from '../input/like.js';

export interface NewApiToken {
  title: string;
  salt: string;
  hash: string;
  lastEight: string;
  /** JSON text */
  permissions: string;
  expiresAt: string;
  ownerId: number;
}

/** A token row found by its last eight characters, with its owner (only active owners). */
export interface TokenCandidate {
  token_id: number;
  token_salt: string;
  token_hash: string;
  permissions: string;
  expires_at: string;
  owner: UserRow;
}

type CandidateRow = UserRow & Omit<TokenCandidate, 'owner'>;

export class ApiTokensRepo {
  readonly #candidates: (lastEight: string) => Promise<CandidateRow[]>;

  constructor(private readonly db: Kysely<Database>) {
    // Runs on every request made with an API token: an indexed lookup joined with the owner, who
    // must be active (not disabled, locked or unconfirmed).
    this.#candidates = reusedQuery(db, (lastEight: string) =>
      db
        .selectFrom('api_tokens')
        .innerJoin('users', 'users.id', 'api_tokens.owner_id')
        .selectAll('users')
        .select([
          'api_tokens.id as token_id',
          'api_tokens.token_salt',
          'api_tokens.token_hash',
          'api_tokens.permissions',
          'api_tokens.expires_at',
        ])
        .where('api_tokens.token_last_eight', '=', lastEight)
        .where('users.status', '=', 0),
    );
  }

  async candidates(lastEight: string): Promise<TokenCandidate[]> {
    return (await this.#candidates(lastEight)).map(
      ({ token_id, token_salt, token_hash, permissions, expires_at, ...owner }) => ({
        token_id,
        token_salt,
        token_hash,
        permissions,
        expires_at,
        owner,
      }),
    );
  }

  async insert(token: NewApiToken): Promise<ApiTokenRow> {
    const now = nowIso();
    return this.db
      .insertInto('api_tokens')
      .values({
        title: token.title,
        token_salt: token.salt,
        token_hash: token.hash,
        token_last_eight: token.lastEight,
        permissions: token.permissions,
        expires_at: token.expiresAt,
        owner_id: token.ownerId,
        created: now,
        updated: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** The owner's tokens, newest first, optionally those whose title contains `search`. */
  async listForOwner(q: {
    ownerId: number;
    search: string;
    limit: number | null;
    offset: number;
  }): Promise<{ rows: ApiTokenRow[]; total: number }> {
    let base = this.db.selectFrom('api_tokens').where('owner_id', '=', q.ownerId);
    if (q.search) base = base.where((eb) => containsIgnoringCase(eb.ref('title'), q.search));
    return pageWithTotal(base, base.selectAll().orderBy('id', 'desc'), q);
  }

  find(id: number): Promise<ApiTokenRow | undefined> {
    return this.db.selectFrom('api_tokens').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('api_tokens').where('id', '=', id).execute();
  }
}
