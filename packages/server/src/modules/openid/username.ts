/**
 * The username someone signing in through an OpenID Connect provider gets on their first visit:
 * their `preferred_username`, else the local part of their e-mail address (rules in
 * auth/external-username.ts).
 */
import { externalUsername } from '../auth/external-username.js';

export { usernameCandidates } from '../auth/external-username.js';

export function providerUsername(preferredUsername: string, email: string): string {
  return externalUsername(preferredUsername.trim() || email.slice(0, email.lastIndexOf('@')), 'user-');
}
