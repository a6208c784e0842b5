/**
 * What is done through a link sent by e-mail (reference §5.2): confirming the address of a new
 * account, and resetting a forgotten password. Links point at the web app with the token in a
 * query (`userEmailConfirm`, `userPasswordReset`), which hands it to these calls.
 */
import { displayName } from '@ordo/core';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database, UserRow } from '../../db/schema.js';
import { fail, httpError, invalidFields } from '../../http/api-error.js';
import type { BruteForceGuard } from '../brute-force/guard.js';
import type { Mailer } from '../mail/mailer.js';
import { type MailLog, reason } from '../task-mail/mail-log.js';
import type { UsersRepo } from '../users/repo.js';
import type { AccountTokensRepo } from './account-tokens-repo.js';
import { hashPassword } from './passwords.js';
import { emailProblem, passwordProblem } from './validation.js';

const STATUS_DISABLED = 2;

export class AccountMailService {
  constructor(
    private readonly config: Config,
    private readonly db: Kysely<Database>,
    private readonly users: UsersRepo,
    private readonly tokens: AccountTokensRepo,
    private readonly mailer: Mailer,
    private readonly guard: BruteForceGuard,
    /** A changed address is confirmed through the same call (account/email-change.ts). */
    private readonly emailChanges: { confirm(token: string): Promise<boolean> },
    /** Where failures of mails sent after the answer are written. */
    private readonly log: MailLog,
  ) {}

  /** New accounts must confirm their address when Ordo can send mail. */
  get confirmsEmail(): boolean {
    return this.mailer.enabled;
  }

  /**
   * Sends a new account (made with status 1) its confirmation link. When the mail cannot be sent
   * the account is removed again, so the address can register once more, and the caller is told.
   */
  async sendConfirmation(user: UserRow): Promise<void> {
    const token = await this.tokens.issue(user.id, 'email_confirm');
    try {
      await this.mailer.send({
        to: user.email,
        subject: `${displayName(user)}, please confirm your email address at Ordo`,
        text: [
          `Hi ${displayName(user)},`,
          '',
          'Welcome to Ordo! To confirm your email address, open this link:',
          '',
          this.link('userEmailConfirm', token),
          '',
          'The link works for 7 days. If you did not create an account, you can ignore this message.',
        ].join('\n'),
      });
    } catch (error) {
      await this.users.delete(user.id);
      throw httpError(
        503,
        `The confirmation email could not be sent (${(error as Error).message}). Please try again later.`,
      );
    }
  }

  /** Wrong tokens back off per client address (a token names no account until it is right). */
  async confirmEmail(token: string, ip: string): Promise<void> {
    if (!token) throw fail('invalidEmailConfirmToken');
    const attempt = await this.guard.begin({ ip });
    const userId = await this.tokens.redeem('email_confirm', token);
    if (userId === null) {
      if (!(await this.emailChanges.confirm(token))) throw fail('invalidEmailConfirmToken');
      await attempt.succeeded();
      return;
    }
    await attempt.succeeded();
    await this.users.confirmEmail(userId);
  }

  /**
   * Mails a reset link to the account with this address. Known, unknown or managed elsewhere, the
   * answer is the same and comes before the mail is sent, so neither the answer nor its timing
   * tells a stranger whether an address has an account. An account that signs in through LDAP or
   * OpenID Connect is told by mail where its password is kept instead. Every request counts
   * against the address it mails (so nobody can flood an inbox) and against the client address.
   */
  async requestPasswordReset(email: string, ip: string): Promise<void> {
    const address = email.trim();
    if (!address) throw fail('noUsernamePassword');
    if (emailProblem(address)) throw httpError(400, 'The email address is invalid.');
    if (!this.mailer.enabled) {
      throw httpError(503, 'This server cannot send mail, so passwords cannot be reset by email.');
    }
    await this.guard.begin({ account: `reset:${address.toLowerCase()}`, ip });
    const user = await this.users.findByEmail(address);
    if (!user) return;
    void this.mailResetLink(user).catch((error) =>
      this.log.warn(`The password-reset mail to user ${user.id} could not be sent: ${reason(error)}`),
    );
  }

  private async mailResetLink(user: UserRow): Promise<void> {
    if (user.issuer !== 'local') {
      await this.mailer.send({
        to: user.email,
        subject: 'Your password on Ordo',
        text: [
          `Hi ${displayName(user)},`,
          '',
          'Someone asked to reset the password of your Ordo account. Your account signs in through',
          `your organisation's login (${user.issuer === 'ldap' ? 'the directory' : user.issuer}), so its password is not kept by Ordo:`,
          'change it there. If you did not ask, you can ignore this message.',
        ].join('\n'),
      });
      return;
    }
    // A new link replaces any earlier one: only the newest mailed link works.
    const token = await this.db.transaction().execute(async (trx) => {
      const tokens = this.tokens.with(trx);
      await tokens.revokeAll(user.id, 'password_reset');
      return tokens.issue(user.id, 'password_reset');
    });
    await this.mailer.send({
      to: user.email,
      subject: 'Reset your password on Ordo',
      text: [
        `Hi ${displayName(user)},`,
        '',
        'To reset your password, open this link:',
        '',
        this.link('userPasswordReset', token),
        '',
        'The link works for 24 hours. If you did not ask for a new password, you can ignore this message.',
      ].join('\n'),
    });
  }

  /**
   * Sets the password of the token's owner, ends all their sessions and other reset links, and
   * activates an account that was locked or waiting for confirmation (the mail proves the address).
   */
  async resetPassword(token: string, newPassword: string, ip: string): Promise<void> {
    if (!token && !newPassword) throw fail('invalidModel');
    if (!token) throw fail('noPasswordResetToken');
    if (!newPassword) throw fail('noUsernamePassword');
    const problem = passwordProblem('new_password', newPassword);
    if (problem) throw invalidFields([problem]);
    const attempt = await this.guard.begin({ ip });
    const passwordHash = await hashPassword(newPassword);
    const userId = await this.db.transaction().execute(async (trx) => {
      const tokens = this.tokens.with(trx);
      const userId = await tokens.redeem('password_reset', token);
      if (userId === null) throw fail('invalidPasswordResetToken');
      const users = this.users.with(trx);
      const user = await users.findById(userId);
      if (!user) throw fail('invalidPasswordResetToken');
      if (user.status === STATUS_DISABLED) throw fail('accountDisabled');
      // Trivial for this account: refused before the token is used up (the transaction rolls back).
      const trivial = passwordProblem('new_password', newPassword, user);
      if (trivial) throw invalidFields([trivial]);
      await users.resetPassword(userId, passwordHash);
      await tokens.revokeAll(userId, 'password_reset');
      return userId;
    });
    await attempt.succeeded();
    // The mail proved the owner: the new password works at once, whoever guessed before.
    await this.guard.forget(`password:${userId}`, `totp:${userId}`);
  }

  private link(query: 'userEmailConfirm' | 'userPasswordReset', token: string): string {
    return `${this.config.publicUrl.replace(/\/?$/, '/')}?${query}=${encodeURIComponent(token)}`;
  }
}
