/**
 * Directory (LDAP) login settings, read with the rest of the configuration (config.ts). Unset
 * `ORDO_LDAP_URL` means LDAP is off; everything else is checked here once, at start, so a typo
 * stops the server instead of failing each login.
 */
import { FilterParser } from 'ldapts';

export interface LdapConfig {
  /** `ldap://host:port` or `ldaps://host:port` */
  url: string;
  /** Where users are searched (the whole subtree below it). */
  baseDn: string;
  /** The service account that searches; '' searches anonymously. */
  bindDn: string;
  bindPassword: string;
  /** A filter with `%s` where the escaped login name goes. */
  userFilter: string;
  attributes: { username: string; email: string; displayName: string };
  /** Check the ldaps:// server's certificate against the system's trusted authorities. */
  tlsVerify: boolean;
}

/** What Vikunja uses by default, so a directory set up for Vikunja works unchanged. */
export const DEFAULT_LDAP_USER_FILTER = '(&(objectclass=inetOrgPerson)(uid=%s))';

type Env = Record<string, string | undefined>;
type Problem = (message: string) => Error;

/** An attribute description (RFC 4512): a name such as `displayName`, or an OID. */
const ATTRIBUTE = /^([A-Za-z][A-Za-z0-9-]*|\d+(\.\d+)+)$/;

function attribute(env: Env, name: string, fallback: string, problem: Problem): string {
  const value = (env[name] ?? '').trim() || fallback;
  if (!ATTRIBUTE.test(value))
    throw problem(`${name} must be an LDAP attribute name such as ${fallback}, got "${value}"`);
  return value;
}

function ldapUrl(value: string, problem: Problem): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw problem(`ORDO_LDAP_URL must be an address such as ldaps://ldap.example.com, got "${value}"`);
  }
  if ((url.protocol !== 'ldap:' && url.protocol !== 'ldaps:') || !url.hostname) {
    throw problem(`ORDO_LDAP_URL must start with ldap:// or ldaps://, got "${value}"`);
  }
  if (url.pathname.replace(/^\//, '') || url.search) {
    throw problem(
      `ORDO_LDAP_URL names the server only (scheme, host, port); put the base DN in ORDO_LDAP_BASE_DN`,
    );
  }
  return `${url.protocol}//${url.host}`;
}

function balanced(filter: string): boolean {
  if (!filter.startsWith('(') || !filter.endsWith(')')) return false;
  let depth = 0;
  for (let index = 0; index < filter.length; index++) {
    if (filter[index] === '(') depth++;
    if (filter[index] === ')') depth--;
    // Closed before the end: "(a=1)(b=2)" is two filters, not one.
    if (depth < 0 || (depth === 0 && index < filter.length - 1)) return false;
  }
  return depth === 0;
}

function userFilter(value: string | undefined, problem: Problem): string {
  const filter = (value ?? '').trim() || DEFAULT_LDAP_USER_FILTER;
  if (!filter.includes('%s')) {
    throw problem(`ORDO_LDAP_USER_FILTER must contain %s where the login name goes, got "${filter}"`);
  }
  try {
    // ldapts's parser lets unbalanced parentheses through; in a filter every literal one is
    // escaped (\28, \29), so the bare ones must pair up.
    if (!balanced(filter)) throw new Error('unbalanced parentheses');
    FilterParser.parseString(filter.replaceAll('%s', 'name'));
  } catch (error) {
    throw problem(
      `ORDO_LDAP_USER_FILTER is not a valid LDAP filter (${(error as Error).message}): "${filter}"`,
    );
  }
  return filter;
}

/** `null` when ORDO_LDAP_URL is unset: no directory login. */
export function parseLdapConfig(
  env: Env,
  bool: (name: string, value: string | undefined, fallback: boolean) => boolean,
  problem: Problem,
): LdapConfig | null {
  const rawUrl = (env.ORDO_LDAP_URL ?? '').trim();
  if (!rawUrl) return null;
  const baseDn = (env.ORDO_LDAP_BASE_DN ?? '').trim();
  if (!baseDn)
    throw problem('ORDO_LDAP_BASE_DN must name where users are searched, e.g. ou=people,dc=example,dc=com');
  const bindDn = (env.ORDO_LDAP_BIND_DN ?? '').trim();
  const bindPassword = env.ORDO_LDAP_BIND_PASSWORD ?? '';
  // A DN without a password would be an unauthenticated bind, which most directories refuse.
  if (bindDn && !bindPassword)
    throw problem('ORDO_LDAP_BIND_DN is set, so ORDO_LDAP_BIND_PASSWORD must be set too');
  if (!bindDn && bindPassword) throw problem('ORDO_LDAP_BIND_PASSWORD is set without ORDO_LDAP_BIND_DN');
  return {
    url: ldapUrl(rawUrl, problem),
    baseDn,
    bindDn,
    bindPassword,
    userFilter: userFilter(env.ORDO_LDAP_USER_FILTER, problem),
    attributes: {
      username: attribute(env, 'ORDO_LDAP_ATTR_USERNAME', 'uid', problem),
      email: attribute(env, 'ORDO_LDAP_ATTR_EMAIL', 'mail', problem),
      displayName: attribute(env, 'ORDO_LDAP_ATTR_DISPLAY_NAME', 'displayName', problem),
    },
    tlsVerify: bool('ORDO_LDAP_TLS_VERIFY', env.ORDO_LDAP_TLS_VERIFY, true),
  };
}
