/**
 * CalDAV tokens (reference §2.3 `/user/settings/token/caldav`, §3.16): a signed-in user makes,
 * lists and deletes the passwords their calendar apps sign in to /dav with. The cleartext is in
 * the create answer only; the database keeps its SHA-256.
 */
import { createHash, randomBytes } from 'node:crypto';
import { toApiDate } from '@ordo/core';
import { httpError } from '../../http/api-error.js';
import type { CaldavTokensRepo } from './tokens-repo.js';

export interface CaldavTokenJson {
  id: number;
  token?: string;
  created: string;
}

/** 64 characters from a URL- and header-safe alphabet, as long as Vikunja's. */
function newSecret(): string {
  return randomBytes(48).toString('base64url');
}

export function hashCaldavToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export class CaldavTokensService {
  constructor(private readonly repo: CaldavTokensRepo) {}

  async create(userId: number): Promise<Required<CaldavTokenJson>> {
    const token = newSecret();
    const row = await this.repo.insert(userId, hashCaldavToken(token));
    return { id: row.id, token, created: toApiDate(row.created) };
  }

  async list(userId: number): Promise<CaldavTokenJson[]> {
    return (await this.repo.listOfUser(userId)).map((row) => ({
      id: row.id,
      created: toApiDate(row.created),
    }));
  }

  /** Another user's token, like a missing one, is not found. */
  async delete(userId: number, id: number): Promise<void> {
    if (!(await this.repo.deleteOfUser(userId, id))) throw httpError(404, 'Not Found');
  }

  /** Is `secret` one of this user's CalDAV tokens? */
  holds(userId: number, secret: string): Promise<boolean> {
    return this.repo.userHolds(userId, hashCaldavToken(secret));
  }
}
