/**
 * Changing one's e-mail address (reference §2.3 `POST /user/settings/email`, §5.5). When Ordo can
 * send mail, the new address waits in `pending_email` (and `GET /user` shows it) until the link
 * mailed to it is opened: `/user/confirm` takes that link's token like a new account's. Without
 * mail there is nothing to prove the address with, so it changes at once.
 */
import { displayName } from '@ordo/core';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { fail, httpError, invalidFields } from '../../http/api-error.js';
import type { UserPrincipal } from '../../http/principal.js';
import type { AccountTokensRepo } from '../auth/account-tokens-repo.js';
import { emailProblem } from '../auth/validation.js';
import type { Mailer } from '../mail/mailer.js';
import { webAppLink } from '../mail/web-app-link.js';
import { UsersRepo } from '../users/repo.js';
import type { AccountPasswordCheck } from './password-check.js';

export class EmailChangeService {
  constructor(
    private readonly config: Config,
    private readonly db: Kysely<Database>,
    private readonly tokens: AccountTokensRepo,
    private readonly mailer: Mailer,
    private readonly passwords: AccountPasswordCheck,
  ) {}

  /**
   * Answers whether the address changed at once (no mail) or waits for its link. The password is
   * checked as a login's is (`ip`: the client's address).
   */
  async request(
    principal: UserPrincipal,
    newEmail: string,
    password: string,
    ip: string,
  ): Promise<'changed' | 'pending'> {
    const users = new UsersRepo(this.db);
    const user = await users.findById(principal.userId);
    if (!user) throw fail('userDoesNotExist');
    if (user.issuer !== 'local') throw fail('accountIsNotLocal');
    await this.passwords.demand(user, password, ip);
    const address = newEmail.trim();
    const problem = emailProblem(address);
    if (problem) throw invalidFields([problem.replace(/^email:/, 'new_email:')]);
    const holder = await users.findByEmail(address);
    if (holder && holder.id !== user.id) throw fail('emailExists');

    if (!this.mailer.enabled || address.toLowerCase() === user.email.toLowerCase()) {
      await users.update(user.id, { email: address, pending_email: null });
      await this.tokens.revokeAll(user.id, 'email_change');
      return 'changed';
    }
    const token = await this.db.transaction().execute(async (trx) => {
      const tokens = this.tokens.with(trx);
      // Only the newest request counts: an older link would confirm an address no longer wanted.
      await tokens.revokeAll(user.id, 'email_change');
      await new UsersRepo(trx).update(user.id, { pending_email: address });
      return tokens.issue(user.id, 'email_change');
    });
    try {
      await this.mailer.send({
        to: address,
        subject: `${displayName(user)}, please confirm your new email address at Ordo`,
        text: [
          `Hi ${displayName(user)},`,
          '',
          `You asked to use this address for your Ordo account "${user.username}". To confirm it, open this link:`,
          '',
          webAppLink(this.config.publicUrl, 'userEmailConfirm', token),
          '',
          `Until then your account keeps ${user.email}. The link works for 7 days.`,
          'If you did not ask for this, you can ignore this message.',
        ].join('\n'),
      });
    } catch (error) {
      await users.update(user.id, { pending_email: null });
      await this.tokens.revokeAll(user.id, 'email_change');
      throw httpError(
        503,
        `The confirmation email could not be sent (${(error as Error).message}). Please try again later.`,
      );
    }
    return 'pending';
  }

  /**
   * Redeems a mailed change link: the pending address becomes the account's. False when the
   * token is not a live change link (the caller then says the token is invalid).
   */
  async confirm(token: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const userId = await this.tokens.with(trx).redeem('email_change', token);
      if (userId === null) return false;
      const users = new UsersRepo(trx);
      const user = await users.findById(userId);
      if (!user?.pending_email) throw fail('noPendingEmail');
      const holder = await users.findByEmail(user.pending_email);
      if (holder && holder.id !== user.id) throw fail('emailExists');
      await users.update(userId, { email: user.pending_email, pending_email: null });
      return true;
    });
  }
}
