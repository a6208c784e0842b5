/**
 * Directory (LDAP) login: the directory checks the password, Ordo keeps an account for the entry.
 * The account is known by issuer 'ldap' and the entry's DN (users.subject). The first login
 * creates it, with the Inbox every new account gets; every login brings its e-mail address and
 * display name up to date with the directory. It has no password of its own in Ordo.
 */
import type { UserRow } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import { isUniqueViolation } from '../tasks/repo.js';
import { UsersRepo } from '../users/repo.js';
import { type DirectoryEntry, DirectoryUnavailableError, type LdapDirectory } from './ldap-directory.js';
import { directoryUsername, usernameCandidates } from './ldap-username.js';
import type { NewUserOnboarding } from './onboarding.js';
import { emailProblem } from './validation.js';

export const LDAP_ISSUER = 'ldap';

/** Two first logins of one person at once both try to create the account; the loser looks again. */
const CREATE_ATTEMPTS = 3;

function directoryUnavailable(error: DirectoryUnavailableError): ApiError {
  // 503 without a catalogue code, like other "this server cannot do that right now" answers; the
  // cause (address, LDAP result) goes to the log through the error handler, not to the client.
  const apiError = new ApiError(
    503,
    undefined,
    'The login directory (LDAP) cannot be reached right now. Please try again later or ask your administrator.',
  );
  apiError.cause = error;
  return apiError;
}

export class LdapLogin {
  constructor(
    private readonly directory: LdapDirectory,
    private readonly onboarding: NewUserOnboarding,
  ) {}

  /** The account of the directory user with this login and password, or null when there is none. */
  async authenticate(login: string, password: string): Promise<UserRow | null> {
    let entry: DirectoryEntry | null;
    try {
      entry = await this.directory.authenticate(login, password);
    } catch (error) {
      throw error instanceof DirectoryUnavailableError ? directoryUnavailable(error) : error;
    }
    return entry ? this.accountFor(entry, login) : null;
  }

  private async accountFor(entry: DirectoryEntry, login: string): Promise<UserRow> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.onboarding.db
          .transaction()
          .execute((trx) => this.findOrCreate(new UsersRepo(trx), trx, entry, login));
      } catch (error) {
        if (attempt >= CREATE_ATTEMPTS || !isUniqueViolation(error)) throw error;
      }
    }
  }

  private async findOrCreate(
    users: UsersRepo,
    trx: NewUserOnboarding['db'],
    entry: DirectoryEntry,
    login: string,
  ): Promise<UserRow> {
    // An address the directory holds but Ordo could not send to is left out rather than stored.
    const email = emailProblem(entry.email) ? '' : entry.email;
    const existing = await users.findBySubject(LDAP_ISSUER, entry.dn);
    if (existing) {
      // Like Vikunja: what the directory leaves empty keeps the value Ordo has.
      const changes = {
        ...(email && email !== existing.email ? { email } : {}),
        ...(entry.name && entry.name !== existing.name ? { name: entry.name } : {}),
      };
      if (Object.keys(changes).length === 0) return existing;
      await users.update(existing.id, changes);
      return { ...existing, ...changes };
    }
    const row = await users.insert({
      username: await this.freeUsername(users, directoryUsername(entry.username, login)),
      email,
      name: entry.name,
      password_hash: '',
      issuer: LDAP_ISSUER,
      subject: entry.dn,
      language: '',
      frontend_settings: null,
      default_project_id: null,
    });
    await this.onboarding.welcome(trx, row.id);
    return row;
  }

  private async freeUsername(users: UsersRepo, base: string): Promise<string> {
    for (const candidate of usernameCandidates(base)) {
      if (!(await users.findByUsername(candidate))) return candidate;
    }
    throw new Error('unreachable: the candidates never run out');
  }
}
