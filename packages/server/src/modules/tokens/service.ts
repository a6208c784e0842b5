/**
 * API tokens (reference §1.2 item 3, §2.14): a signed-in user makes, lists and deletes their own
 * tokens; a request carrying one acts as its owner on exactly the routes the token grants.
 */
import { grantsPermission } from '@ordo/core';
import type { UserRow } from '../../db/schema.js';
import { fail, invalidFields } from '../../http/api-error.js';
import type { Page } from '../../http/pagination.js';
import type { UserPrincipal } from '../../http/principal.js';
import { readDate, titleProblem } from '../input/fields.js';
import { parseStoredPermissions, readPermissions } from './permissions-input.js';
import type { ApiTokensRepo } from './repo.js';
import type { ApiRouteRegistry } from './route-registry.js';
import { hashApiToken, lastEight, looksLikeApiToken, newApiTokenSecret, sameHash } from './secret.js';
import { type ApiTokenJson, serializeApiToken } from './serialize.js';
import type { VerifiedSecrets } from './verified-secrets.js';

export interface ApiTokenInput {
  title?: string | null;
  permissions?: unknown;
  expires_at?: string | null;
  owner_id?: number | null;
}

/** Who a valid token acts for. */
export interface TokenHolder {
  tokenId: number;
  owner: UserRow;
}

export class ApiTokensService {
  constructor(
    private readonly repo: ApiTokensRepo,
    private readonly routes: ApiRouteRegistry,
    private readonly verified: VerifiedSecrets,
  ) {}

  async create(principal: UserPrincipal, input: ApiTokenInput): Promise<ApiTokenJson> {
    demandSession(principal);
    const title = (input.title ?? '').trim();
    const permissions = readPermissions(input.permissions);
    const expiresAt = readDate(input.expires_at, 'expires_at');
    const problems = [
      titleProblem(title),
      Object.keys(permissions).length === 0 ? 'permissions: non zero value required' : null,
      expiresAt === null ? 'expires_at: non zero value required' : null,
    ].filter((p): p is string => p !== null);
    if (problems.length > 0) throw invalidFields(problems);
    demandOwnOwner(principal, input.owner_id);
    const invalid = this.routes.permissions.invalidPermission(permissions);
    if (invalid) throw fail('invalidApiTokenPermission', [invalid.permission, invalid.group]);

    const secret = await newApiTokenSecret();
    const row = await this.repo.insert({
      title,
      salt: secret.salt,
      hash: secret.hash,
      lastEight: secret.lastEight,
      permissions: JSON.stringify(permissions),
      expiresAt: expiresAt as string,
      ownerId: principal.userId,
    });
    return serializeApiToken(row, secret.token);
  }

  async list(
    principal: UserPrincipal,
    q: { search: string; page: Page; ownerId?: number | null },
  ): Promise<{ tokens: ApiTokenJson[]; total: number }> {
    demandSession(principal);
    demandOwnOwner(principal, q.ownerId);
    const { rows, total } = await this.repo.listForOwner({
      ownerId: principal.userId,
      search: q.search,
      limit: q.page.limit,
      offset: q.page.offset,
    });
    return { tokens: rows.map((row) => serializeApiToken(row)), total };
  }

  /** Only the owner deletes a token; anyone else, like a missing token, gets 403 (as Vikunja). */
  async delete(principal: UserPrincipal, id: number): Promise<void> {
    demandSession(principal);
    const token = await this.repo.find(id);
    if (!token || token.owner_id !== principal.userId) throw fail('forbidden');
    await this.repo.delete(id);
  }

  /**
   * The owner a bearer `tk_…` token acts for on this route, or null: unknown token, wrong secret,
   * expired, owner not active, or the route not granted. Every failure looks the same to the
   * caller (401 code 11).
   */
  async holder(token: string, method: string, routePath: string): Promise<TokenHolder | null> {
    const access = this.routes.permissions.access(method, routePath);
    if (access.kind === 'never') return null;
    return this.#holderIf(token, (permissions) =>
      access.kind === 'grantable' ? grantsPermission(permissions, access.name) : true,
    );
  }

  /**
   * The owner of a token that grants one of the fixed catalogue entries outside /api/v1 (e.g.
   * `caldav.access` for /dav), or null on the same failures as `holder`.
   */
  holderGranted(token: string, group: string, permission: string): Promise<TokenHolder | null> {
    return this.#holderIf(token, (permissions) => grantsPermission(permissions, { group, permission }));
  }

  async #holderIf(
    token: string,
    grants: (permissions: ReturnType<typeof parseStoredPermissions>) => boolean,
  ): Promise<TokenHolder | null> {
    if (!looksLikeApiToken(token)) return null;
    const now = Date.now();
    for (const candidate of await this.repo.candidates(lastEight(token))) {
      if (!(await this.#proves(token, candidate.token_salt, candidate.token_hash))) continue;
      if (Date.parse(candidate.expires_at) <= now) return null;
      if (!grants(parseStoredPermissions(candidate.permissions))) return null;
      return { tokenId: candidate.token_id, owner: candidate.owner };
    }
    return null;
  }

  async #proves(token: string, salt: string, storedHash: string): Promise<boolean> {
    if (this.verified.has(token, storedHash)) return true;
    if (!sameHash(await hashApiToken(token, salt), storedHash)) return false;
    this.verified.remember(token, storedHash);
    return true;
  }
}

/** Tokens are managed with a session only: a token must not mint or delete tokens. */
function demandSession(principal: UserPrincipal): void {
  if (principal.apiTokenId !== undefined) throw fail('invalidToken');
}

/** Ordo has no bot users, so a token can only belong to the caller. */
function demandOwnOwner(principal: UserPrincipal, ownerId: number | null | undefined): void {
  if (ownerId && ownerId !== principal.userId) throw fail('botNotOwned');
}
