/**
 * The search filter for one login: the configured template with every `%s` replaced by the login
 * name, escaped as RFC 4515 asks, so a name such as `*` or `)(uid=*` is looked for literally and
 * cannot widen the search (LDAP injection).
 */
import { Filter } from 'ldapts';

export function userFilterFor(template: string, login: string): string {
  return template.replaceAll('%s', Filter.escape(login));
}
