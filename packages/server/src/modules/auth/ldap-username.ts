/**
 * The username a directory user gets in Ordo on their first login: the entry's username
 * attribute, or the login name when the entry has none (rules in external-username.ts).
 */
import { externalUsername } from './external-username.js';

export { usernameCandidates } from './external-username.js';

export function directoryUsername(attributeValue: string, login: string): string {
  return externalUsername(attributeValue.trim() || login, 'ldap-');
}
