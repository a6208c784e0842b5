/**
 * Sign-in through an OpenID Connect provider (spec 1 §2, §4; reference §1.2, §2.2): the code the
 * browser brought back is exchanged at the provider, the person is found by (provider key,
 * subject) or gets an account of their own on their first visit, and a session starts exactly as
 * a password login's does. Such accounts have no password; the provider keeps their name,
 * e-mail and, when it sends them, their teams (external-teams.ts), which each sign-in brings over.
 */
import type { Config } from '../../config.js';
import type { UserRow } from '../../db/schema.js';
import { fail, httpError } from '../../http/api-error.js';
import type { NewUserOnboarding } from '../auth/onboarding.js';
import type { AuthService, ClientInfo } from '../auth/service.js';
import { isUniqueViolation } from '../tasks/repo.js';
import { UsersRepo } from '../users/repo.js';
import { exchangeCode } from './code-exchange.js';
import { readExternalTeams, syncExternalTeams } from './external-teams.js';
import { type ExternalIdentity, readIdentity } from './identity.js';
import type { OpenIdProviders } from './providers.js';
import type { OpenIdUsersRepo } from './repo.js';
import { providerUsername, usernameCandidates } from './username.js';

export interface OpenIdCallbackInput {
  code?: string;
  redirect_url?: string;
  scope?: string;
  totp_passcode?: string;
}

const STATUS_DISABLED = 2;
const STATUS_LOCKED = 3;
/** New accounts racing for the same username try again with the next free one. */
const CREATE_ATTEMPTS = 5;

export class OpenIdLoginService {
  constructor(
    private readonly config: Config,
    private readonly providers: OpenIdProviders,
    private readonly users: OpenIdUsersRepo,
    private readonly auth: AuthService,
    private readonly onboarding: NewUserOnboarding,
  ) {}

  async callback(providerKey: string, input: OpenIdCallbackInput, client: ClientInfo) {
    const discovery = this.providers.discovery(providerKey);
    if (!discovery) throw fail('openIdBadRequest', ['The OpenID Connect provider does not exist.']);
    const code = input.code?.trim() ?? '';
    if (!code) throw fail('openIdBadRequest', ['Please provide the authorization code.']);
    const provider = await discovery;
    if (!provider.ok) throw httpError(502, 'The OpenID Connect provider could not be reached.');
    // The address the provider sent the browser back to; the token request must name it again.
    const redirectUrl = input.redirect_url?.trim() || `${this.config.publicUrl}auth/openid/${providerKey}`;
    const claims = await exchangeCode(provider.client, code, redirectUrl);
    const merged = { ...claims.idToken, ...(claims.userInfo ?? {}) };
    // Read before any account is made, so a malformed teams claim changes nothing.
    const teams = readExternalTeams(merged);
    const user = await this.accountFor(providerKey, readIdentity(claims.idToken, claims.userInfo));
    if (user.status === STATUS_DISABLED) throw fail('accountDisabled');
    if (user.status === STATUS_LOCKED) throw fail('accountLocked');
    if (teams) await syncExternalTeams(this.onboarding.db, user.id, providerKey, teams);
    return this.auth.startSession(user, false, client);
  }

  /** The provider's sign-out address for a user of that provider, when one is configured. */
  logoutUrl(user: UserRow): string | undefined {
    return this.providers.settings(user.issuer)?.logoutUrl || undefined;
  }

  private async accountFor(providerKey: string, identity: ExternalIdentity): Promise<UserRow> {
    const existing = await this.users.find(providerKey, identity.subject);
    if (existing) return this.refreshProfile(existing, identity);
    const candidates = usernameCandidates(providerUsername(identity.preferredUsername, identity.email));
    for (let attempt = 1; ; attempt++) {
      let username = candidates.next().value as string;
      while (await this.users.usernameTaken(username)) username = candidates.next().value as string;
      try {
        return await this.create(providerKey, identity, username);
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= CREATE_ATTEMPTS) throw error;
        // Another account took the name meanwhile, or this person's first sign-in ran twice.
        const raced = await this.users.find(providerKey, identity.subject);
        if (raced) return raced;
      }
    }
  }

  private async refreshProfile(user: UserRow, identity: ExternalIdentity): Promise<UserRow> {
    // A provider that stops sending a name does not erase the one Ordo has.
    const profile = { name: identity.name || user.name, email: identity.email };
    if (profile.name === user.name && profile.email === user.email) return user;
    await this.users.updateProfile(user.id, profile);
    return { ...user, ...profile };
  }

  /** The account and its Inbox, in one transaction (as a registration makes them). */
  private create(providerKey: string, identity: ExternalIdentity, username: string): Promise<UserRow> {
    return this.onboarding.db.transaction().execute(async (trx) => {
      const row = await new UsersRepo(trx).insert({
        username,
        email: identity.email,
        name: identity.name,
        password_hash: '',
        issuer: providerKey,
        subject: identity.subject,
        language: '',
        frontend_settings: null,
        default_project_id: null,
      });
      await this.onboarding.welcome(trx, row.id);
      return row;
    });
  }
}
