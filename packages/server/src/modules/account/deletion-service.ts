/**
 * Deleting one's own account (spec 1 §4, §9; reference §2.3 `/user/deletion/*`): a request (with
 * the password for local users), a mailed link whose confirmation schedules the deletion three
 * days later, and a cancel (with the password) until then. The deletion itself is done by the
 * housekeeping sweep (account-removal.ts).
 *
 * Without mail there is no link to confirm; the request itself then schedules the deletion, after
 * the same password check, and the three days to cancel remain.
 */
import { displayName } from '@ordo/core';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { fail, httpError } from '../../http/api-error.js';
import type { UserPrincipal } from '../../http/principal.js';
import type { AccountTokensRepo } from '../auth/account-tokens-repo.js';
import type { Mailer } from '../mail/mailer.js';
import { webAppLink } from '../mail/web-app-link.js';
import { UsersRepo } from '../users/repo.js';
import type { AccountPasswordCheck } from './password-check.js';

/** Spec 1 §9: account deletion is effective after 3 days. */
export const DELETION_DELAY_MS = 3 * 24 * 60 * 60 * 1000;

const isoSeconds = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

export class AccountDeletionService {
  constructor(
    private readonly config: Config,
    private readonly db: Kysely<Database>,
    private readonly tokens: AccountTokensRepo,
    private readonly mailer: Mailer,
    private readonly passwords: AccountPasswordCheck,
  ) {}

  /** Answers whether a link was mailed ('mailed') or the deletion is scheduled already. */
  async request(
    principal: UserPrincipal,
    password: string | undefined,
    ip: string,
  ): Promise<'mailed' | 'scheduled'> {
    const user = await this.user(principal);
    await this.passwords.demandIfLocal(user, password, ip);
    if (!this.mailer.enabled) {
      await this.schedule(user.id);
      return 'scheduled';
    }
    await this.tokens.revokeAll(user.id, 'account_deletion');
    const token = await this.tokens.issue(user.id, 'account_deletion');
    try {
      await this.mailer.send({
        to: user.email,
        subject: 'Please confirm the deletion of your Ordo account',
        text: [
          `Hi ${displayName(user)},`,
          '',
          'You asked to delete your Ordo account. To confirm, open this link:',
          '',
          webAppLink(this.config.publicUrl, 'accountDeletionConfirm', token),
          '',
          'Three days after you confirm, your account is deleted with all projects you own, their',
          'tasks and files. You can cancel the deletion in the settings until then.',
          'The link works for 24 hours. If you did not ask for this, you can ignore this message.',
        ].join('\n'),
      });
    } catch (error) {
      await this.tokens.revokeAll(user.id, 'account_deletion');
      throw httpError(
        503,
        `The confirmation email could not be sent (${(error as Error).message}). Please try again later.`,
      );
    }
    return 'mailed';
  }

  /** The mailed link's token schedules the deletion of the signed-in user's own account. */
  async confirm(principal: UserPrincipal, token: string): Promise<void> {
    if (!token) throw fail('invalidDeletionToken');
    const owner = await this.tokens.owner('account_deletion', token);
    if (owner === null) throw fail('invalidDeletionToken');
    if (owner !== principal.userId) throw fail('deletionTokenOfAnotherUser');
    if ((await this.tokens.redeem('account_deletion', token)) !== principal.userId) {
      throw fail('invalidDeletionToken');
    }
    await this.schedule(principal.userId);
  }

  async cancel(principal: UserPrincipal, password: string | undefined, ip: string): Promise<void> {
    const user = await this.user(principal);
    await this.passwords.demandIfLocal(user, password, ip);
    await new UsersRepo(this.db).update(user.id, { deletion_scheduled_at: null });
    await this.tokens.revokeAll(user.id, 'account_deletion');
  }

  private async schedule(userId: number): Promise<void> {
    const when = isoSeconds(new Date(Date.now() + DELETION_DELAY_MS));
    await new UsersRepo(this.db).update(userId, { deletion_scheduled_at: when });
  }

  private async user(principal: UserPrincipal) {
    const user = await new UsersRepo(this.db).findById(principal.userId);
    if (!user) throw fail('userDoesNotExist');
    return user;
  }
}
