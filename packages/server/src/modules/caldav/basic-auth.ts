/**
 * Who a /dav request comes from (reference §1.2 "CalDAV and the Atom feed"): HTTP Basic with the
 * username and, as the password, one of
 * - an API token granting `caldav.access` whose owner has that username,
 * - one of the user's CalDAV tokens,
 * - the account password, unless two-factor login is on (a passcode cannot be sent this way).
 * Only active accounts get in. Any failure is the same 401, so nothing tells which part was wrong.
 * Failures back off per account and client address as wrong logins do (modules/brute-force),
 * sharing the account's count with POST /login: a 429 comes before any secret is checked.
 * A password proven with bcrypt is remembered for a few minutes (tokens/verified-secrets.ts):
 * calendar clients send it on every request, and bcrypt cost a PUT about 100 ms of CPU.
 */

import type { UserRow } from '../../db/schema.js';
import { verifyPassword } from '../auth/passwords.js';
import { type BruteForceGuard, passwordAccount } from '../brute-force/guard.js';
import { API_TOKEN_PREFIX } from '../tokens/secret.js';
import type { ApiTokensService } from '../tokens/service.js';
import { VerifiedSecrets } from '../tokens/verified-secrets.js';
import type { UsersRepo } from '../users/repo.js';
import type { CaldavRepo } from './repo.js';
import type { CaldavTokensService } from './tokens-service.js';

const ACTIVE = 0;

export interface BasicCredentials {
  username: string;
  password: string;
}

export function basicCredentials(header: string | undefined): BasicCredentials | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1] as string, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

export class CaldavAuthenticator {
  readonly #provenPasswords = new VerifiedSecrets();

  constructor(
    private readonly users: UsersRepo,
    private readonly caldavTokens: CaldavTokensService,
    private readonly apiTokens: ApiTokensService,
    private readonly repo: CaldavRepo,
    private readonly totpOn: boolean,
    private readonly guard: BruteForceGuard,
  ) {}

  /** The signed-in user, or null for wrong credentials; throws 429 while they must wait. */
  async user(credentials: BasicCredentials, ip: string): Promise<UserRow | null> {
    const { username, password } = credentials;
    if (!password) return null;
    const user = await this.users.findByUsername(username);
    const attempt = await this.guard.begin({ account: passwordAccount(user?.id, username), ip });
    const signedIn = await this.check(user, password);
    if (signedIn) await attempt.succeeded();
    return signedIn;
  }

  private async check(user: UserRow | undefined, password: string): Promise<UserRow | null> {
    if (!user || user.status !== ACTIVE) return null;
    if (password.startsWith(API_TOKEN_PREFIX)) {
      const holder = await this.apiTokens.holderGranted(password, 'caldav', 'access');
      return holder?.owner.id === user.id ? user : null;
    }
    if (await this.caldavTokens.holds(user.id, password)) return user;
    if (user.issuer !== 'local' || !user.password_hash) return null;
    if (this.totpOn && (await this.repo.hasTotp(user.id))) return null;
    return (await this.#passwordMatches(password, user.password_hash)) ? user : null;
  }

  async #passwordMatches(password: string, storedHash: string): Promise<boolean> {
    if (this.#provenPasswords.has(password, storedHash)) return true;
    if (!(await verifyPassword(password, storedHash))) return false;
    this.#provenPasswords.remember(password, storedHash);
    return true;
  }
}
