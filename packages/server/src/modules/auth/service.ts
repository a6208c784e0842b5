/** Registration, login, logout and token renewal. */

import { usernameProblem as usernameRule } from '@ordo/core';
import type { Config } from '../../config.js';
import type { UserRow } from '../../db/schema.js';
import { ApiError, fail, invalidFields } from '../../http/api-error.js';
import type { UserPrincipal } from '../../http/principal.js';
import { type BruteForceGuard, passwordAccount } from '../brute-force/guard.js';
import { UsersRepo } from '../users/repo.js';
import { ownUser } from '../users/serialize.js';
import type { AccountMailService } from './account-mail-service.js';
import type { LdapLogin } from './ldap-login.js';
import type { NewUserOnboarding } from './onboarding.js';
import { hashPassword, verifyPassword } from './passwords.js';
import type { SessionsRepo } from './sessions-repo.js';
import type { TokenSigner } from './tokens.js';
import type { TotpService } from './totp-service.js';
import { emailProblem, languageProblem, passwordProblem, usernameProblem } from './validation.js';

export interface RegisterInput {
  username?: string;
  email?: string;
  password?: string;
  language?: string | null;
}

export interface LoginInput {
  username?: string;
  password?: string;
  long_token?: boolean;
  totp_passcode?: string;
}

export interface ClientInfo {
  userAgent: string;
  ip: string;
}

export class AuthService {
  constructor(
    private readonly config: Config,
    private readonly users: UsersRepo,
    private readonly sessions: SessionsRepo,
    private readonly tokens: TokenSigner,
    private readonly onboarding?: NewUserOnboarding,
    private readonly accountMail?: AccountMailService,
    private readonly totp?: TotpService,
    private readonly ldap?: LdapLogin,
    private readonly guard?: BruteForceGuard,
  ) {}

  async register(input: RegisterInput) {
    const username = input.username ?? '';
    const email = (input.email ?? '').trim();
    const password = input.password ?? '';
    if (!username || !password || !email) throw fail('noUsernamePassword');
    const rule = usernameRule(username);
    if (rule === 'spaces') throw fail('usernameMustNotContainSpaces');
    if (rule === 'reserved') throw fail('usernameReserved');
    const problems = [
      usernameProblem(username),
      emailProblem(email),
      passwordProblem('password', password, { username, email }),
      input.language ? languageProblem(input.language) : null,
    ].filter((p): p is string => p !== null);
    if (problems.length > 0) throw invalidFields(problems);
    if (await this.users.findByUsername(username)) throw fail('usernameExists');
    if (await this.users.findByEmail(email)) throw fail('emailExists');

    const fields = {
      username,
      email,
      name: '',
      password_hash: await hashPassword(password),
      language: input.language ?? '',
      frontend_settings: null,
      default_project_id: null,
      // When Ordo can send mail, a new account waits for its address to be confirmed.
      ...(this.accountMail?.confirmsEmail ? { status: 1 } : {}),
    };
    const onboarding = this.onboarding;
    const row = onboarding
      ? await onboarding.db.transaction().execute(async (trx) => {
          const inserted = await new UsersRepo(trx).insert(fields);
          await onboarding.welcome(trx, inserted.id);
          return inserted;
        })
      : await this.users.insert(fields);
    if (row.status === 1) await this.accountMail?.sendConfirmation(row);
    return ownUser(row);
  }

  async login(input: LoginInput, client: ClientInfo): Promise<{ token: string }> {
    const login = input.username ?? '';
    const password = input.password ?? '';
    if (!login || !password) throw fail('noUsernamePassword');
    const attempt = await this.beginAttempt(login, client.ip);
    const user = await this.authenticate(login, password);
    await attempt?.succeeded();
    if (user.status === 1) throw fail('emailNotConfirmed');
    if (user.status === 2) throw fail('accountDisabled');
    if (user.status === 3) throw fail('accountLocked');
    await this.totp?.checkLogin(user, input.totp_passcode, client.ip);
    return this.startSession(user, input.long_token === true, client);
  }

  /**
   * Counts the login against the account (the user the name or address is, whether its password
   * is local or the directory's, else the name itself, so unknown names back off the same way)
   * and against the client address; throws 429 while either must wait.
   */
  private async beginAttempt(login: string, ip: string) {
    if (!this.guard?.enabled) return undefined;
    const known = await this.users.findByLogin(login);
    return this.guard.begin({ account: passwordAccount(known?.id, login), ip });
  }

  /** A new session and its token, for a user who proved who they are (here or at a provider). */
  async startSession(user: UserRow, long: boolean, client: ClientInfo): Promise<{ token: string }> {
    // Logins are where sessions start, so they also clear this user's expired ones.
    await this.sessions.deleteExpired(user.id, this.config.jwtTtl, this.config.jwtTtlLong);
    const sessionId = await this.sessions.create(user.id, long, client.userAgent, client.ip);
    return { token: await this.issue(user, sessionId, long) };
  }

  /**
   * The directory first, as Vikunja does. A name it does not know (or whose directory password
   * this is not) may still be a local account, so local accounts keep working beside LDAP, and
   * also while the directory is down; only when no local account takes the login either does the
   * user hear that the directory could not be asked.
   */
  private async authenticate(login: string, password: string): Promise<UserRow> {
    let directoryFailure: unknown = null;
    try {
      const user = await this.ldap?.authenticate(login, password);
      if (user) return user;
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 503)) throw error;
      directoryFailure = error;
    }
    try {
      return await this.localUser(login, password);
    } catch (error) {
      throw directoryFailure ?? error;
    }
  }

  private async localUser(login: string, password: string): Promise<UserRow> {
    const user = this.config.localAuth ? await this.users.findByLogin(login) : undefined;
    // Hash even when the user is unknown so timing does not reveal which usernames exist.
    const valid = await verifyPassword(password, user?.password_hash ?? DUMMY_HASH);
    if (!user || !valid) throw fail('wrongUsernameOrPassword');
    if (user.issuer !== 'local') throw fail('accountIsNotLocal');
    return user;
  }

  async logout(principal: UserPrincipal): Promise<void> {
    // An API token has no session to end (and never reaches /user routes).
    if (principal.sessionId) await this.sessions.delete(principal.sessionId);
  }

  /** A fresh token for the same session, keeping "remember me". */
  async renew(principal: UserPrincipal): Promise<{ token: string }> {
    const user = await this.users.findById(principal.userId);
    if (!user || !principal.sessionId) throw fail('invalidToken');
    await this.sessions.touch(principal.sessionId);
    return { token: await this.issue(user, principal.sessionId, principal.long) };
  }

  private issue(user: UserRow, sessionId: string, long: boolean): Promise<string> {
    return this.tokens.signUser({
      id: user.id,
      username: user.username,
      email: user.email,
      name: user.name,
      emailRemindersEnabled: !!user.email_reminders_enabled,
      isLocalUser: user.issuer === 'local',
      long,
      sid: sessionId,
    });
  }
}

/** A valid bcrypt hash of a random string, compared against when the login name is unknown. */
const DUMMY_HASH = '$2a$10$CwTycUXWue0Thq9StjUM0uJ8.Ej7Qh7JzT3s0XhLk1s0F3i9yqH6e';
