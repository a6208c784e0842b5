/**
 * The directory (LDAP) as login sees it: find the one entry a login name stands for, searching as
 * the service account (or anonymously), then check the password by binding as that entry. Each
 * login opens its own short connection and closes it again, so nothing is shared between logins.
 */
import { Client, type Entry, InvalidCredentialsError, SizeLimitExceededError } from 'ldapts';
import type { LdapConfig } from '../../config-ldap.js';
import { userFilterFor } from './ldap-filter.js';

export interface DirectoryEntry {
  dn: string;
  username: string;
  email: string;
  name: string;
}

/** The directory could not answer (down, unreachable, misconfigured); not the user's fault. */
export class DirectoryUnavailableError extends Error {}

const CONNECT_TIMEOUT_MS = 5_000;
const OPERATION_TIMEOUT_MS = 10_000;

/** An attribute's first value; names are matched ignoring case, as LDAP does. */
function firstValue(entry: Entry, attribute: string): string {
  const key = Object.keys(entry).find((k) => k.toLowerCase() === attribute.toLowerCase());
  const value = key === undefined ? undefined : entry[key];
  const first = Array.isArray(value) ? value[0] : value;
  return (first === undefined ? '' : first.toString()).trim();
}

export class LdapDirectory {
  constructor(private readonly config: LdapConfig) {}

  /**
   * The entry when the login name matches exactly one entry and the password binds as it; null
   * when there is no such entry, more than one, or the password is wrong.
   */
  async authenticate(login: string, password: string): Promise<DirectoryEntry | null> {
    // A bind with a DN and an empty password is an "unauthenticated bind" (RFC 4513 §5.1.2):
    // many directories answer it with success, as an anonymous bind. It must never log anyone in.
    if (!login || !password) return null;
    const client = new Client({
      url: this.config.url,
      connectTimeout: CONNECT_TIMEOUT_MS,
      timeout: OPERATION_TIMEOUT_MS,
      // Only for ldaps://: with any TLS option ldapts speaks TLS on plain ldap:// too.
      ...(this.config.url.startsWith('ldaps:')
        ? { tlsOptions: { rejectUnauthorized: this.config.tlsVerify } }
        : {}),
    });
    try {
      const entry = await this.find(client, login);
      if (!entry) return null;
      try {
        await client.bind(entry.dn, password);
      } catch (error) {
        if (error instanceof InvalidCredentialsError) return null;
        throw error;
      }
      return entry;
    } catch (error) {
      throw new DirectoryUnavailableError(
        `LDAP login at ${this.config.url} failed: ${(error as Error).message || String(error)}`,
        { cause: error },
      );
    } finally {
      await client.unbind().catch(() => undefined);
    }
  }

  private async find(client: Client, login: string): Promise<DirectoryEntry | null> {
    // Without a service account the search runs on the fresh, anonymous connection.
    if (this.config.bindDn) await client.bind(this.config.bindDn, this.config.bindPassword);
    const { attributes } = this.config;
    let searchEntries: Entry[];
    try {
      ({ searchEntries } = await client.search(this.config.baseDn, {
        scope: 'sub',
        filter: userFilterFor(this.config.userFilter, login),
        attributes: [attributes.username, attributes.email, attributes.displayName],
        // Two matches are as useless as none (whose password would it be?); two are enough to know.
        sizeLimit: 2,
      }));
    } catch (error) {
      if (error instanceof SizeLimitExceededError) return null;
      throw error;
    }
    if (searchEntries.length !== 1) return null;
    const [entry] = searchEntries;
    return {
      dn: entry.dn,
      username: firstValue(entry, attributes.username),
      email: firstValue(entry, attributes.email),
      name: firstValue(entry, attributes.displayName),
    };
  }
}
