/**
 * The signed-in user's current password, asked for before changing it or the e-mail address,
 * turning two-factor login off, or deleting or exporting the account (spec 1 §5). A session alone
 * is not proof enough for these, so each check is a guess at the password like a login, and backs
 * off like one (modules/brute-force): it counts against the account (the count /login and CalDAV
 * share) and the client address. Past the free failures the next try must wait, and a try inside
 * the wait, the right password too, gets login's 429 with Retry-After before the password is
 * looked at. The right password clears the account's count, as a successful login does.
 */
import type { UserRow } from '../../db/schema.js';
import { fail } from '../../http/api-error.js';
import { verifyPassword } from '../auth/passwords.js';
import { type BruteForceGuard, passwordAccount } from '../brute-force/guard.js';

export class AccountPasswordCheck {
  constructor(private readonly guard: BruteForceGuard) {}

  /**
   * Throws 1011 unless `password` is the (local) account's password, and 429 while the account
   * or the client address `ip` must wait. A missing password is no guess and is not counted.
   */
  async demand(user: UserRow, password: string | undefined, ip: string): Promise<void> {
    if (!password) throw fail('wrongUsernameOrPassword');
    const attempt = await this.guard.begin({ account: passwordAccount(user.id, user.username), ip });
    if (!(await verifyPassword(password, user.password_hash))) throw fail('wrongUsernameOrPassword');
    await attempt.succeeded();
  }

  /**
   * Before acting on the whole account (deleting or exporting it): users who sign in elsewhere
   * (an OpenID provider, a directory) have no password here; for them the session is enough.
   */
  async demandIfLocal(user: UserRow, password: string | undefined, ip: string): Promise<void> {
    if (user.issuer !== 'local') return;
    await this.demand(user, password, ip);
  }
}
